package io.ocelot.api.ignition;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Unit contents as Ignition reads them: its own table (coreos/ignition config/v3_5/types/
 * unit_test.go) and the deserializer's failure tables under it (coreos/go-systemd
 * unit/deserialize_test.go: TestDeserializeFail, TestDeserializeLineTooLong).
 */
class UnitContentsTest {
  @ParameterizedTest(name = "{2}")
  @CsvSource(
      delimiter = '|',
      value = {
        "[Foo]\\nQux=Bar|''|unit_test.go: valid",
        "[Foo|unable to find end of section|unit_test.go: no end of section",
        "''|''|unit_test.go: empty",
        "[Unit\\nDescription=Foo\\n|unable to find end of section|go-systemd: malformed header",
        "[Unit] pants\\nDescription=Foo\\n|found garbage after section name : \"pants\""
            + "|go-systemd: garbage after the header",
        "[Unit]\\nDescription\\n|unexpected newline encountered while parsing option name"
            + "|go-systemd: option without value",
        "[Unit]\\n<<<<<<\\nDescription=Foo\\n|unexpected newline encountered while parsing option"
            + " name|go-systemd: garbage inside a section",
        "[Unit]\\nDescription|EOF|go-systemd: an option name at the end",
        "Before=any section\\n[Unit]\\nA=b|''|text before the first section is skipped",
        "[Unit]\\n# a comment \\\\\\ncontinued=still a comment\\nA=b|''|a continued comment",
        "[Service]\\nExecStart=/bin/sh -c \\\\\\n  true\\n|''|a continued value",
      })
  void readsAsIgnitionDoes(String contents, String error, String name) {
    String text = contents.replace("\\n", "\n");
    Optional<String> expected =
        error.isEmpty() ? Optional.empty() : Optional.of("invalid unit content: " + error);
    assertThat(UnitContents.read(text).error()).as(name).isEqualTo(expected);
  }

  @Test
  void aLineOf2048BytesOrMoreIsTooLong() {
    String ok = "[Service]\nExecStart=/bin/echo " + "x".repeat(2000) + "\n";
    assertThat(UnitContents.read(ok).error()).isEmpty();
    for (String tooLong :
        List.of(
            "[S" + "e".repeat(2100) + "rvice]\n",
            "[Service]\nExecStart=/bin/bash -c \"echo " + ".".repeat(2050) + "\"\n",
            "[Service]\nExecStart=/usr/bin/run \\\n  -e \"FOO="
                + "BAR".repeat(700)
                + "\" \\\n"
                + "  busybox\n",
            "arbitrary and extraordinarily long line ".repeat(60),
            "[Service]\n" + "ExecStart".repeat(230) + "=/bin/true\n")) {
      assertThat(UnitContents.read(tooLong).error())
          .contains("invalid unit content: line too long (max 2048 bytes)");
    }
  }

  @Test
  void theSectionsAreFoundForTheInstallWarning() {
    assertThat(UnitContents.read("[Unit]\nA=b\n[Install]\nWantedBy=x\n").sections())
        .containsExactly("Unit", "Install");
    IgnitionResult r =
        IgnitionParser.parse(
            "{\"ignition\": {\"version\": \"3.5.0\"}, \"systemd\": {\"units\": [{\"name\":"
                + " \"a.service\", \"enabled\": true, \"contents\": \"[Service]\\nExecStart=/bin/true\"}]}}");
    assertThat(r).isInstanceOf(IgnitionResult.Valid.class);
    assertThat(r.problems())
        .extracting(Problem::toString)
        .containsExactly(
            "systemd.units[0].contents: unit \"a.service\" is enabled, but has no install section"
                + " so enable does nothing");
  }

  @Test
  void badContentsAreAnErrorAtTheirFieldPath() {
    IgnitionResult r =
        IgnitionParser.parse(
            "{\"ignition\": {\"version\": \"3.5.0\"}, \"systemd\": {\"units\": [{\"name\":"
                + " \"a.service\", \"dropins\": [{\"name\": \"x.conf\", \"contents\": \"[Foo\"}]}]}}");
    assertThat(r.problems())
        .extracting(Problem::toString)
        .containsExactly(
            "systemd.units[0].dropins[0].contents: invalid unit content: unable to find end of"
                + " section");
  }
}

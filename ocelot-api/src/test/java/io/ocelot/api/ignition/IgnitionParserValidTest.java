package io.ocelot.api.ignition;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import java.util.Optional;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class IgnitionParserValidTest {

  static IgnitionConfig valid(String json) {
    IgnitionResult r = IgnitionParser.parse(json);
    assertThat(r.problems()).filteredOn(Problem::isError).isEmpty();
    assertThat(r).isInstanceOf(IgnitionResult.Valid.class);
    return ((IgnitionResult.Valid) r).config();
  }

  static String gzipBase64(String text) throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (GZIPOutputStream gz = new GZIPOutputStream(bytes)) {
      gz.write(text.getBytes(StandardCharsets.UTF_8));
    }
    return Base64.getEncoder().encodeToString(bytes.toByteArray());
  }

  @ParameterizedTest
  @ValueSource(strings = {"3.0.0", "3.1.0", "3.2.0", "3.3.0", "3.4.0", "3.5.0"})
  void everyV3VersionParsesFilesUnitsAndUsers(String version) throws IOException {
    String json =
        """
        {"ignition": {"version": "%s"},
         "storage": {"files": [
           {"path": "/etc/a.conf", "mode": 384, "overwrite": true,
            "user": {"id": 1000}, "group": {"name": "wheel"},
            "contents": {"source": "data:text/plain;charset=utf-8;base64,aGVsbG8K"}},
           {"path": "/etc/b.conf", "contents": {"source": "data:,one%%20two%%0A"}},
           {"path": "/etc/c.conf", "contents": {"compression": "gzip",
            "source": "data:;base64,%s"}},
           {"path": "/etc/empty"}]},
         "systemd": {"units": [
           {"name": "kubelet.service", "enabled": true, "contents": "[Service]\\nExecStart=/bin/true\\n",
            "dropins": [{"name": "10-x.conf", "contents": "[Service]\\nNice=5\\n"}]},
           {"name": "foo.timer", "mask": true},
           {"name": "bar@.service", "enabled": false}]},
         "passwd": {"users": [{"name": "core", "sshAuthorizedKeys": ["ssh-ed25519 AAAA k1", "ssh-rsa BBBB k2"],
            "passwordHash": "$6$salt$hash"}]}}
        """
            .formatted(version, gzipBase64("compressed\n"));
    IgnitionConfig c = valid(json);

    assertThat(c.version()).contains(SpecVersion.parse(version).orElseThrow());
    assertThat(c.files()).hasSize(4);
    FileEntry a = c.file("/etc/a.conf").orElseThrow();
    assertThat(a.contents()).isEqualTo(Bytes.utf8("hello\n"));
    assertThat(a.mode()).isEqualTo(0600);
    assertThat(a.user()).isEqualTo(Owner.byId(1000));
    assertThat(a.group()).isEqualTo(Owner.byName("wheel"));
    assertThat(a.overwrite()).isTrue();
    assertThat(c.file("/etc/b.conf").orElseThrow().contents()).isEqualTo(Bytes.utf8("one two\n"));
    assertThat(c.file("/etc/b.conf").orElseThrow().mode()).isEqualTo(0644);
    assertThat(c.file("/etc/c.conf").orElseThrow().contents())
        .isEqualTo(Bytes.utf8("compressed\n"));
    assertThat(c.file("/etc/empty").orElseThrow().contents()).isEqualTo(Bytes.EMPTY);

    UnitEntry kubelet = c.unit("kubelet.service").orElseThrow();
    assertThat(kubelet.enabled()).contains(true);
    assertThat(kubelet.contents()).contains("[Service]\nExecStart=/bin/true\n");
    assertThat(kubelet.dropins())
        .containsExactly(new UnitEntry.Dropin("10-x.conf", Optional.of("[Service]\nNice=5\n")));
    assertThat(c.unit("foo.timer").orElseThrow().mask()).isTrue();
    assertThat(c.unit("bar@.service").orElseThrow().enabled()).contains(false);

    User core = c.passwd().user("core").orElseThrow();
    assertThat(core.sshAuthorizedKeys()).containsExactly("ssh-ed25519 AAAA k1", "ssh-rsa BBBB k2");
    assertThat(core.passwordHash()).contains("$6$salt$hash");
    assertThat(core.otherFields()).isEmpty();
  }

  @Test
  void version22TranslatesAppendEnableAndFilesystem() {
    String json =
        """
        {"ignition": {"version": "2.2.0"},
         "storage": {"files": [
           {"filesystem": "root", "path": "/etc/x", "mode": 420, "contents": {"source": "data:,first"}},
           {"filesystem": "root", "path": "/etc/x", "mode": 420, "contents": {"source": "data:,second"}},
           {"filesystem": "root", "path": "/etc/log", "append": true, "contents": {"source": "data:,line"}}]},
         "systemd": {"units": [{"name": "old.service", "enable": true, "contents": "[Unit]\\n"}]},
         "passwd": {"users": [{"name": "core", "sshAuthorizedKeys": ["ssh-rsa AAAA"]}]}}
        """;
    IgnitionResult r = IgnitionParser.parse(json);
    IgnitionConfig c = ((IgnitionResult.Valid) r).config();

    assertThat(c.file("/etc/x").orElseThrow().contents()).isEqualTo(Bytes.utf8("second"));
    assertThat(r.problems())
        .extracting(Problem::toString)
        .containsExactly(
            "storage.files[0].path: duplicate path \"/etc/x\" (also at storage.files[1].path);"
                + " the later entry wins");
    FileEntry log = c.file("/etc/log").orElseThrow();
    assertThat(log.append()).containsExactly(Bytes.utf8("line"));
    assertThat(log.contents()).isEqualTo(Bytes.EMPTY);
    assertThat(c.unit("old.service").orElseThrow().enabled()).contains(true);
  }

  @Test
  void emptyInputsAreTheEmptyConfig() {
    assertThat(valid("")).isEqualTo(IgnitionConfig.EMPTY);
    assertThat(valid("{}")).isEqualTo(IgnitionConfig.EMPTY);
    assertThat(valid("null")).isEqualTo(IgnitionConfig.EMPTY);
    assertThat(IgnitionParser.parse((com.fasterxml.jackson.databind.JsonNode) null))
        .isEqualTo(new IgnitionResult.Valid(IgnitionConfig.EMPTY, List.of()));
  }

  @Test
  void versionOnlyConfigHasNoEntries() {
    IgnitionConfig c = valid("{\"ignition\": {\"version\": \"3.4.0\"}}");
    assertThat(c.files()).isEmpty();
    assertThat(c.units()).isEmpty();
    assertThat(c.passwd()).isEqualTo(Passwd.EMPTY);
    assertThat(c.refused()).isEqualTo(RefusedSections.NONE);
  }

  @Test
  void refusedSectionsAreKeptCanonically() {
    IgnitionConfig c =
        valid(
            """
            {"ignition": {"version": "3.5.0"},
             "kernelArguments": {"shouldExist": ["nosmt"]},
             "storage": {"disks": [{"wipeTable": true, "device": "/dev/vdb"}],
                         "directories": [{"path": "/var/data"}],
                         "links": [],
                         "luks": [{"name": "data", "device": "/dev/vdb1"}]}}
            """);
    assertThat(c.refused().section(RefusedSections.DISKS))
        .contains("[{\"device\":\"/dev/vdb\",\"wipeTable\":true}]");
    assertThat(c.refused().section(RefusedSections.KERNEL_ARGUMENTS))
        .contains("{\"shouldExist\":[\"nosmt\"]}");
    assertThat(c.refused().section(RefusedSections.DIRECTORIES)).isPresent();
    assertThat(c.refused().section(RefusedSections.LUKS)).isPresent();
    assertThat(c.refused().section(RefusedSections.LINKS)).isEmpty();
  }

  @Test
  void otherUserFieldsAreRecordedButZeroValuesAreNot() {
    IgnitionConfig c =
        valid(
            """
            {"ignition": {"version": "3.5.0"},
             "passwd": {"users": [{"name": "core", "shell": "/bin/zsh", "homeDir": "",
                                   "system": false, "groups": []}]}}
            """);
    assertThat(c.passwd().user("core").orElseThrow().otherFields())
        .containsOnlyKeys("shell")
        .containsEntry("shell", "\"/bin/zsh\"");
  }

  @Test
  void unknownFieldsAreWarningsNotErrors() {
    IgnitionResult r =
        IgnitionParser.parse(
            """
            {"ignition": {"version": "3.5.0"},
             "storage": {"files": [{"path": "/etc/x", "overwirte": true}]}}
            """);
    assertThat(r).isInstanceOf(IgnitionResult.Valid.class);
    assertThat(r.problems())
        .containsExactly(Problem.warning("storage.files[0].overwirte", "unknown field (ignored)"));
  }

  @Test
  void verificationHashIsChecked() {
    // sha256 of "hello\n"
    String hash = "sha256-5891b5b522d5df086d0ff0b110fbd9d21bb4fc7163af34d08286a2e846f6be03";
    IgnitionConfig c =
        valid(
            """
            {"ignition": {"version": "3.5.0"},
             "storage": {"files": [{"path": "/etc/x", "contents": {
               "source": "data:;base64,aGVsbG8K", "verification": {"hash": "%s"}}}]}}
            """
                .formatted(hash));
    assertThat(c.file("/etc/x").orElseThrow().contents()).isEqualTo(Bytes.utf8("hello\n"));
  }

  @Test
  void fileContentsCompareByBytesNotEncoding() {
    IgnitionConfig base64 =
        valid(
            "{\"ignition\":{\"version\":\"3.5.0\"},\"storage\":{\"files\":[{\"path\":\"/etc/x\","
                + "\"contents\":{\"source\":\"data:;base64,aGVsbG8K\"}}]}}");
    IgnitionConfig percent =
        valid(
            "{\"ignition\":{\"version\":\"3.5.0\"},\"storage\":{\"files\":[{\"path\":\"/etc/x\","
                + "\"contents\":{\"source\":\"data:,hello%0A\"}}]}}");
    assertThat(base64.files()).isEqualTo(percent.files());
  }

  /**
   * Ignition (config/v3_5/types/node.go): an empty name is no name, so an id beside it is valid.
   */
  @Test
  void anOwnerWithAnIdAndAnEmptyNameIsTheId() {
    IgnitionResult r =
        IgnitionParser.parse(
            "{\"ignition\": {\"version\": \"3.5.0\"}, \"storage\": {\"files\": [{\"path\":"
                + " \"/etc/x\", \"user\": {\"id\": 1000, \"name\": \"\"}}]}}");
    assertThat(r.problems()).isEmpty();
    FileEntry f = ((IgnitionResult.Valid) r).config().files().get(0);
    assertThat(f.user()).isEqualTo(Owner.byId(1000));
  }
}

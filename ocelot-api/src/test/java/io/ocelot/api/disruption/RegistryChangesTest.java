package io.ocelot.api.disruption;

import static org.assertj.core.api.Assertions.assertThat;

import io.ocelot.api.ignition.Bytes;
import io.ocelot.api.ignition.FileEntry;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * When a registries.conf change may skip the drain. The table is MCO's (openshift/machine-config-
 * operator, pkg/daemon/drain_test.go, TestIsDrainRequired, its crio-reload rows): the same files,
 * old and new, and the same answers.
 */
class RegistryChangesTest {
  static final String SEARCH = "unqualified-search-registries = [\"example.com\", \"foo.com\"]\n";
  static final String REPO =
      "[[registry]]\nprefix = \"\"\nlocation = \"example.com/repo/test-img\"\n";
  static final String REPO1 =
      "[[registry]]\nprefix = \"\"\nlocation = \"example.com/repo1/test-img1\"\n";
  static final String BAR =
      "[[registry]]\nprefix = \"bar.com\"\nlocation = \"example.com/repo/test-img\"\n";

  static String mirror(String location, boolean digestOnly) {
    return "[[registry.mirror]]\nlocation = \""
        + location
        + "\"\n"
        + (digestOnly ? "pull-from-mirror = \"digest-only\"\n" : "");
  }

  static final Map<String, String> FILES =
      Map.ofEntries(
          Map.entry(
              "mc1",
              SEARCH
                  + REPO
                  + mirror("mirror.com/repo/test-img", false)
                  + REPO1
                  + mirror("mirror.com/repo1/test-img1", true)),
          Map.entry(
              "mc2",
              SEARCH
                  + REPO
                  + mirror("mirror.com/repo/test-img", false)
                  + REPO1
                  + mirror("mirror.com/repo1/test-img1", true)
                  + mirror("mirror1.com/repo1/test-img1", true)),
          Map.entry("mc3", SEARCH + REPO + mirror("mirror.com/repo/test-img", false)),
          Map.entry(
              "mc4",
              "unqualified-search-registries = [\"example.com\", \"foo.com\", \"bar.com\"]\n"
                  + REPO
                  + mirror("mirror.com/repo/test-img", true)),
          Map.entry("mc5", SEARCH + REPO + mirror("mirror.com/repo/test-img", true)),
          Map.entry("mc6", SEARCH + REPO + mirror("mirror.com/repo/test-img", true) + REPO1),
          Map.entry(
              "mc7",
              SEARCH
                  + REPO
                  + mirror("mirror.com/repo/test-img", true)
                  + REPO1
                  + mirror("mirror.com/repo1/test-img1", false)),
          Map.entry("mc8", SEARCH + BAR),
          Map.entry("mc9", SEARCH + BAR + "blocked = true\n"),
          Map.entry("mc10", SEARCH + REPO),
          Map.entry(
              "mc11",
              SEARCH
                  + "[[registry]]\nprefix = \"\"\nlocation = \"example.com/repo1/test-img\"\n"
                  + mirror("mirror.com/repo1/test-img", true)
                  + BAR
                  + "blocked = true\n"),
          Map.entry(
              "mc12",
              SEARCH
                  + REPO
                  + "mirror-by-digest-only = true\n"
                  + mirror("mirror.com/repo/test-img", false)),
          Map.entry(
              "mc13",
              SEARCH
                  + REPO
                  + "mirror-by-digest-only = true\n"
                  + mirror("mirror.com/repo/test-img", false)
                  + mirror("mirror.com/repo/test-img-13", false)));

  static Change<FileEntry> change(String before, String after) {
    return new Change<>(
        RegistryChanges.PATH,
        Optional.of(FileEntry.of(RegistryChanges.PATH, Bytes.utf8(FILES.get(before)))),
        Optional.of(FileEntry.of(RegistryChanges.PATH, Bytes.utf8(FILES.get(after)))));
  }

  @ParameterizedTest(name = "{0} -> {1}: drain {2}")
  @CsvSource(
      delimiter = '|',
      value = {
        "mc1|mc1|false|no change",
        "mc3|mc1|false|a registry added whose mirror pulls by digest only",
        "mc5|mc6|true|registry example.com/repo1/test-img1 was added without mirror-by-digest-only"
            + " = true",
        "mc1|mc3|true|registry example.com/repo1/test-img1 was removed",
        "mc1|mc2|false|a mirror added that pulls by digest only",
        "mc9|mc11|false|a digest-only registry added, the blocked one unchanged",
        "mc6|mc7|true|registry example.com/repo1/test-img1: mirror mirror.com/repo1/test-img1 was"
            + " added without pull-from-mirror = \"digest-only\"",
        "mc2|mc1|true|registry example.com/repo1/test-img1: mirror mirror1.com/repo1/test-img1"
            + " was removed",
        "mc4|mc3|true|an unqualified-search registry was removed",
        "mc3|mc4|false|an unqualified-search registry appended",
        "mc8|mc10|true|registry bar.com was removed",
        "mc8|mc9|true|registry bar.com: blocked changed",
        "mc1|mc6|true|registry example.com/repo1/test-img1: mirror mirror.com/repo1/test-img1 was"
            + " removed",
        "mc12|mc13|false|a mirror added to a registry that is mirror-by-digest-only",
      })
  void mcosTable(String before, String after, boolean drain, String why) {
    Optional<String> unsafe = RegistryChanges.unsafe(change(before, after));
    assertThat(unsafe.isPresent()).as(unsafe.orElse("safe")).isEqualTo(drain);
    if (drain) {
      assertThat(unsafe).contains(why);
    }
  }

  @Test
  void aFileThatIsNotTomlDrainsAndSaysWhy() {
    Change<FileEntry> c =
        new Change<>(
            RegistryChanges.PATH,
            Optional.empty(),
            Optional.of(FileEntry.of(RegistryChanges.PATH, Bytes.utf8("[[registry\n"))));
    assertThat(RegistryChanges.unsafe(c).orElseThrow())
        .startsWith("it does not read as registries.conf (");
  }

  @Test
  void theFirstFileAddedIsJudgedAgainstAnEmptyOne() {
    Change<FileEntry> c =
        new Change<>(
            RegistryChanges.PATH,
            Optional.empty(),
            Optional.of(FileEntry.of(RegistryChanges.PATH, Bytes.utf8(FILES.get("mc5")))));
    assertThat(RegistryChanges.unsafe(c)).isEmpty();
  }
}

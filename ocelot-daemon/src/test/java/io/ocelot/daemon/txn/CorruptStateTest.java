package io.ocelot.daemon.txn;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.ocelot.daemon.host.HostException;
import io.ocelot.daemon.host.RootedHostFiles;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** A state file the engine cannot read stops it with the file and the fix named, never a crash. */
class CorruptStateTest {
  @TempDir Path root;

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "marker.json|{\"phase\":\"PREP|not valid JSON: Unexpected end-of-input: was expecting closing quote",
        "marker.json|{\"phase\":\"PREP\"}|field phase: \"PREP\" is not one of STABLE, COMMITTED, REVERTING",
        "marker.json|''|expected a JSON object",
        "marker.json|[1]|expected a JSON object",
        "journal.jsonl|{\"journal\":1,\"phase\":\"PREPARING\",\"startedAt\":\"yesterday\"}|field"
            + " startedAt: \"yesterday\" is not a timestamp",
        "journal.jsonl|{\"phase\":\"PREPARING\"}|line 1: not a journal of this version",
        "journal.jsonl|''|no attempt line",
        "journal.jsonl|' '|line 1: expected a JSON object",
        "journal.json|{}|a journal in the whole-file form of earlier builds",
        "last-failure.json|{}|unknown phase",
      })
  void aCorruptFileIsAReportedConditionNamingTheFile(String file, String text, String why)
      throws Exception {
    Files.createDirectories(root.resolve("var/lib/ocelot"));
    // The journal's lines end in a newline; one without is a torn append and not read.
    Files.writeString(
        root.resolve("var/lib/ocelot").resolve(file), file.endsWith(".jsonl") ? text + "\n" : text);
    StateStore store = new StateStore(new RootedHostFiles(root), Checkpoint.NONE);

    assertThatThrownBy(() -> read(store, file))
        .isInstanceOf(HostException.class)
        .hasMessageStartingWith(
            "the engine's state file /var/lib/ocelot/" + file + " is corrupt (" + why)
        .hasMessageEndingWith(
            "); nothing on the host was changed: check the host, then move the file aside (for"
                + " example to /var/lib/ocelot/"
                + file
                + ".corrupt) and the engine starts from what the host shows");
  }

  @ParameterizedTest
  @CsvSource({"marker.json", "journal.jsonl"})
  void aDirectoryInPlaceOfAStateFileIsNoticed(String file) throws Exception {
    Files.createDirectories(root.resolve("var/lib/ocelot").resolve(file));
    StateStore store = new StateStore(new RootedHostFiles(root), Checkpoint.NONE);
    assertThatThrownBy(() -> read(store, file))
        .isInstanceOf(HostException.class)
        .hasMessageContaining("is corrupt (it is not a regular file)");
  }

  private static Object read(StateStore store, String file) throws HostException {
    return switch (file) {
      case "marker.json" -> store.marker();
      case "journal.json", "journal.jsonl" -> store.journal();
      default -> store.lastFailure();
    };
  }
}

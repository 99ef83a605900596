package io.ocelot.daemon.txn;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.ocelot.api.ignition.Bytes;
import io.ocelot.daemon.host.FileState;
import io.ocelot.daemon.host.HostException;
import io.ocelot.daemon.host.RootedHostFiles;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The journal is a log: each step appends, a replay gives the journal back, a torn tail is not. */
class JournalLogTest {
  @TempDir Path root;

  private final List<String> points = new ArrayList<>();

  private StateStore store() {
    return new StateStore(new RootedHostFiles(root), points::add);
  }

  private static Journal started() {
    return new Journal(
        "a-1",
        2,
        new Target("rendered-worker-1", Optional.empty()),
        new Target("rendered-worker-2", Optional.of("quay.io/x@sha256:2")),
        Journal.Phase.PREPARING,
        Instant.parse("2026-12-06T21:00:00Z"),
        Optional.of(new Journal.Origin("boot-1", "deployment-1")),
        List.of());
  }

  private static Journal.Entry fileStep(int i) {
    return new Journal.Entry(
        i,
        "write /etc/f" + i,
        Category.FILE,
        List.of(
            new Restoration.RestoreFile(
                "/etc/f" + i,
                Optional.of(new FileState.Regular(Bytes.utf8("old " + i), 0644, 0, 0)),
                List.of())),
        Journal.StepState.OBSERVED,
        Optional.empty());
  }

  @Test
  void replayingTheLinesGivesBackEveryStepItsStateAndThePhase() throws Exception {
    StateStore store = store();
    store.begin(started(), "journal:start");
    store.observed(fileStep(0), "journal:observed:0");
    store.stepState(fileStep(0).withState(Journal.StepState.APPLIED), "journal:applied:0");
    Journal.Entry staged =
        new Journal.Entry(
            1,
            "stage quay.io/x@sha256:2",
            Category.IMAGE,
            List.of(new Restoration.DiscardStaged()),
            Journal.StepState.OBSERVED,
            Optional.of("note"));
    store.observed(staged, "journal:observed:1");
    store.phase(Journal.Phase.COMMITTED, "journal:committed");

    Journal read = store.journal().orElseThrow();
    assertThat(read)
        .isEqualTo(
            started()
                .withPhase(Journal.Phase.COMMITTED)
                .withEntries(List.of(fileStep(0).withState(Journal.StepState.APPLIED), staged)));
    assertThat(read.ownsStagedSlot()).isTrue();
    assertThat(points)
        .containsExactly(
            "journal:start",
            "journal:observed:0",
            "journal:applied:0",
            "journal:observed:1",
            "journal:committed");
  }

  @Test
  void eachStepAppendsAboutTheSameBytesHoweverManyCameBefore() throws Exception {
    StateStore store = store();
    store.begin(started(), "journal:start");
    Path file = root.resolve("var/lib/ocelot/journal.jsonl");
    List<Long> growth = new ArrayList<>();
    for (int i = 0; i < 1000; i++) {
      long before = Files.size(file);
      store.observed(fileStep(i), "o");
      store.stepState(fileStep(i).withState(Journal.StepState.APPLIED), "a");
      growth.add(Files.size(file) - before);
    }
    // The step's own two lines: the first and the thousandth differ only by their digits.
    assertThat(growth.get(999) - growth.get(0)).isBetween(0L, 12L);
    assertThat(store.journal().orElseThrow().entries()).hasSize(1000);
  }

  @Test
  void anUnterminatedLastLineIsATornAppendAndIsNotRead() throws Exception {
    StateStore store = store();
    store.begin(started(), "journal:start");
    store.observed(fileStep(0), "journal:observed:0");
    Path file = root.resolve("var/lib/ocelot/journal.jsonl");
    Files.writeString(
        file,
        Files.readString(file) + "{\"index\":0,\"state\":\"APPL",
        java.nio.file.StandardOpenOption.TRUNCATE_EXISTING);

    assertThat(store.journal().orElseThrow().entries()).containsExactly(fileStep(0));
  }

  @Test
  void aLineThatContradictsTheOnesBeforeIsCorruptAndNamed() throws Exception {
    StateStore store = store();
    store.begin(started(), "journal:start");
    store.stepState(fileStep(3).withState(Journal.StepState.APPLIED), "journal:applied:3");
    assertThatThrownBy(store::journal)
        .isInstanceOf(HostException.class)
        .hasMessageStartingWith(
            "the engine's state file /var/lib/ocelot/journal.jsonl is corrupt (line 2: state of"
                + " unknown step 3)");

    store.begin(started(), "journal:start");
    store.observed(fileStep(1), "journal:observed:1");
    assertThatThrownBy(store::journal)
        .isInstanceOf(HostException.class)
        .hasMessageStartingWith(
            "the engine's state file /var/lib/ocelot/journal.jsonl is corrupt (line 2: step 1 out"
                + " of order)");
  }

  @Test
  void aNewAttemptReplacesTheLogWhole() throws Exception {
    StateStore store = store();
    store.begin(started(), "journal:start");
    store.observed(fileStep(0), "journal:observed:0");
    store.begin(started(), "journal:start");
    assertThat(store.journal()).contains(started());
    store.clearJournal("journal:cleared");
    assertThat(store.journal()).isEmpty();
  }
}

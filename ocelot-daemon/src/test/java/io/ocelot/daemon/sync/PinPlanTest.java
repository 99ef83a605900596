package io.ocelot.daemon.sync;

import static org.assertj.core.api.Assertions.assertThat;

import io.ocelot.api.model.McnPinnedImageSet;
import io.ocelot.api.node.PinnedSets;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class PinPlanTest {
  static final Instant T0 = Instant.parse("2026-12-07T10:00:00Z");
  static final PinnedSets ASKED = PinnedSets.parse("a=2,b=1");
  static final Optional<Long> DISK = Optional.of(20L << 30);

  @Test
  void anAskNeverAnsweredIsPinned() {
    assertThat(PinPlan.decide(ASKED, Optional.empty(), false, DISK, T0))
        .isEqualTo(new PinPlan.Pin(ASKED));
  }

  @Test
  void anAnsweredAskCostsNothingAndANewGenerationIsPinnedAgain() {
    Optional<PinPlan.Outcome> ok = Optional.of(new PinPlan.Outcome(ASKED, true, T0, DISK));
    assertThat(PinPlan.decide(ASKED, ok, true, DISK, T0.plusSeconds(600)))
        .isInstanceOf(PinPlan.Nothing.class);
    PinnedSets next = PinnedSets.parse("a=3,b=1");
    assertThat(PinPlan.decide(next, ok, true, DISK, T0)).isEqualTo(new PinPlan.Pin(next));
  }

  @Test
  void aFailureIsRetriedAfterItsInterval() {
    Optional<PinPlan.Outcome> failed = Optional.of(new PinPlan.Outcome(ASKED, false, T0, DISK));
    assertThat(PinPlan.decide(ASKED, failed, false, DISK, T0.plusSeconds(10)))
        .isEqualTo(new PinPlan.Wait());
    assertThat(PinPlan.decide(ASKED, failed, false, DISK, T0.plus(PinPlan.RETRY)))
        .isEqualTo(new PinPlan.Pin(ASKED));
    // The disk was freed (the kubelet reports more): at once.
    assertThat(PinPlan.decide(ASKED, failed, false, Optional.of(100L << 30), T0.plusSeconds(10)))
        .isEqualTo(new PinPlan.Pin(ASKED));
  }

  @Test
  void noSetsUnpinsOnlyWhatWasPinned() {
    PinnedSets none = PinnedSets.parse("");
    assertThat(PinPlan.decide(none, Optional.empty(), false, DISK, T0))
        .isInstanceOf(PinPlan.Nothing.class);
    // A restarted daemon knows no outcome: the drop-in on disk says there is something to undo.
    assertThat(PinPlan.decide(none, Optional.empty(), true, DISK, T0))
        .isInstanceOf(PinPlan.Unpin.class);
    assertThat(
            PinPlan.decide(
                none, Optional.of(new PinPlan.Outcome(ASKED, true, T0, DISK)), false, DISK, T0))
        .isInstanceOf(PinPlan.Unpin.class);
    assertThat(
            PinPlan.decide(
                none, Optional.of(new PinPlan.Outcome(none, true, T0, DISK)), false, DISK, T0))
        .isInstanceOf(PinPlan.Nothing.class);
  }

  @Test
  void theDropInListsEachImageOnceInOrderAsMcosEncoderWritesIt() {
    List<String> images =
        PinPlan.images(
            Map.of(
                "a",
                List.of("q.io/b@sha256:2", " q.io/a@sha256:1"),
                "b",
                List.of("q.io/b@sha256:2")));
    assertThat(images).containsExactly("q.io/a@sha256:1", "q.io/b@sha256:2");
    assertThat(PinPlan.dropIn(images))
        .isEqualTo(
            "[crio]\n  [crio.image]\n    pinned_images = [\"q.io/a@sha256:1\", \"q.io/b@sha256:2\"]\n");
  }

  @Test
  void storageIsCheckedAsMcoDoesAndTheRefusalSaysNothingWasPulled() {
    long gib = 1L << 30;
    assertThat(PinPlan.storageProblem(Optional.empty(), 0, 1, "w1"))
        .contains("node w1 has no ephemeral storage capacity");
    assertThat(PinPlan.storageProblem(Optional.of(10 * gib), 0, 1, "w1"))
        .contains(
            "storage available is less than minimum required capacity: "
                + 10 * gib
                + ", required: "
                + 16 * gib);
    assertThat(PinPlan.storageProblem(Optional.of(20 * gib), 4 * gib, 2, "w1"))
        .hasValueSatisfying(
            m ->
                assertThat(m)
                    .startsWith("storage available is less than minimum required: pulling 2 images")
                    .endsWith("nothing was pulled"));
    assertThat(PinPlan.storageProblem(Optional.of(100 * gib), 4 * gib, 2, "w1")).isEmpty();
  }

  @Test
  void entriesKeepWhatWasPinnedUntilTheNewGenerationIs() {
    List<McnPinnedImageSet> before = List.of(new McnPinnedImageSet("a", 1L, 1L, null, null));
    List<McnPinnedImageSet> pulling =
        PinPlan.entries(Map.of("a", 2L, "b", 1L), before, false, Optional.empty());
    assertThat(pulling)
        .containsExactly(
            new McnPinnedImageSet("a", 1L, 2L, null, null),
            new McnPinnedImageSet("b", null, 1L, null, null));
    List<McnPinnedImageSet> failed =
        PinPlan.entries(Map.of("a", 2L), pulling, false, Optional.of("disk full"));
    assertThat(failed).containsExactly(new McnPinnedImageSet("a", 1L, 2L, 2L, "disk full"));
    List<McnPinnedImageSet> done = PinPlan.entries(Map.of("a", 2L), failed, true, Optional.empty());
    // The last failure stays on record, as upstream keeps it; current reaches desired.
    assertThat(done).containsExactly(new McnPinnedImageSet("a", 2L, 2L, 2L, "disk full"));
    assertThat(done.get(0).done()).isTrue();
    // A set deleted and created again starts at generation 1: nothing above it is kept.
    assertThat(PinPlan.entries(Map.of("a", 1L), done, false, Optional.empty()))
        .containsExactly(new McnPinnedImageSet("a", null, 1L, null, null));
  }
}

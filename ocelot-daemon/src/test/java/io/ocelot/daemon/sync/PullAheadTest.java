package io.ocelot.daemon.sync;

import static org.assertj.core.api.Assertions.assertThat;

import io.ocelot.api.node.NodeAnnotations;
import io.ocelot.api.node.StageAheadStatus;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** What the daemon does with the controller's stage-ahead ask, by what the node says. */
class PullAheadTest {
  private static final String BOOTED = "quay.io/fcos@sha256:" + "0".repeat(64);
  private static final String NEXT = "registry.local/layered@sha256:" + "2".repeat(64);

  private static PullAhead.Decision decide(String ask, StageAheadStatus status) throws Exception {
    Map<String, String> a = new HashMap<>();
    if (ask != null) {
      a.put(NodeAnnotations.STAGE_AHEAD, ask);
    }
    if (status != null) {
      a.put(NodeAnnotations.STAGE_AHEAD_STATUS, status.value());
    }
    return PullAhead.decide(a, () -> Optional.of(BOOTED));
  }

  @Test
  void withoutAnAskNothingHappensAndTheHostIsNotAsked() throws Exception {
    assertThat(
            PullAhead.decide(
                Map.of(),
                () -> {
                  throw new AssertionError("the host was asked");
                }))
        .isInstanceOf(PullAhead.Nothing.class);
    assertThat(decide("", null)).isInstanceOf(PullAhead.Nothing.class);
  }

  @Test
  void anAnswerLeftWithoutItsAskIsCleared() throws Exception {
    assertThat(decide(null, StageAheadStatus.pulled(NEXT))).isInstanceOf(PullAhead.Clear.class);
  }

  @Test
  void aNewAskIsPulledAndAnAnsweredOneIsNot() throws Exception {
    assertThat(decide(NEXT, null)).isEqualTo(new PullAhead.Pull(NEXT));
    assertThat(decide(NEXT, StageAheadStatus.pulled(NEXT))).isInstanceOf(PullAhead.Nothing.class);
    assertThat(decide(NEXT, StageAheadStatus.failed(NEXT, "no registry")))
        .isInstanceOf(PullAhead.Nothing.class);
    // An answer about another image is not one: the ask changed.
    assertThat(decide(NEXT, StageAheadStatus.pulled(BOOTED))).isEqualTo(new PullAhead.Pull(NEXT));
  }

  @Test
  void aPullLeftUnderWayByAStoppedDaemonIsPulledAgain() throws Exception {
    assertThat(decide(NEXT, StageAheadStatus.pulling(NEXT))).isEqualTo(new PullAhead.Pull(NEXT));
  }

  @Test
  void theBootedImageNeedsNoPullAndAnInvalidReferenceNoTool() throws Exception {
    assertThat(decide(BOOTED, null))
        .isEqualTo(new PullAhead.Answer(StageAheadStatus.pulled(BOOTED)));
    PullAhead.Decision bad = decide("Not An Image!", null);
    assertThat(bad).isInstanceOf(PullAhead.Answer.class);
    StageAheadStatus s = ((PullAhead.Answer) bad).status();
    assertThat(s.phase()).isEqualTo(StageAheadStatus.Phase.Failed);
    assertThat(s.why()).startsWith("not a valid image reference: ");
  }
}

package io.ocelot.controller.rollout;

import static org.assertj.core.api.Assertions.assertThat;

import io.ocelot.api.node.NodeAnnotations;
import io.ocelot.api.node.StageAheadStatus;
import io.ocelot.controller.members.PoolNode;
import io.ocelot.testing.ManualClock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A node starts once its pull ahead is answered; a daemon that never answers is not waited for. */
class PullGateTest {
  static final String IMAGE = StageAheadPlanTest.IMAGE;
  static final String ASK = NodeAnnotations.STAGE_AHEAD;
  static final String STATUS = NodeAnnotations.STAGE_AHEAD_STATUS;

  final ManualClock clock = ManualClock.at(Instant.parse("2026-12-07T08:00:00Z"));
  final PullGate gate = new PullGate(clock);
  final Rollout.Staging staging = new Rollout.Staging(IMAGE, 10, n -> n.name().equals("on"));

  @Test
  void answeredPullsStartAndPullsUnderWayOrNotYetAskedWait() {
    List<PoolNode> nodes =
        List.of(
            StageAheadPlanTest.waiting("pulled", ASK, IMAGE, STATUS, pulled()),
            StageAheadPlanTest.waiting(
                "failed", ASK, IMAGE, STATUS, StageAheadStatus.failed(IMAGE, "no").value()),
            StageAheadPlanTest.waiting(
                "pulling", ASK, IMAGE, STATUS, StageAheadStatus.pulling(IMAGE).value()),
            StageAheadPlanTest.waiting("unasked"),
            StageAheadPlanTest.waiting(
                "other", ASK, IMAGE, STATUS, StageAheadStatus.pulled("elsewhere/x:1").value()),
            StageAheadPlanTest.waiting("on"),
            StageAheadPlanTest.node("stuck", "rendered-worker-x", "Degraded"));
    var ready = gate.ready(nodes, staging);
    assertThat(nodes.stream().filter(ready).map(PoolNode::name))
        .containsExactly("pulled", "failed", "on", "stuck");
    assertThat(PullGate.pulling(nodes, IMAGE)).isEqualTo(2); // "pulling" and "other"
  }

  @Test
  void anAskNobodyAnswersIsWaitedForFiveMinutesAPullUnderWayLonger() {
    List<PoolNode> nodes =
        List.of(
            StageAheadPlanTest.waiting("silent", ASK, IMAGE),
            StageAheadPlanTest.waiting(
                "pulling", ASK, IMAGE, STATUS, StageAheadStatus.pulling(IMAGE).value()));
    assertThat(nodes.stream().filter(gate.ready(nodes, staging))).isEmpty();
    clock.advance(PullGate.UNANSWERED.minus(Duration.ofSeconds(1)));
    assertThat(nodes.stream().filter(gate.ready(nodes, staging))).isEmpty();
    clock.advance(Duration.ofSeconds(1));
    assertThat(nodes.stream().filter(gate.ready(nodes, staging)).map(PoolNode::name))
        .containsExactly("silent");
  }

  private static String pulled() {
    return StageAheadStatus.pulled(IMAGE).value();
  }
}

package io.ocelot.controller.policy;

import static io.ocelot.controller.members.Nodes.node;
import static io.ocelot.controller.members.Nodes.with;
import static org.assertj.core.api.Assertions.assertThat;

import io.ocelot.api.model.MachineConfigPoolStatus;
import io.ocelot.api.model.PoolConditionType;
import io.ocelot.api.node.NodeAnnotations;
import io.ocelot.controller.members.PoolNode;
import io.ocelot.controller.members.PoolTarget;
import io.ocelot.controller.pool.PoolStatusCalculator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class StopTheLineTest {
  static final PoolTarget R2 = new PoolTarget("rendered-worker-2", Optional.empty());
  static final String REASON = "health check 20-kubelet.sh failed after boot into I2: exit 1";

  static PoolNode failed(String name) {
    return with(
        node(name, "rendered-worker-1", "rendered-worker-2", "Degraded"),
        NodeAnnotations.REASON,
        REASON);
  }

  static List<PoolNode> pool() {
    return List.of(
        failed("worker-0"),
        node("worker-1", "rendered-worker-2", "rendered-worker-2", "Done"),
        node("worker-2", "rendered-worker-1", "rendered-worker-2", "Working"),
        node("worker-3", "rendered-worker-1", "rendered-worker-1", "Done"));
  }

  @Test
  void oneNodeFailingTheTargetHaltsItsRolloutAndSaysHowToResume() {
    StopTheLine.Halt halt = StopTheLine.evaluate(pool(), R2, 1, Optional.empty()).orElseThrow();
    assertThat(halt.nodes()).containsExactly(new StopTheLine.Failed("worker-0", REASON));
    assertThat(halt.resumeValue()).isEqualTo("rendered-worker-2:worker-0");
    assertThat(halt.message("worker"))
        .isEqualTo(
            "Rollout of MachineConfig rendered-worker-2 halted: 1 node failed to take it"
                + " (maxFailedNodes 1): worker-0: \"health check 20-kubelet.sh failed after boot"
                + " into I2: exit 1\". Nodes not yet started keep their config. Resume with"
                + " 'ocelot rollout resume worker' or 'kubectl annotate mcp worker"
                + " ocelot.io/rollout-resumed=rendered-worker-2:worker-0 --overwrite', or change"
                + " the target");
  }

  @Test
  void theResumeValueIsReadBackFromTheMessage() {
    StopTheLine.Halt halt = StopTheLine.evaluate(pool(), R2, 1, Optional.empty()).orElseThrow();
    assertThat(StopTheLine.resumeValueIn(halt.message("worker"))).contains(halt.resumeValue());
    assertThat(StopTheLine.resumeValueIn("some other message")).isEmpty();
  }

  @Test
  void belowTheLimitOrTurnedOffItDoesNotHalt() {
    assertThat(StopTheLine.evaluate(pool(), R2, 2, Optional.empty())).isEmpty();
    assertThat(StopTheLine.evaluate(pool(), R2, 0, Optional.empty())).isEmpty();
  }

  @Test
  void aResumeAcknowledgesTheNodesItNamesForThatTargetOnly() {
    assertThat(StopTheLine.evaluate(pool(), R2, 1, Optional.of("rendered-worker-2:worker-0")))
        .isEmpty();
    // Another failure after the resume halts again, naming only the new node.
    List<PoolNode> more =
        List.of(
            failed("worker-0"),
            failed("worker-2"),
            node("worker-3", "rendered-worker-1", "rendered-worker-1", "Done"));
    assertThat(
            StopTheLine.evaluate(more, R2, 1, Optional.of("rendered-worker-2:worker-0"))
                .orElseThrow()
                .nodes())
        .extracting(StopTheLine.Failed::node)
        .containsExactly("worker-2");
    // A resume of an older target counts for nothing.
    assertThat(StopTheLine.evaluate(pool(), R2, 1, Optional.of("rendered-worker-1:worker-0")))
        .isPresent();
  }

  @Test
  void aLayeredTargetIsNamedWithItsImage() {
    String image = "registry.local/layered@sha256:" + "2".repeat(64);
    PoolTarget layered = new PoolTarget("rendered-worker-2", Optional.of(image));
    PoolNode n = with(failed("worker-0"), NodeAnnotations.DESIRED_IMAGE, image);
    StopTheLine.Halt halt =
        StopTheLine.evaluate(List.of(n), layered, 1, Optional.empty()).orElseThrow();
    assertThat(halt.resumeValue()).isEqualTo("rendered-worker-2@" + image + ":worker-0");
    assertThat(StopTheLine.evaluate(List.of(n), layered, 1, Optional.of(halt.resumeValue())))
        .isEmpty();
    // A node failing the same config without the image is not failing this target.
    assertThat(StopTheLine.evaluate(List.of(failed("worker-0")), layered, 1, Optional.empty()))
        .isEmpty();
    // An image-only update (opting into layering: the config stays) that fails counts.
    PoolNode imageOnly =
        with(
            with(
                node("worker-1", "rendered-worker-2", "rendered-worker-2", "Degraded"),
                NodeAnnotations.DESIRED_IMAGE,
                image),
            NodeAnnotations.REASON,
            REASON);
    assertThat(StopTheLine.evaluate(List.of(imageOnly), layered, 1, Optional.empty())).isPresent();
  }

  @Test
  void nodesDegradedOnTheirOwnConfigDoNotHaltTheRollout() {
    PoolNode drifted =
        with(
            node("worker-1", "rendered-worker-2", "rendered-worker-2", "Degraded"),
            NodeAnnotations.REASON,
            "content mismatch");
    assertThat(StopTheLine.evaluate(List.of(drifted), R2, 1, Optional.empty())).isEmpty();
  }

  @Test
  void theConditionIsAddedWhileHaltedAndKeptFalseAfterwards() {
    PoolStatusCalculator.Input first = input(Optional.empty());
    MachineConfigPoolStatus plain =
        PoolStatusCalculator.withHalt(
            PoolStatusCalculator.calculate(first), Optional.empty(), first);
    assertThat(plain.getConditions())
        .noneMatch(c -> c.getType().equals(PoolConditionType.ROLLOUT_HALTED));

    MachineConfigPoolStatus halted =
        PoolStatusCalculator.withHalt(
            PoolStatusCalculator.calculate(first), Optional.of("halted: worker-0"), first);
    assertThat(halted.getConditions())
        .filteredOn(c -> c.getType().equals(PoolConditionType.ROLLOUT_HALTED))
        .singleElement()
        .satisfies(
            c -> {
              assertThat(c.getStatus()).isEqualTo("True");
              assertThat(c.getReason()).isEqualTo("NodesFailedTarget");
              assertThat(c.getMessage()).isEqualTo("halted: worker-0");
            });

    PoolStatusCalculator.Input next = input(Optional.of(halted));
    MachineConfigPoolStatus resumed =
        PoolStatusCalculator.withHalt(PoolStatusCalculator.calculate(next), Optional.empty(), next);
    assertThat(resumed.getConditions())
        .filteredOn(c -> c.getType().equals(PoolConditionType.ROLLOUT_HALTED))
        .singleElement()
        .satisfies(c -> assertThat(c.getStatus()).isEqualTo("False"));
  }

  static PoolStatusCalculator.Input input(Optional<MachineConfigPoolStatus> previous) {
    return new PoolStatusCalculator.Input(
        pool(),
        R2,
        false,
        false,
        null,
        Optional.empty(),
        Optional.empty(),
        previous,
        1,
        "2026-12-05T00:00:00Z",
        Map.of());
  }
}

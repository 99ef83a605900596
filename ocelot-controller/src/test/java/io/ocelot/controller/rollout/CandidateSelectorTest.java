package io.ocelot.controller.rollout;

import static io.ocelot.controller.members.Nodes.node;
import static org.assertj.core.api.Assertions.assertThat;

import io.ocelot.api.node.NodeAnnotations;
import io.ocelot.controller.members.NodeClassifier;
import io.ocelot.controller.members.Nodes;
import io.ocelot.controller.members.PoolNode;
import io.ocelot.controller.members.PoolTarget;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class CandidateSelectorTest {
  static final PoolTarget R2 = new PoolTarget("rendered-worker-2", Optional.empty());

  static List<PoolNode> onR1(int n) {
    List<PoolNode> out = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      out.add(node("worker-" + i, "rendered-worker-1", "rendered-worker-1", "Done", true, null, i));
    }
    return out;
  }

  @Test
  void zoneThenAgeThenNameAndUnlabelledLast() {
    List<PoolNode> nodes =
        List.of(
            node("old-nozone", "rendered-worker-1", "rendered-worker-1", "Done", true, null, 0),
            node("b-young", "rendered-worker-1", "rendered-worker-1", "Done", true, "zone-b", 5),
            node("a-young", "rendered-worker-1", "rendered-worker-1", "Done", true, "zone-a", 9),
            node("a-old", "rendered-worker-1", "rendered-worker-1", "Done", true, "zone-a", 1));
    assertThat(CandidateSelector.select(nodes, R2, 4, false, false))
        .extracting(PoolNode::name)
        .containsExactly("a-old", "a-young", "b-young", "old-nozone");
  }

  @Test
  void capacityIsMaxUnavailableMinusTheUnavailable() {
    List<PoolNode> nodes = new ArrayList<>(onR1(5));
    nodes.set(
        0, node("worker-0", "rendered-worker-1", "rendered-worker-2", "Working", true, null, 0));
    assertThat(CandidateSelector.select(nodes, R2, 2, false, false))
        .extracting(PoolNode::name)
        .containsExactly("worker-1");
    assertThat(CandidateSelector.select(nodes, R2, 1, false, false)).isEmpty();
  }

  @Test
  void aNodeFailingTheTargetUsesUpCapacityAndAPausedPoolTargetsNoOne() {
    List<PoolNode> nodes = new ArrayList<>(onR1(4));
    nodes.set(
        0, node("worker-0", "rendered-worker-1", "rendered-worker-2", "Degraded", true, null, 0));
    assertThat(CandidateSelector.select(nodes, R2, 1, false, false)).isEmpty();
    assertThat(CandidateSelector.select(nodes, R2, 2, false, false))
        .extracting(PoolNode::name)
        .containsExactly("worker-1");
    assertThat(CandidateSelector.select(onR1(4), R2, 2, false, true)).isEmpty();
  }

  @Test
  void aCordonedNodeFailingAnOlderTargetIsRetargetedWhateverTheCapacity() {
    // worker-0 failed R2 and stays cordoned (not ready); the pool moves on to R3.
    PoolTarget r3 = new PoolTarget("rendered-worker-3", Optional.empty());
    List<PoolNode> nodes = new ArrayList<>(onR1(3));
    nodes.set(
        0, node("worker-0", "rendered-worker-1", "rendered-worker-2", "Degraded", false, null, 0));
    assertThat(CandidateSelector.select(nodes, r3, 1, false, false))
        .extracting(PoolNode::name)
        .containsExactly("worker-0");
    // It still counts as unavailable: with room for two, one more node starts.
    assertThat(CandidateSelector.select(nodes, r3, 2, false, false))
        .extracting(PoolNode::name)
        .containsExactly("worker-0", "worker-1");
    // Held (paused or halted): nobody, not even the stuck node.
    assertThat(CandidateSelector.select(nodes, r3, 1, false, true)).isEmpty();
    // A failed image-only update (opting into layering: the config stays) is stuck the same way.
    PoolNode imageOnly =
        Nodes.with(
            node("worker-0", "rendered-worker-1", "rendered-worker-1", "Degraded", false, null, 0),
            NodeAnnotations.DESIRED_IMAGE,
            "registry.local/bad@sha256:" + "9".repeat(64));
    nodes.set(0, imageOnly);
    assertThat(
            CandidateSelector.select(
                nodes, new PoolTarget("rendered-worker-1", Optional.empty()), 1, false, false))
        .extracting(PoolNode::name)
        .containsExactly("worker-0");
    // Once retargeted it works toward R3 and counts as unavailable like any other.
    nodes.set(
        0, node("worker-0", "rendered-worker-1", "rendered-worker-3", "Working", false, null, 0));
    assertThat(CandidateSelector.select(nodes, r3, 1, false, false)).isEmpty();
  }

  @Test
  void notReadyNodesAreNotTargetedAndCountAsUnavailable() {
    List<PoolNode> nodes = new ArrayList<>(onR1(3));
    nodes.set(
        0, node("worker-0", "rendered-worker-1", "rendered-worker-1", "Done", false, null, 0));
    assertThat(CandidateSelector.select(nodes, R2, 2, false, false))
        .extracting(PoolNode::name)
        .containsExactly("worker-1");
  }

  /**
   * A rollout of 10 nodes played step by step with random daemon progress: the number of
   * unavailable nodes never exceeds maxUnavailable, and the rollout finishes.
   */
  @ParameterizedTest
  @CsvSource({"1, 1", "2, 2", "30%, 3"})
  void aRolloutNeverExceedsMaxUnavailable(String max, int limit) {
    for (long seed = 0; seed < 20; seed++) {
      Random random = new Random(seed);
      List<PoolNode> nodes = onR1(10);
      int steps = 0;
      while (nodes.stream().anyMatch(n -> !NodeClassifier.updated(n, R2)) && steps++ < 500) {
        for (PoolNode c : CandidateSelector.select(nodes, R2, limit, false, false)) {
          nodes.set(
              nodes.indexOf(c), Nodes.with(c, NodeAnnotations.DESIRED_CONFIG, "rendered-worker-2"));
        }
        long unavailable = nodes.stream().filter(n -> NodeClassifier.unavailable(n, false)).count();
        assertThat(unavailable).as("seed %d max %s", seed, max).isLessThanOrEqualTo(limit);
        // The daemons move: a targeted node goes Working, then Done on the target.
        int i = random.nextInt(nodes.size());
        PoolNode n = nodes.get(i);
        if (n.desiredConfig().equals(Optional.of("rendered-worker-2"))
            && !NodeClassifier.updated(n, R2)) {
          PoolNode next =
              n.phase() == io.ocelot.api.node.NodeState.WORKING
                  ? Nodes.with(
                      Nodes.with(n, NodeAnnotations.CURRENT_CONFIG, "rendered-worker-2"),
                      NodeAnnotations.STATE,
                      "Done")
                  : Nodes.with(n, NodeAnnotations.STATE, "Working");
          nodes.set(i, next);
        }
      }
      assertThat(nodes).allMatch(n -> NodeClassifier.updated(n, R2));
    }
  }

  @Test
  void onlyTheNodesThatMayStartAreTaken() {
    List<PoolNode> nodes = onR1(4);
    java.util.function.Predicate<PoolNode> odd =
        n -> n.name().endsWith("1") || n.name().endsWith("3");
    assertThat(CandidateSelector.select(nodes, R2, 4, false, odd))
        .extracting(PoolNode::name)
        .allMatch(n -> n.endsWith("1") || n.endsWith("3"))
        .hasSize(2);
    assertThat(CandidateSelector.select(nodes, R2, 4, false, n -> false)).isEmpty();
  }
}

package io.ocelot.controller.rollout;

import static org.assertj.core.api.Assertions.assertThat;

import io.ocelot.api.node.NodeAnnotations;
import io.ocelot.api.node.StageAheadStatus;
import io.ocelot.controller.members.PoolNode;
import io.ocelot.controller.members.PoolTarget;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Which waiting nodes pull ahead, and how many at once. */
class StageAheadPlanTest {
  static final PoolTarget TARGET = new PoolTarget("rendered-worker-2", Optional.empty());
  static final String IMAGE = "registry.local/os@sha256:" + "c".repeat(64);
  static final String OLD = "registry.local/os@sha256:" + "a".repeat(64);

  static PoolNode node(String name, String desired, String state, String... more) {
    Map<String, String> a = new HashMap<>();
    a.put(NodeAnnotations.CURRENT_CONFIG, "rendered-worker-1");
    a.put(NodeAnnotations.DESIRED_CONFIG, desired);
    a.put(NodeAnnotations.STATE, state);
    for (int i = 0; i < more.length; i += 2) {
      a.put(more[i], more[i + 1]);
    }
    return new PoolNode(name, a, Map.of(), true, Instant.EPOCH);
  }

  static PoolNode waiting(String name, String... more) {
    return node(name, "rendered-worker-1", "Done", more);
  }

  static Map<String, Optional<String>> plan(List<PoolNode> nodes, int limit, String... starting) {
    return StageAheadPlan.wanted(
        nodes, TARGET, Optional.of(IMAGE), limit, Set.of(starting), n -> n.name().equals("w-9"));
  }

  static List<String> asked(Map<String, Optional<String>> plan) {
    return plan.entrySet().stream()
        .filter(e -> e.getValue().isPresent())
        .map(Map.Entry::getKey)
        .sorted()
        .toList();
  }

  @Test
  void theNextWaitingNodesInRolloutOrderAreAskedUpToTheLimit() {
    List<PoolNode> nodes =
        List.of(
            node("w-0", "rendered-worker-2", "Working"),
            waiting("w-3"),
            waiting("w-1"),
            waiting("w-2"));
    assertThat(asked(plan(nodes, 2))).containsExactly("w-1", "w-2");
    // A node this pass targets is not asked: its update pulls the image itself.
    assertThat(asked(plan(nodes, 2, "w-1"))).containsExactly("w-2", "w-3");
    assertThat(plan(nodes, 2).get("w-0")).isEmpty();
  }

  @Test
  void answeredPullsFreeTheirPlaceAndPullsUnderWayKeepIt() {
    String ask = NodeAnnotations.STAGE_AHEAD;
    String status = NodeAnnotations.STAGE_AHEAD_STATUS;
    List<PoolNode> nodes =
        List.of(
            waiting("w-1", ask, IMAGE, status, StageAheadStatus.pulled(IMAGE).value()),
            waiting("w-2", ask, IMAGE, status, StageAheadStatus.failed(IMAGE, "no").value()),
            waiting("w-3", ask, IMAGE, status, StageAheadStatus.pulling(IMAGE).value()),
            waiting("w-4"),
            waiting("w-5"));
    // w-3 pulls (one of two places); w-1 and w-2 keep their answered asks; w-4 takes the other.
    assertThat(asked(plan(nodes, 2))).containsExactly("w-1", "w-2", "w-3", "w-4");
    assertThat(asked(plan(nodes, 1))).containsExactly("w-1", "w-2", "w-3");
  }

  @Test
  void anAskForAnotherImageIsReplacedAndCountsAsANewPull() {
    List<PoolNode> nodes =
        List.of(
            waiting(
                "w-1",
                NodeAnnotations.STAGE_AHEAD,
                OLD,
                NodeAnnotations.STAGE_AHEAD_STATUS,
                StageAheadStatus.pulled(OLD).value()),
            waiting("w-2"));
    Map<String, Optional<String>> p = plan(nodes, 1);
    assertThat(p.get("w-1")).contains(IMAGE);
    assertThat(p.get("w-2")).isEmpty();
  }

  @Test
  void nodesOnTheTargetOrItsImageOrFailingAnotherAreNotAskedAndNoImageAsksNobody() {
    List<PoolNode> nodes =
        List.of(
            node("w-1", "rendered-worker-2", "Done", NodeAnnotations.STAGE_AHEAD, IMAGE),
            node("w-2", "rendered-worker-x", "Degraded"),
            waiting("w-3"),
            waiting("w-9"));
    assertThat(asked(plan(nodes, 5))).containsExactly("w-3");
    assertThat(
            asked(StageAheadPlan.wanted(nodes, TARGET, Optional.empty(), 5, Set.of(), n -> false)))
        .isEmpty();
  }
}

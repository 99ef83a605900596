package io.ocelot.controller.rollout;

import io.ocelot.api.node.RolloutOrder;
import io.ocelot.controller.members.NodeClassifier;
import io.ocelot.controller.members.PoolNode;
import io.ocelot.controller.members.PoolTarget;
import java.util.Comparator;
import java.util.List;
import java.util.function.Predicate;

/**
 * Which nodes to point at the pool's target next, MCO's way: never more than {@code maxUnavailable}
 * unavailable; nodes failing the current target use up capacity; ready nodes not yet targeted are
 * taken by zone (unlabelled last), then oldest first; nodes failing an older target are taken
 * whatever the capacity. A paused pool targets no one, and neither does a halted rollout ({@code
 * hold}: stop-the-line).
 */
public final class CandidateSelector {
  private static final Comparator<PoolNode> ORDER =
      Comparator.comparing(PoolNode::rolloutKey, RolloutOrder.ORDER);

  private CandidateSelector() {}

  public static List<PoolNode> select(
      List<PoolNode> nodes,
      PoolTarget target,
      int maxUnavailable,
      boolean layeredPool,
      boolean hold) {
    return select(nodes, target, maxUnavailable, layeredPool, hold ? n -> false : n -> true);
  }

  /**
   * The same, taking only nodes that {@code mayStart} (a closed maintenance window lets only
   * rebootless updates through, with {@code rebootlessAnytime}).
   */
  public static List<PoolNode> select(
      List<PoolNode> nodes,
      PoolTarget target,
      int maxUnavailable,
      boolean layeredPool,
      Predicate<PoolNode> mayStart) {
    // Nodes failing an older target (cordoned by their failed update, so "not ready") are
    // retargeted whatever the capacity: they are unavailable already, so it costs no
    // availability, and a new target is how a bad one is fixed. They still count as unavailable
    // for the others. MCO does not retarget them and, with maxUnavailable 1, is stuck.
    List<PoolNode> stuck =
        nodes.stream()
            .filter(n -> !NodeClassifier.targeted(n, target) && NodeClassifier.failingDesired(n))
            .filter(mayStart)
            .sorted(ORDER)
            .toList();
    long unavailable =
        nodes.stream().filter(n -> NodeClassifier.unavailable(n, layeredPool)).count();
    long capacity = maxUnavailable - unavailable;
    if (capacity <= 0) {
      return stuck;
    }
    long failingThisConfig =
        nodes.stream()
            .filter(n -> NodeClassifier.targeted(n, target) && NodeClassifier.failing(n))
            .count();
    if (failingThisConfig >= capacity) {
      return stuck;
    }
    capacity -= failingThisConfig;
    List<PoolNode> out = new java.util.ArrayList<>(stuck);
    nodes.stream()
        .filter(n -> !NodeClassifier.targeted(n, target) && n.ready() && !stuck.contains(n))
        .filter(mayStart)
        .sorted(ORDER)
        .limit(capacity)
        .forEach(out::add);
    return out;
  }
}

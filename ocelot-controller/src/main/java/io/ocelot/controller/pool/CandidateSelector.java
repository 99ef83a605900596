package io.ocelot.controller.pool;

import io.ocelot.api.node.RolloutOrder;
import java.util.Comparator;
import java.util.List;

/**
 * Which nodes to point at the pool's target next, MCO's way: never more than {@code maxUnavailable}
 * unavailable; nodes failing the current target use up capacity; ready nodes not yet targeted are
 * taken by zone (unlabelled last), then oldest first. A paused pool targets no one, and neither
 * does a halted rollout ({@code hold}: stop-the-line).
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
    if (hold) {
      return List.of();
    }
    long unavailable =
        nodes.stream().filter(n -> NodeClassifier.unavailable(n, layeredPool)).count();
    long capacity = maxUnavailable - unavailable;
    if (capacity <= 0) {
      return List.of();
    }
    long failingThisConfig =
        nodes.stream()
            .filter(n -> NodeClassifier.targeted(n, target) && NodeClassifier.failing(n))
            .count();
    if (failingThisConfig >= capacity) {
      return List.of();
    }
    capacity -= failingThisConfig;
    return nodes.stream()
        .filter(n -> !NodeClassifier.targeted(n, target) && n.ready())
        .sorted(ORDER)
        .limit(capacity)
        .toList();
  }
}

package io.ocelot.controller.rollout;

import io.ocelot.api.node.NodeAnnotations;
import io.ocelot.api.node.RolloutOrder;
import io.ocelot.api.node.StageAheadStatus;
import io.ocelot.controller.members.NodeClassifier;
import io.ocelot.controller.members.PoolNode;
import io.ocelot.controller.members.PoolTarget;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;

/**
 * Which waiting nodes pull the target's OS image ahead of their turn: the next ones in rollout
 * order (the coming batches), no more pulling at once than the limit. A node asked once keeps the
 * ask until it is targeted (the targeting write removes it) or the target's image changes; a node
 * whose pull failed stops counting against the limit and pulls again in its turn. Pure.
 */
public final class StageAheadPlan {
  private StageAheadPlan() {}

  /**
   * The {@code ocelot.io/stage-ahead} value each node should carry, by node name (absent: none).
   * {@code image}: what the target boots (none: nothing is staged ahead, every ask goes); {@code
   * startingNow}: the nodes this pass targets (their ask goes with the targeting write); {@code
   * onImage}: nodes that boot the image already (nothing to pull).
   */
  public static Map<String, Optional<String>> wanted(
      List<PoolNode> nodes,
      PoolTarget target,
      Optional<String> image,
      int maxConcurrentPulls,
      Set<String> startingNow,
      Predicate<PoolNode> onImage) {
    Map<String, Optional<String>> out = new HashMap<>();
    nodes.forEach(n -> out.put(n.name(), Optional.empty()));
    if (image.isEmpty()) {
      return out;
    }
    String wanted = image.get();
    List<PoolNode> waiting =
        nodes.stream()
            .filter(n -> !NodeClassifier.targeted(n, target) && !startingNow.contains(n.name()))
            .filter(n -> !NodeClassifier.failingDesired(n) && !onImage.test(n))
            .sorted(Comparator.comparing(PoolNode::rolloutKey, RolloutOrder.ORDER))
            .toList();
    int pulling = 0;
    for (PoolNode n : waiting) {
      if (asked(n, wanted)) {
        out.put(n.name(), image);
        pulling += inFlight(n, wanted) ? 1 : 0;
      }
    }
    for (PoolNode n : waiting) {
      if (pulling >= maxConcurrentPulls) {
        break;
      }
      if (!asked(n, wanted)) {
        out.put(n.name(), image);
        pulling++;
      }
    }
    return out;
  }

  /** Whether the node carries the ask for {@code image}. */
  static boolean asked(PoolNode n, String image) {
    return image.equals(n.annotations().get(NodeAnnotations.STAGE_AHEAD));
  }

  /** Asked and not yet answered with Pulled or Failed for that image. */
  static boolean inFlight(PoolNode n, String image) {
    return StageAheadStatus.parse(n.annotations().get(NodeAnnotations.STAGE_AHEAD_STATUS))
        .filter(s -> s.of(image) && s.phase() != StageAheadStatus.Phase.Pulling)
        .isEmpty();
  }
}

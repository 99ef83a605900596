package io.ocelot.controller.rollout;

import io.ocelot.api.node.NodeAnnotations;
import io.ocelot.api.node.StageAheadStatus;
import io.ocelot.controller.members.NodeClassifier;
import io.ocelot.controller.members.PoolNode;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Predicate;

/**
 * With stage ahead a node starts only once its pull is answered, so that no node's unavailable time
 * holds a pull: Pulled, or Failed (it pulls in its turn, and its update says why if that fails
 * again). Nodes on the image already and nodes failing an older target go as before. A daemon that
 * has not answered an ask at all within {@link #UNANSWERED} (one that does not stage ahead) is not
 * waited for; a pull under way is.
 */
final class PullGate {
  static final Duration UNANSWERED = Duration.ofMinutes(5);

  private final Clock clock;
  private final Map<String, Asked> asked = new ConcurrentHashMap<>();

  PullGate(Clock clock) {
    this.clock = clock;
  }

  /** When this controller first saw a node asked to pull an image. */
  private record Asked(String image, Instant at) {}

  /** Which nodes may start under {@code staging}; remembers when each was first seen asked. */
  Predicate<PoolNode> ready(List<PoolNode> nodes, Rollout.Staging staging) {
    Instant now = clock.instant();
    String image = staging.image();
    for (PoolNode n : nodes) {
      if (StageAheadPlan.asked(n, image)) {
        asked.compute(
            n.name(), (k, v) -> v != null && v.image().equals(image) ? v : new Asked(image, now));
      } else {
        asked.remove(n.name());
      }
    }
    return n ->
        staging.onImage().test(n)
            || NodeClassifier.failingDesired(n)
            || answered(n, image)
            || unanswered(n, image, now);
  }

  /** How many waiting nodes pull the image now. */
  static long pulling(List<PoolNode> nodes, String image) {
    return nodes.stream()
        .filter(n -> StageAheadPlan.asked(n, image) && StageAheadPlan.inFlight(n, image))
        .count();
  }

  private static boolean answered(PoolNode n, String image) {
    return status(n)
        .filter(s -> s.of(image) && s.phase() != StageAheadStatus.Phase.Pulling)
        .isPresent();
  }

  private boolean unanswered(PoolNode n, String image, Instant now) {
    Asked a = asked.get(n.name());
    return a != null
        && a.image().equals(image)
        && status(n).filter(s -> s.of(image)).isEmpty()
        && !now.isBefore(a.at().plus(UNANSWERED));
  }

  private static Optional<StageAheadStatus> status(PoolNode n) {
    return StageAheadStatus.parse(n.annotations().get(NodeAnnotations.STAGE_AHEAD_STATUS));
  }
}

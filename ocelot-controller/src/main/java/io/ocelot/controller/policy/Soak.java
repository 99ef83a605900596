package io.ocelot.controller.policy;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * Soak between batches: a new node starts only when every node already on the target has been on
 * it, healthy, for the policy's soak time. When a node reached the target is what the controller
 * saw (a restarted controller starts the wait over: the safe side).
 */
public final class Soak {
  private Soak() {}

  /** One node on the target: its name, when it was first seen there, and whether it is healthy. */
  public record Updated(String node, Instant since, boolean healthy) {}

  /** Why no new node starts yet, and when that may change. */
  public record Wait(String message, Optional<Instant> until) {}

  public static Optional<Wait> evaluate(List<Updated> updated, Duration soak, Instant now) {
    if (soak.isZero() || updated.isEmpty()) {
      return Optional.empty();
    }
    List<String> unhealthy = updated.stream().filter(u -> !u.healthy()).map(Updated::node).toList();
    if (!unhealthy.isEmpty()) {
      return Optional.of(
          new Wait(
              "soak: waiting for updated nodes to be healthy: " + String.join(", ", unhealthy),
              Optional.empty()));
    }
    Updated last =
        updated.stream().max(java.util.Comparator.comparing(Updated::since)).orElseThrow();
    Instant until = last.since().plus(soak);
    if (!now.isBefore(until)) {
      return Optional.empty();
    }
    return Optional.of(
        new Wait(
            "soak: "
                + last.node()
                + " took the update at "
                + last.since()
                + "; the next node starts in "
                + MaintenanceWindows.human(Duration.between(now, until)),
            Optional.of(until)));
  }

  /** The soak time of a policy ({@code 10m}, {@code 1h}); zero when it has none. */
  public static Duration of(Optional<String> text) {
    return text.filter(t -> !t.isEmpty()).map(MaintenanceWindows::length).orElse(Duration.ZERO);
  }
}

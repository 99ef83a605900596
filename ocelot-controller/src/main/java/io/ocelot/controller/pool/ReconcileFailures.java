package io.ocelot.controller.pool;

import io.ocelot.api.model.MachineConfigPoolCondition;
import io.ocelot.api.model.MachineConfigPoolStatus;
import io.ocelot.api.model.PoolConditionType;
import io.ocelot.api.text.Printable;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * What a failing pool reconcile shows, decided purely from the attempt count and the error: a
 * Warning event on the first failure and then at every doubling (the retry backs off, and one event
 * per retry would flood the event store), and from the {@value #STUCK_AFTER}th consecutive failure
 * the pool condition {@value PoolConditionType#RECONCILE_DEGRADED}, which the next successful
 * reconcile sets back to False.
 */
final class ReconcileFailures {
  /** Consecutive failures after which the pool says the controller is stuck. */
  static final int STUCK_AFTER = 3;

  /** Event reason of a failed reconcile. */
  static final String EVENT_REASON = "ReconcileFailed";

  private static final int MAX_ERROR = 1000;

  private ReconcileFailures() {}

  /**
   * The error as one printable line: its type when it has no message, then its root cause when it
   * has one (fabric8 says only "Operation: [patch] … failed." when no answer came), shortened.
   */
  static String describe(Exception e) {
    Throwable root = e;
    // initCause refuses only a cause of itself: a longer cycle ends where it comes round.
    Set<Throwable> seen = Collections.newSetFromMap(new IdentityHashMap<>());
    while (seen.add(root) && root.getCause() != null && !seen.contains(root.getCause())) {
      root = root.getCause();
    }
    String text =
        typeAndMessage(e) + (root == e ? "" : " (caused by " + typeAndMessage(root) + ")");
    String line = Printable.escape(text);
    return line.length() > MAX_ERROR ? line.substring(0, MAX_ERROR - 3) + "..." : line;
  }

  private static String typeAndMessage(Throwable t) {
    return t.getMessage() == null || t.getMessage().isBlank()
        ? t.getClass().getSimpleName()
        : t.getClass().getSimpleName() + ": " + t.getMessage();
  }

  /** The event's message, or empty when this attempt is not one that gets an event. */
  static Optional<String> event(int attempt, String error) {
    if (attempt < 1 || Integer.bitCount(attempt) != 1) {
      return Optional.empty();
    }
    return Optional.of(
        "reconciling the pool failed"
            + (attempt == 1 ? "" : " " + attempt + " times in a row")
            + "; retrying with backoff: "
            + error);
  }

  /** The status with the stuck condition, or empty while the failures are still few. */
  static Optional<MachineConfigPoolStatus> stuck(
      Optional<MachineConfigPoolStatus> current, int attempt, String error, String now) {
    if (attempt < STUCK_AFTER) {
      return Optional.empty();
    }
    MachineConfigPoolStatus status = current.orElseGet(MachineConfigPoolStatus::new);
    String since =
        status.getConditions().stream()
            .filter(c -> PoolConditionType.RECONCILE_DEGRADED.equals(c.getType()))
            .filter(c -> "True".equals(c.getStatus()))
            .map(MachineConfigPoolCondition::getLastTransitionTime)
            .findFirst()
            .orElse(now);
    List<MachineConfigPoolCondition> conditions = new ArrayList<>();
    status.getConditions().stream()
        .filter(c -> !PoolConditionType.RECONCILE_DEGRADED.equals(c.getType()))
        .forEach(conditions::add);
    conditions.add(
        new MachineConfigPoolCondition(
            PoolConditionType.RECONCILE_DEGRADED,
            "True",
            since,
            EVENT_REASON,
            "the controller failed to reconcile this pool "
                + attempt
                + " times in a row and keeps retrying; its status may be stale: "
                + error));
    status.setConditions(conditions);
    return Optional.of(status);
  }
}

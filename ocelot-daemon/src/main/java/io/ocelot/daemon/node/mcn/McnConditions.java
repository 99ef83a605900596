package io.ocelot.daemon.node.mcn;

import io.fabric8.kubernetes.api.model.Condition;
import io.fabric8.kubernetes.api.model.ConditionBuilder;
import io.ocelot.api.model.McnConditionType;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Merges a milestone's changes into a MachineConfigNode's conditions (pure): every type present
 * (upstream's {@code NotYetOccurred} for a phase not reached), in the order an update passes
 * through them; {@code lastTransitionTime} moves only when a status changes.
 */
public final class McnConditions {
  static final String NOT_YET = "NotYetOccurred";

  /**
   * What an update's reset leaves alone: NodeDegraded (a retried update stays degraded until it
   * succeeds) and the pinned image sets' conditions, which no update is about.
   */
  private static final java.util.Set<McnConditionType> KEPT_ACROSS_UPDATES =
      java.util.EnumSet.of(
          McnConditionType.NODE_DEGRADED,
          McnConditionType.PINNED_IMAGE_SETS_PROGRESSING,
          McnConditionType.PINNED_IMAGE_SETS_DEGRADED);

  private McnConditions() {}

  /** The statuses by type, for the table's decisions. */
  public static Map<McnConditionType, String> statuses(List<Condition> conditions) {
    Map<McnConditionType, String> s = new EnumMap<>(McnConditionType.class);
    for (McnConditionType t : McnConditionType.values()) {
      conditions.stream()
          .filter(c -> t.type().equals(c.getType()))
          .findFirst()
          .ifPresent(c -> s.put(t, c.getStatus()));
    }
    return s;
  }

  /**
   * The conditions after {@code changes}; with {@code reset}, the phases of a previous update that
   * this one does not set go back to not yet occurred (but not those {@link #KEPT_ACROSS_UPDATES}).
   */
  public static List<Condition> apply(
      List<Condition> current,
      List<McnChange> changes,
      boolean reset,
      long generation,
      String now) {
    List<Condition> out = new ArrayList<>();
    for (McnConditionType t : McnConditionType.values()) {
      Condition old = find(current, t);
      McnChange change =
          changes.stream().filter(c -> c.type() == t).reduce((a, b) -> b).orElse(null);
      if (change == null && reset && !KEPT_ACROSS_UPDATES.contains(t)) {
        change = notYet(t);
      }
      if (change == null) {
        out.add(old != null ? old : condition(notYet(t), generation, now));
      } else if (old != null && old.getStatus().equals(change.status())) {
        out.add(
            new ConditionBuilder(old)
                .withReason(change.reason())
                .withMessage(change.message())
                .withObservedGeneration(
                    same(old, change) ? old.getObservedGeneration() : generation)
                .build());
      } else {
        out.add(condition(change, generation, now));
      }
    }
    return out;
  }

  private static boolean same(Condition old, McnChange change) {
    return Objects.equals(old.getReason(), change.reason())
        && Objects.equals(old.getMessage(), change.message());
  }

  private static McnChange notYet(McnConditionType t) {
    return McnChange.no(t, NOT_YET, "This node has not yet entered the " + t.type() + " phase");
  }

  private static Condition condition(McnChange c, long generation, String now) {
    return new ConditionBuilder()
        .withType(c.type().type())
        .withStatus(c.status())
        .withReason(c.reason())
        .withMessage(c.message())
        .withLastTransitionTime(now)
        .withObservedGeneration(generation)
        .build();
  }

  private static Condition find(List<Condition> conditions, McnConditionType t) {
    return conditions.stream().filter(c -> t.type().equals(c.getType())).findFirst().orElse(null);
  }
}

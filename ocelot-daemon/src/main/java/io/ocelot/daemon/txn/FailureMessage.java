package io.ocelot.daemon.txn;

import io.ocelot.api.node.NodeAnnotations;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * Renders a failure record for a person, root cause first: {@code reboot command failed:
 * systemd-run exited 127: "systemd-run: command not found"; rolled back 5 steps (staged image
 * discarded, 3 files and 1 unit restored); node remains on MachineConfig R1 / image I1}.
 */
final class FailureMessage {
  private static final int MAX = NodeAnnotations.REASON_MAX_LENGTH;
  private static final int MAX_CAUSE = 1400;

  private FailureMessage() {}

  static String of(FailureRecord r) {
    String cause =
        r.cause().length() > MAX_CAUSE ? r.cause().substring(0, MAX_CAUSE - 3) + "..." : r.cause();
    StringBuilder b = new StringBuilder(cause);
    String summary = rollbackSummary(r);
    if (!summary.isEmpty()) {
      b.append("; ").append(summary);
    }
    b.append(
        r.rolledBackCompletely()
            ? "; node remains on " + r.remainsOn().describe()
            : "; rollback incomplete: the node is between "
                + r.remainsOn().describe()
                + " and "
                + r.target().describe());
    r.replacedCause()
        .ifPresent(c -> b.append(" (replaces the earlier failure: ").append(c).append(')'));
    r.notes().forEach(note -> b.append("; ").append(note));
    return b.length() <= MAX ? b.toString() : b.substring(0, MAX - 3) + "...";
  }

  static String rollbackSummary(FailureRecord r) {
    Map<Category, Integer> reverted = new EnumMap<>(Category.class);
    int steps = 0;
    List<String> failures = new ArrayList<>();
    for (FailureRecord.RollbackStep s : r.rollback()) {
      if (s.outcome() == FailureRecord.Outcome.REVERTED) {
        reverted.merge(s.category(), 1, Integer::sum);
        steps++;
      } else if (s.outcome() == FailureRecord.Outcome.FAILED) {
        failures.add(s.step() + ": " + s.error().orElse("failed"));
      }
    }
    List<String> parts = new ArrayList<>();
    discarded(reverted, Category.IMAGE, "staged image discarded", parts);
    discarded(reverted, Category.KERNEL, "staged kernel switch discarded", parts);
    discarded(reverted, Category.EXTENSIONS, "staged extensions discarded", parts);
    discarded(reverted, Category.KERNEL_ARGUMENTS, "staged kernel arguments discarded", parts);
    discarded(reverted, Category.REVERT_ARTIFACTS, "revert artifacts removed", parts);
    List<String> restored = new ArrayList<>();
    counted(reverted, Category.FILE, restored);
    counted(reverted, Category.UNIT, restored);
    if (reverted.containsKey(Category.SSH_KEYS)) {
      restored.add("SSH keys");
    }
    if (reverted.containsKey(Category.PASSWORD)) {
      restored.add("password hash");
    }
    if (!restored.isEmpty()) {
      parts.add(joinAnd(restored) + " restored");
    }
    if (reverted.containsKey(Category.SERVICE)) {
      parts.add(
          reverted.get(Category.SERVICE)
              + " service action"
              + (reverted.get(Category.SERVICE) == 1 ? "" : "s")
              + " run again on the restored files");
    }
    StringBuilder b = new StringBuilder();
    if (r.phase() == FailureRecord.Phase.HEALTH_CHECK && failures.isEmpty()) {
      // The deployment goes back by reordering the boot entries, not by an undo step.
      b.append("rolled back to ").append(r.remainsOn().image().orElse(r.remainsOn().config()));
      if (steps > 0) {
        b.append(" (").append(String.join(", ", parts)).append(')');
      }
    } else if (steps > 0) {
      b.append("rolled back ").append(steps).append(steps == 1 ? " step" : " steps");
      b.append(" (").append(String.join(", ", parts)).append(')');
    } else if (failures.isEmpty() && !r.rollback().isEmpty()) {
      b.append("nothing to roll back");
    }
    if (!failures.isEmpty()) {
      b.append(b.length() == 0 ? "" : "; ")
          .append("could not undo ")
          .append(failures.size() == 1 ? "1 step: " : failures.size() + " steps: ")
          .append(String.join("; ", failures));
    }
    return b.toString();
  }

  private static void discarded(
      Map<Category, Integer> m, Category c, String text, List<String> parts) {
    if (m.containsKey(c)) {
      parts.add(text);
    }
  }

  private static void counted(Map<Category, Integer> m, Category c, List<String> out) {
    if (m.containsKey(c)) {
      out.add(c.count(m.get(c)));
    }
  }

  private static String joinAnd(List<String> items) {
    if (items.size() == 1) {
      return items.get(0);
    }
    return String.join(", ", items.subList(0, items.size() - 1))
        + " and "
        + items.get(items.size() - 1);
  }
}

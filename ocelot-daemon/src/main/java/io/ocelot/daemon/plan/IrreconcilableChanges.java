package io.ocelot.daemon.plan;

import io.ocelot.api.ignition.RefusedSections;
import io.ocelot.api.model.IrreconcilableChangeDiff;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * What a node lacks of its target because it skipped overridden storage changes (pure): the node
 * keeps a baseline of the sections as it has them, recorded when it first skips one, and reports
 * each section whose target differs from it, as upstream's MachineConfigNode {@code
 * irreconcilableChanges}. A section the cluster brings back to what the node has leaves the
 * baseline.
 */
public final class IrreconcilableChanges {
  /** What the API server takes in one diff. */
  static final int MAX_DIFF = 4096;

  private IrreconcilableChanges() {}

  /** The baseline after an update from {@code current} to {@code target}, and what differs. */
  public record Outcome(Map<String, String> baseline, List<IrreconcilableChangeDiff> changes) {
    public Outcome {
      baseline = Map.copyOf(baseline);
      changes = List.copyOf(changes);
    }
  }

  /**
   * {@code baseline}: the sections the node kept, as their JSON ("" for none); {@code overridden}:
   * the sections the cluster lets change.
   */
  public static Outcome of(
      Map<String, String> baseline,
      RefusedSections current,
      RefusedSections target,
      Set<String> overridden) {
    Map<String, String> next = new TreeMap<>(baseline);
    for (String section : new java.util.TreeSet<>(overridden)) {
      if (current.differs(target, section) && !next.containsKey(section)) {
        next.put(section, current.section(section).orElse(""));
      }
    }
    List<IrreconcilableChangeDiff> changes = new ArrayList<>();
    for (Map.Entry<String, String> kept : new TreeMap<>(next).entrySet()) {
      String wanted = target.section(kept.getKey()).orElse("");
      if (wanted.equals(kept.getValue())) {
        next.remove(kept.getKey());
      } else {
        changes.add(
            new IrreconcilableChangeDiff(
                "spec.config." + kept.getKey(), diff(kept.getValue(), wanted)));
      }
    }
    return new Outcome(next, changes);
  }

  private static String diff(String have, String want) {
    String d = "- " + or(have) + "\n+ " + or(want);
    return d.length() <= MAX_DIFF ? d : d.substring(0, MAX_DIFF - 3) + "...";
  }

  private static String or(String json) {
    return json.isEmpty() ? "(none)" : json;
  }
}

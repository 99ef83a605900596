package io.ocelot.daemon.node.mcn;

import io.ocelot.api.model.MachineConfigNodeStatus;
import java.util.Optional;

/** A MachineConfigNode's next status after a milestone (pure). */
public final class McnStatuses {
  private McnStatuses() {}

  /**
   * The status after {@code m} on node {@code node}, whose MachineConfigNode is at {@code
   * generation}; {@code started} is the update this process started, if any.
   */
  public static MachineConfigNodeStatus next(
      MachineConfigNodeStatus before,
      McnMilestone m,
      String node,
      Optional<String> currentConfig,
      Optional<McnMilestone.Started> started,
      long generation,
      String now) {
    MachineConfigNodeStatus after = new MachineConfigNodeStatus();
    after.setConditions(
        McnConditions.apply(
            before.getConditions(),
            McnTable.changes(m, node, McnConditions.statuses(before.getConditions()), started),
            McnTable.resets(m),
            generation,
            now));
    // Never decreases (the schema refuses that): a stale read must not move it back.
    after.setObservedGeneration(
        Math.max(generation, Optional.ofNullable(before.getObservedGeneration()).orElse(0L)));
    after.setConfigVersion(McnVersions.configVersion(before.getConfigVersion(), m, currentConfig));
    after.setConfigImage(McnVersions.configImage(before.getConfigImage(), m));
    // What the node skipped of its target: measured when an update starts, kept until the next.
    after.setIrreconcilableChanges(
        m instanceof McnMilestone.Started s
            ? s.irreconcilable()
            : before.getIrreconcilableChanges());
    // The pinned image sets' entries: the Pins milestone's own report, kept across all others.
    after.setPinnedImageSets(
        m instanceof McnMilestone.Pins p ? p.sets() : before.getPinnedImageSets());
    return after;
  }
}

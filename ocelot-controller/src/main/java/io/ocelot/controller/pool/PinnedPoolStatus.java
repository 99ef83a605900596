package io.ocelot.controller.pool;

import io.ocelot.api.model.MachineConfigPoolCondition;
import io.ocelot.api.model.MachineConfigPoolStatus;
import io.ocelot.api.model.PoolConditionType;
import io.ocelot.api.model.PoolSynchronizerStatus;
import io.ocelot.controller.pinned.PinnedProgress;
import java.util.ArrayList;
import java.util.List;

/**
 * A pool's pinned image sets in its status (pure): upstream's {@code
 * poolSynchronizersStatus[PinnedImageSets]} and {@code PinnedImageSetsDegraded}, which also makes
 * the pool Degraded (reason {@code PinnedImageSetsDegraded}). Both appear once the pool has sets
 * and stay (the condition False) after they go, as RolloutHalted does.
 */
final class PinnedPoolStatus {
  static final String SYNCHRONIZER = "PinnedImageSets";
  static final String DEGRADED_REASON = "one or more pinned image set is reporting degraded";

  private PinnedPoolStatus() {}

  static MachineConfigPoolStatus with(
      MachineConfigPoolStatus s,
      boolean hasSets,
      PinnedProgress progress,
      PoolStatusCalculator.Input in) {
    boolean had =
        in.previous().stream()
            .flatMap(p -> p.getConditions().stream())
            .anyMatch(p -> PoolConditionType.PINNED_IMAGE_SETS_DEGRADED.equals(p.getType()));
    if (!hasSets && !had) {
      return s;
    }
    PoolSynchronizerStatus sync = new PoolSynchronizerStatus();
    sync.setPoolSynchronizerType(SYNCHRONIZER);
    sync.setMachineCount(progress.machines());
    sync.setUpdatedMachineCount(progress.updated());
    sync.setReadyMachineCount(count(s.getReadyMachineCount()));
    sync.setUnavailableMachineCount(count(s.getUnavailableMachineCount()));
    sync.setAvailableMachineCount(progress.machines() - count(s.getUnavailableMachineCount()));
    sync.setObservedGeneration(in.generation());
    s.setPoolSynchronizersStatus(List.of(sync));
    boolean degraded = !progress.degraded().isEmpty();
    String message = String.join(", ", progress.degraded());
    List<MachineConfigPoolCondition> c = new ArrayList<>();
    for (MachineConfigPoolCondition d : s.getConditions()) {
      if (degraded && PoolConditionType.DEGRADED.equals(d.getType())) {
        boolean was = "True".equals(d.getStatus());
        c.add(
            PoolStatusCalculator.cond(
                in,
                PoolConditionType.DEGRADED,
                true,
                was ? d.getReason() + ",PinnedImageSetsDegraded" : "PinnedImageSetsDegraded",
                (was ? d.getMessage() + "; " : "") + message));
      } else {
        c.add(d);
      }
    }
    c.add(
        degraded
            ? PoolStatusCalculator.cond(
                in, PoolConditionType.PINNED_IMAGE_SETS_DEGRADED, true, DEGRADED_REASON, message)
            : PoolStatusCalculator.cond(
                in, PoolConditionType.PINNED_IMAGE_SETS_DEGRADED, false, "", ""));
    s.setConditions(c);
    return s;
  }

  private static long count(Integer n) {
    return n == null ? 0 : n;
  }
}

package io.ocelot.controller.pool;

import io.javaoperatorsdk.operator.processing.event.source.filter.OnUpdateFilter;
import io.ocelot.api.model.MachineConfigPool;
import io.ocelot.controller.policy.StopTheLine;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * Which changes of a pool start a reconcile: its spec (a new generation), its deletion, and the
 * admin's resume of a halted rollout — an annotation, which JOSDK's generation-aware processing
 * would ignore. The pool's own status writes do not.
 */
public final class PoolUpdates implements OnUpdateFilter<MachineConfigPool> {
  @Override
  public boolean accept(MachineConfigPool newPool, MachineConfigPool oldPool) {
    return !Objects.equals(
            newPool.getMetadata().getGeneration(), oldPool.getMetadata().getGeneration())
        || newPool.isMarkedForDeletion()
        || !resume(newPool).equals(resume(oldPool));
  }

  private static Optional<String> resume(MachineConfigPool pool) {
    Map<String, String> a = pool.getMetadata().getAnnotations();
    return Optional.ofNullable(a).map(m -> m.get(StopTheLine.RESUMED));
  }
}

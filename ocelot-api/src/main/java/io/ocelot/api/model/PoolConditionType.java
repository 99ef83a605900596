package io.ocelot.api.model;

/** Condition types of a MachineConfigPool (the contract's value strings). */
public final class PoolConditionType {
  public static final String UPDATED = "Updated";
  public static final String UPDATING = "Updating";
  public static final String NODE_DEGRADED = "NodeDegraded";
  public static final String RENDER_DEGRADED = "RenderDegraded";
  public static final String DEGRADED = "Degraded";
  public static final String PINNED_IMAGE_SETS_DEGRADED = "PinnedImageSetsDegraded";
  public static final String POOL_SYNCHRONIZER_DEGRADED = "PoolSynchronizerDegraded";

  /**
   * Ocelot's: True while the controller keeps failing to reconcile the pool (its status may be
   * stale); False again after the next successful reconcile.
   */
  public static final String RECONCILE_DEGRADED = "ReconcileDegraded";

  /**
   * Ocelot's: True while the rollout of the pool's target is halted because nodes failed to take it
   * (stop-the-line); False again once resumed or retargeted.
   */
  public static final String ROLLOUT_HALTED = "RolloutHalted";

  /**
   * Ocelot's: True while drains of the pool's nodes have pods they cannot evict; the message names
   * each node, pod and PodDisruptionBudget. Kept (False) only on pools that ever had it.
   */
  public static final String DRAIN_BLOCKED = "DrainBlocked";

  private PoolConditionType() {}
}

package io.ocelot.daemon.txn;

import io.ocelot.daemon.plan.Step;

/**
 * Told what the engine is doing, so that the cluster side can emit MCO's events (OSUpdateStarted,
 * OSUpdateStaged, Reboot) and set {@code post-config-action} before the reboot request. The engine
 * never depends on what a listener does.
 */
public interface StepListener {
  StepListener NONE = new StepListener() {};

  /** A prepare step is about to be applied. */
  default void stepStarting(Step step) {}

  /** A prepare step was applied. */
  default void stepApplied(Step step) {}

  /** A prepare step failed with {@code error} (the rollback follows). */
  default void stepFailed(Step step, String error) {}

  /** The reboot is about to be requested, with the Reboot event's rationale. */
  default void rebooting(String rationale) {}
}

package io.ocelot.daemon.plan.archfixture;

/** Violates "the planner has no clock". */
public final class PlanReadsClock {
  public long now() {
    return System.currentTimeMillis();
  }
}

package io.ocelot.controller.support.archfixture;

/** Violates "the shared packages use no reconciler"; with PoolUsesWiring, a circle of rooms. */
public final class SupportUsesPool {
  public Object pool() {
    return new io.ocelot.controller.pool.archfixture.PoolUsesWiring();
  }

  public Object reconciler() {
    return new io.ocelot.controller.pool.PoolUpdates();
  }
}

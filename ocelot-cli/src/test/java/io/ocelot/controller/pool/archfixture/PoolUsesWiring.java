package io.ocelot.controller.pool.archfixture;

/** Violates "no controller package uses the wiring"; with SupportUsesPool, a circle of rooms. */
public final class PoolUsesWiring {
  public Object wiring() {
    return io.ocelot.controller.ControllerSettings.defaults("image");
  }

  public Object support() {
    return new io.ocelot.controller.support.archfixture.SupportUsesPool();
  }
}

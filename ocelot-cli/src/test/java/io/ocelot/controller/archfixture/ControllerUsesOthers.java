package io.ocelot.controller.archfixture;

/** Violates "the controller never uses the daemon" and "only the CLI uses the simulator". */
public final class ControllerUsesOthers {
  public Object daemon() {
    return io.ocelot.daemon.plan.Observed.NOTHING;
  }

  public Object sim() {
    return new io.ocelot.sim.archfixture.SimThing();
  }
}

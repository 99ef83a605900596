package io.ocelot.daemon.archfixture;

/** Violates "the daemon never uses the controller" and "only tests use the fake host". */
public final class DaemonUsesOthers {
  public Object controller() {
    return new io.ocelot.controller.archfixture.ControllerThing();
  }

  public Object fakeHost() {
    return new io.ocelot.fakehost.archfixture.FakehostThing();
  }
}

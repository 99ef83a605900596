package io.ocelot.console.archfixture;

/** Violates "the console reads the cluster only through the API". */
public final class ConsoleUsesDaemon {
  public Object daemon() {
    return io.ocelot.daemon.plan.Observed.NOTHING;
  }
}

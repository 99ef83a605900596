package io.ocelot.api.archfixture;

/** Violates "api depends on nothing of ours". */
public final class ApiUsesDaemon {
  public Object plan() {
    return io.ocelot.daemon.plan.Observed.NOTHING;
  }
}

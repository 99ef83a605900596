package io.ocelot.runtime.archfixture;

/** Violates "the process runtime uses nothing of ours but the API model". */
public final class RuntimeUsesDaemon {
  public Object daemon() {
    return io.ocelot.daemon.plan.Observed.NOTHING;
  }
}

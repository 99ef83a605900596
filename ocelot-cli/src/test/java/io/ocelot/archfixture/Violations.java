package io.ocelot.archfixture;

/** Names the deliberately bad fixture classes the architecture rules must reject. */
public final class Violations {
  public static final Class<?> API = io.ocelot.api.archfixture.ApiUsesDaemon.class;
  public static final Class<?> API_IO = io.ocelot.api.archfixture.ApiReadsFiles.class;
  public static final Class<?> PLAN_CLOCK = io.ocelot.daemon.plan.archfixture.PlanReadsClock.class;
  public static final Class<?> PLAN_FILES = io.ocelot.daemon.plan.archfixture.PlanReadsFiles.class;
  public static final Class<?> DAEMON = io.ocelot.daemon.archfixture.DaemonUsesOthers.class;
  public static final Class<?> CONTROLLER =
      io.ocelot.controller.archfixture.ControllerUsesOthers.class;
  public static final Class<?> POOL_WIRING =
      io.ocelot.controller.pool.archfixture.PoolUsesWiring.class;
  public static final Class<?> SUPPORT_POOL =
      io.ocelot.controller.support.archfixture.SupportUsesPool.class;
  public static final Class<?> SIM_BENCH = io.ocelot.sim.archfixture.SimUsesBench.class;
  public static final Class<?> RUNTIME = io.ocelot.runtime.archfixture.RuntimeUsesDaemon.class;
  public static final Class<?> FAKEHOST = io.ocelot.fakehost.archfixture.FakehostUsesApi.class;
  public static final Class<?> CONSOLE = io.ocelot.console.archfixture.ConsoleUsesDaemon.class;
  public static final Class<?> NODE = io.ocelot.daemon.node.archfixture.NodeWritesState.class;
  public static final Class<?> SYNC_GAUGES =
      io.ocelot.daemon.sync.archfixture.LoopClearsGauges.class;
  public static final Class<?> STATIC_STATE = io.ocelot.archfixture.StaticCounter.class;

  private Violations() {}
}

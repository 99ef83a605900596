package io.ocelot.sim.archfixture;

/** Violates "nothing but the CLI depends on the benchmarks". */
public final class SimUsesBench {
  public Object bench() throws java.io.IOException {
    return io.ocelot.bench.DaemonBenchmark.deployedJavaOptions();
  }
}

package io.ocelot.sim.demo;

import io.ocelot.sim.SimCluster;

/** A scripted story on a fresh simulated cluster, its steps recorded on a {@link Timeline}. */
public interface Scenario {
  String name();

  String summary();

  /** Runs the steps after the cluster is up; stops at the first failed step. */
  void run(SimCluster sim, Timeline timeline);
}

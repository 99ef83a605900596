package io.ocelot.daemon.sync.archfixture;

import io.ocelot.daemon.txn.EngineMetrics;

/** Violates "one writer": clears the failing gauges beside the transition hook. */
public final class LoopClearsGauges {
  public void succeeded(EngineMetrics metrics) {
    metrics.settled();
  }
}

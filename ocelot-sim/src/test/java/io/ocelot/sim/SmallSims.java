package io.ocelot.sim;

import java.nio.file.Path;
import java.time.Duration;

/** The default cluster (3 workers, 1 master) with 1 s reboots and builds, on free ports. */
final class SmallSims {
  private SmallSims() {}

  static SimCluster start(Path dir) throws SimException {
    return SimCluster.start(
        SimSettings.defaults(dir.resolve("state"))
            .onFreePorts()
            .withTimes(Duration.ofSeconds(1), Duration.ofSeconds(1)),
        line -> {});
  }
}

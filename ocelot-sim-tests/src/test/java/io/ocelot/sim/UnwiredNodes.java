package io.ocelot.sim;

import io.ocelot.daemon.DaemonSettings;
import io.ocelot.fakehost.HostRootBuilder;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.concurrent.Executor;

/** Sim nodes with a host root but no cluster: no API access, no kubelet, no daemon started. */
final class UnwiredNodes {
  private UnwiredNodes() {}

  static SimulatedNode node(Path dir, String name) {
    return node(dir, name, Runnable::run);
  }

  /** A node whose power transitions run on {@code transitions}. */
  static SimulatedNode node(Path dir, String name, Executor transitions) {
    return new SimulatedNode(
        name,
        HostRootBuilder.at(dir.resolve(name)).build(),
        null,
        null,
        DaemonSettings.defaults(name),
        Duration.ofSeconds(1),
        Clock.systemUTC(),
        transitions);
  }
}

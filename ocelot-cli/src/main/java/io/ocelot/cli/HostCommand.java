package io.ocelot.cli;

import io.ocelot.daemon.HostWiring;
import io.ocelot.daemon.host.HostException;
import io.ocelot.daemon.txn.Checkpoint;
import io.ocelot.daemon.txn.EngineMetrics;
import io.ocelot.daemon.txn.HostContext;
import io.ocelot.daemon.txn.StateStore;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import java.nio.file.Files;
import java.nio.file.Path;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@code ocelot host ...}: the update engine on a host root, without a cluster. */
@Command(
    name = "host",
    mixinStandardHelpOptions = true,
    description = {
      "Run the update engine on a host root, offline: useful for image builds, debugging and"
          + " tests. A root laid out by 'host init' is simulated (its tools are stand-ins);"
          + " any other root is a real host, whose tools run with chroot."
    },
    subcommands = {
      HostInitCommand.class,
      HostApplyCommand.class,
      HostRebootCommand.class,
      HostFinalizeCommand.class,
      HostStatusCommand.class,
      HostFirstbootCommand.class
    })
final class HostCommand implements Runnable {
  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Override
  public void run() {
    spec.commandLine().usage(spec.commandLine().getOut());
  }

  /** The ports of the host at {@code root}, simulated or real. */
  static HostContext wire(Path root) throws HostException {
    if (!Files.exists(root)) {
      throw new HostException("host root " + root + " does not exist");
    }
    if (!Files.isDirectory(root)) {
      throw new HostException("host root " + root + " is not a directory");
    }
    return HostWiring.isSimulated(root) ? HostWiring.simulated(root) : HostWiring.chroot(root);
  }

  static StateStore store(HostContext host) {
    return new StateStore(host.files(), Checkpoint.NONE);
  }

  static EngineMetrics metrics() {
    return new EngineMetrics(new PrometheusRegistry());
  }
}

package io.ocelot.cli;

import io.ocelot.daemon.DaemonMain;
import io.ocelot.daemon.DaemonOptions;
import io.ocelot.daemon.DaemonSettings;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code ocelot daemon}: the node agent, the same {@link DaemonMain} the daemon's own image runs
 * (which reads the same options without picocli).
 */
@Command(
    name = "daemon",
    mixinStandardHelpOptions = true,
    description = {
      "Run the node agent for one node: watch the Node, apply the MachineConfig (and layered"
          + " image) it is told to, as one transaction, and report with MCO's annotations, events"
          + " and metrics. Runs until stopped."
    })
final class DaemonCommand implements Callable<Integer> {
  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Option(
      names = "--node",
      defaultValue = "${env:NODE_NAME}",
      description = "The node to manage (default: $NODE_NAME).")
  String node;

  @CommandLine.Mixin KubeconfigOption cluster;

  @Option(
      names = "--host-root",
      defaultValue = DaemonOptions.DEFAULT_HOST_ROOT,
      description = "Where the host is mounted (default: ${DEFAULT-VALUE}).")
  Path hostRoot;

  @Option(
      names = "--host",
      defaultValue = "chroot",
      description =
          "chroot: a real host at --host-root, its tools run with chroot (default); simulated: a"
              + " root of ocelot-fakehost's stand-ins.")
  String host;

  @Option(
      names = "--metrics-address",
      defaultValue = DaemonOptions.DEFAULT_METRICS_ADDRESS,
      description = "host:port for /metrics and /healthz (default: ${DEFAULT-VALUE}).")
  String metricsAddress;

  @Option(
      names = "--event-namespace",
      defaultValue = DaemonSettings.DEFAULT_EVENT_NAMESPACE,
      description = "Namespace of the events it records (default: ${DEFAULT-VALUE}).")
  String eventNamespace;

  @Override
  public Integer call() throws Exception {
    var err = spec.commandLine().getErr();
    DaemonOptions.Parsed parsed =
        DaemonOptions.of(
            Optional.ofNullable(node),
            Optional.ofNullable(cluster.kubeconfig),
            hostRoot,
            host,
            metricsAddress,
            eventNamespace,
            ((Main) spec.root().userObject()).logging().format().flag());
    if (parsed instanceof DaemonOptions.Invalid invalid) {
      err.println("error: " + invalid.message());
      return ExitCodes.UNREADABLE;
    }
    return DaemonMain.serve(
        ((DaemonOptions.Valid) parsed).options(), spec.commandLine().getOut(), err);
  }
}

package io.ocelot.cli;

import io.fabric8.kubernetes.client.KubernetesClient;
import io.ocelot.daemon.Daemon;
import io.ocelot.daemon.HostWiring;
import io.ocelot.daemon.node.DaemonMetrics;
import io.ocelot.daemon.node.DaemonSettings;
import io.ocelot.daemon.txn.HostContext;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code ocelot daemon}: the node agent. */
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
      required = true,
      defaultValue = "${env:NODE_NAME}",
      description = "The node to manage (default: $NODE_NAME).")
  String node;

  @CommandLine.Mixin KubeconfigOption cluster;

  @Option(
      names = "--host-root",
      defaultValue = "/rootfs",
      description = "Where the host is mounted (default: ${DEFAULT-VALUE}).")
  Path hostRoot;

  @Option(
      names = "--metrics-address",
      defaultValue = "127.0.0.1:8797",
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
    if (!cluster.valid(err)) {
      return ExitCodes.UNREADABLE;
    }
    if (node == null || node.isBlank()) {
      err.println("error: --node is required (or set NODE_NAME)");
      return ExitCodes.UNREADABLE;
    }
    if (!Files.isDirectory(hostRoot)) {
      err.println("error: host root " + hostRoot + " is not a directory");
      return ExitCodes.UNREADABLE;
    }
    Optional<InetSocketAddress> address = Clusters.address(metricsAddress);
    if (address.isEmpty()) {
      err.println("error: --metrics-address must be host:port, got " + metricsAddress);
      return ExitCodes.UNREADABLE;
    }
    HostContext host =
        HostWiring.isSimulated(hostRoot)
            ? HostWiring.simulated(hostRoot)
            : HostWiring.chroot(hostRoot);
    PrometheusRegistry registry = new PrometheusRegistry();
    DaemonSettings settings = DaemonSettings.defaults(node).withEventNamespace(eventNamespace);
    CountDownLatch stopped = new CountDownLatch(1);
    try (KubernetesClient client = cluster.connect();
        MetricsServer metrics =
            MetricsServer.start(address.get().getHostString(), address.get().getPort(), registry);
        Daemon daemon =
            new Daemon(
                settings,
                client,
                host,
                new DaemonMetrics(registry),
                Clock.systemUTC(),
                d -> Thread.sleep(d.toMillis()))) {
      Runtime.getRuntime().addShutdownHook(new Thread(stopped::countDown, "ocelot-shutdown"));
      daemon.start();
      spec.commandLine()
          .getOut()
          .println(
              "ocelot daemon for node "
                  + node
                  + " on "
                  + hostRoot
                  + "; metrics on "
                  + metricsAddress);
      spec.commandLine().getOut().flush();
      stopped.await();
    }
    return ExitCodes.OK;
  }
}

package io.ocelot.cli;

import com.sun.net.httpserver.HttpServer;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.ocelot.api.model.MachineConfigPool;
import io.ocelot.console.Alert;
import io.ocelot.console.Console;
import io.ocelot.console.NodeStateAlerts;
import io.ocelot.console.PoolAlerts;
import io.ocelot.console.PrometheusAlerts;
import io.ocelot.runtime.HttpEndpoint;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.function.Supplier;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code ocelot console}: the web console for any cluster. */
@Command(
    name = "console",
    mixinStandardHelpOptions = true,
    description = {
      "Serve the web console for a cluster: pools, nodes (state, configs, images, reason, last"
          + " failure), recent events and alerts, refreshed every second. Alerts come from"
          + " Prometheus with --prometheus-url, else from the nodes' state. (ocelot sim serves the"
          + " same page, with fault buttons, on its http port.)"
    })
final class ConsoleCommand implements Callable<Integer> {
  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @CommandLine.Mixin KubeconfigOption cluster;

  @Option(
      names = "--address",
      defaultValue = "127.0.0.1:8090",
      description = "host:port to serve on (default: ${DEFAULT-VALUE}).")
  String address;

  @Option(names = "--prometheus-url", description = "Read alerts from this Prometheus.")
  String prometheusUrl;

  @Override
  public Integer call() throws Exception {
    var err = spec.commandLine().getErr();
    Optional<InetSocketAddress> where = HttpEndpoint.address(address);
    if (where.isEmpty()) {
      err.println("error: --address must be host:port, got " + address);
      return ExitCodes.UNREADABLE;
    }
    if (!cluster.valid(err)) {
      return ExitCodes.UNREADABLE;
    }
    CountDownLatch stopped = new CountDownLatch(1);
    try (KubernetesClient client = cluster.connect()) {
      Supplier<List<Alert>> alerts =
          prometheusUrl != null
              ? new PrometheusAlerts(prometheusUrl)
              : () ->
                  PoolAlerts.plus(
                      NodeStateAlerts.of(client.nodes().list().getItems()),
                      PoolAlerts.of(client.resources(MachineConfigPool.class).list().getItems()));
      HttpServer server;
      try {
        server = HttpServer.create(where.get(), 0);
      } catch (java.net.BindException e) {
        err.println("error: " + address + " is in use; pass --address");
        return ExitCodes.INVALID;
      }
      Console.mount(server, client, alerts, false);
      server.start();
      Runtime.getRuntime().addShutdownHook(new Thread(stopped::countDown, "ocelot-shutdown"));
      spec.commandLine()
          .getOut()
          .println(
              "ocelot console for "
                  + client.getConfiguration().getMasterUrl()
                  + " on http://"
                  + where.get().getHostString()
                  + ":"
                  + server.getAddress().getPort()
                  + "/");
      spec.commandLine().getOut().flush();
      try {
        stopped.await();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      } finally {
        server.stop(0);
      }
    }
    return ExitCodes.OK;
  }
}

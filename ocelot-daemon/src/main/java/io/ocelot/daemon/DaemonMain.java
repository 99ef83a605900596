package io.ocelot.daemon;

import io.fabric8.kubernetes.api.model.KubernetesResource;
import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.ocelot.daemon.host.HostException;
import io.ocelot.daemon.sync.DaemonMetrics;
import io.ocelot.daemon.txn.HostContext;
import io.ocelot.runtime.MetricsServer;
import io.ocelot.runtime.ProcessDefaults;
import io.ocelot.runtime.ShutdownGate;
import io.ocelot.runtime.logging.LogSettings;
import io.ocelot.runtime.logging.LogSetup;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The daemon's own entry point, the one its image runs: plain arguments ({@link DaemonOptions}), a
 * client, the host, {@code /metrics}, and the daemon until SIGTERM. Nothing of the CLI, console,
 * simulator or controller is on its class path. {@code ocelot daemon} runs the same {@link #serve}.
 */
public final class DaemonMain {
  /** Exit codes as the CLI's: 0 done, 2 unusable input (arguments, host root). */
  static final int OK = 0;

  static final int UNREADABLE = 2;

  private DaemonMain() {}

  public static void main(String[] args) throws Exception {
    ProcessDefaults.apply();
    int code =
        run(
            List.of(args),
            System.getenv(),
            new PrintWriter(System.out, true),
            new PrintWriter(System.err, true));
    System.exit(code);
  }

  static int run(List<String> args, Map<String, String> env, PrintWriter out, PrintWriter err)
      throws Exception {
    DaemonOptions.Parsed parsed = DaemonOptions.parse(args, env);
    if (parsed instanceof DaemonOptions.Help) {
      out.print(DaemonOptions.USAGE);
      out.flush();
      return OK;
    }
    if (parsed instanceof DaemonOptions.Invalid invalid) {
      err.println("error: " + invalid.message());
      err.print(DaemonOptions.USAGE);
      err.flush();
      return UNREADABLE;
    }
    return serve(((DaemonOptions.Valid) parsed).options(), out, err);
  }

  /**
   * Why this JVM cannot run the daemon, when its file names are not UTF-8: it takes their encoding
   * from the locale, and without a UTF-8 one it cannot even form a MachineConfig path that is not
   * ASCII — the daemon crashed in the middle of such an update and then reported "the daemon
   * stopped" for ever. Refused at the start, with the fix named, instead.
   */
  static Optional<String> pathEncodingProblem(String jnuEncoding) {
    String e = jnuEncoding.replace("-", "").toUpperCase(java.util.Locale.ROOT);
    if (e.equals("UTF8")) {
      return Optional.empty();
    }
    return Optional.of(
        "this JVM names files in "
            + (jnuEncoding.isEmpty() ? "an unknown encoding" : jnuEncoding)
            + ", not UTF-8, so it cannot write a MachineConfig path that is not ASCII: run it with"
            + " a UTF-8 locale (LC_ALL=C.UTF-8, as the image's launcher and the DaemonSet set)");
  }

  /** Runs the daemon until the JVM is told to stop; returns the exit code. */
  public static int serve(DaemonOptions options, PrintWriter out, PrintWriter err)
      throws Exception {
    LogSetup.apply(LogSettings.defaults().withFormat(options.logFormat()));
    Optional<String> encoding = pathEncodingProblem(System.getProperty("sun.jnu.encoding", ""));
    if (encoding.isPresent()) {
      err.println("error: " + encoding.get());
      return UNREADABLE;
    }
    if (options.kubeconfig().isPresent() && !Files.isReadable(options.kubeconfig().get())) {
      err.println("error: --kubeconfig " + options.kubeconfig().get() + ": no such readable file");
      return UNREADABLE;
    }
    if (!Files.isDirectory(options.hostRoot())) {
      err.println("error: host root " + options.hostRoot() + " is not a directory");
      return UNREADABLE;
    }
    HostContext host;
    try {
      host = HostWiring.of(options.host(), options.hostRoot());
    } catch (HostException e) {
      err.println("error: " + e.getMessage());
      return UNREADABLE;
    }
    PrometheusRegistry registry = new PrometheusRegistry();
    DaemonSettings settings =
        DaemonSettings.defaults(options.node()).withEventNamespace(options.eventNamespace());
    // SIGTERM lets the daemon close its watch and endpoint before the JVM ends.
    ShutdownGate gate = new ShutdownGate("ocelot-shutdown");
    try (KubernetesClient client = connect(options);
        MetricsServer metrics =
            MetricsServer.start(
                options.metricsAddress().getHostString(),
                options.metricsAddress().getPort(),
                registry);
        Daemon daemon =
            new Daemon(
                settings,
                client,
                host,
                new DaemonMetrics(registry),
                Clock.systemUTC(),
                d -> Thread.sleep(d.toMillis()))) {
      gate.arm();
      daemon.start();
      learnKinds(client);
      out.println(
          "ocelot daemon for node "
              + options.node()
              + " on "
              + options.hostRoot()
              + "; metrics on "
              + options.metricsAddress().getHostString()
              + ":"
              + metrics.port());
      out.flush();
      gate.awaitStop();
    } finally {
      gate.release();
    }
    return OK;
  }

  /**
   * fabric8 learns the kinds on its class path (every model jar's list, ~200 classes loaded) the
   * first time it reads a watch event: more CPU than a minute of idling, and a collection. Learned
   * here, while the node's listing is in flight, instead of at the watch's first bookmark a minute
   * later or in the middle of the first update.
   */
  static KubernetesResource learnKinds(KubernetesClient client) {
    return client
        .getKubernetesSerialization()
        .unmarshal("{\"apiVersion\":\"v1\",\"kind\":\"Node\"}", KubernetesResource.class);
  }

  private static KubernetesClient connect(DaemonOptions options) throws IOException {
    if (options.kubeconfig().isEmpty()) {
      return new KubernetesClientBuilder().build(); // in-cluster, or ~/.kube/config
    }
    return new KubernetesClientBuilder()
        .withConfig(Config.fromKubeconfig(Files.readString(options.kubeconfig().get())))
        .build();
  }
}

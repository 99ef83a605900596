package io.ocelot.cli;

import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.ocelot.api.render.RenderDefaults;
import io.ocelot.controller.ControllerOperator;
import io.ocelot.controller.ControllerSettings;
import io.ocelot.controller.LeaderElection;
import io.ocelot.controller.drain.DrainSettings;
import io.ocelot.controller.imagebuild.BuildJobs;
import io.ocelot.controller.imagebuild.BuildNamespaces;
import io.ocelot.controller.imagebuild.ImageBuilder;
import io.ocelot.controller.imagebuild.JobImageBuilder;
import io.ocelot.controller.imagebuild.SimulatedImageBuilder;
import io.ocelot.controller.pool.DefaultPools;
import io.ocelot.controller.support.ControllerMetrics;
import io.ocelot.runtime.HttpEndpoint;
import io.ocelot.runtime.MetricsServer;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import java.io.PrintWriter;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code ocelot controller}: the cluster side. */
@Command(
    name = "controller",
    mixinStandardHelpOptions = true,
    description = {
      "Run the controller: render each pool's MachineConfigs, roll the rendered config (and"
          + " layered image) out within maxUnavailable, answer drain requests, build layered"
          + " images, and report pool status. One replica leads through a Lease. Runs until"
          + " stopped."
    })
final class ControllerCommand implements Callable<Integer> {
  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @CommandLine.Mixin KubeconfigOption cluster;

  @Option(
      names = "--metrics-address",
      defaultValue = "127.0.0.1:8798",
      description = "host:port for /metrics and /healthz (default: ${DEFAULT-VALUE}).")
  String metricsAddress;

  @Option(
      names = "--namespace",
      defaultValue = ControllerSettings.DEFAULT_NAMESPACE,
      description =
          "Namespace of its Lease and build Jobs; events of pools, builds and nodes go to"
              + " default, as the API server demands (default: ${DEFAULT-VALUE}).")
  String namespace;

  @Option(
      names = "--base-os-image",
      defaultValue = "quay.io/fedora/fedora-coreos:stable",
      description =
          "OS image of rendered configs whose MachineConfigs name none (default: ${DEFAULT-VALUE}).")
  String baseOsImage;

  @Option(
      names = "--os-image-stream",
      paramLabel = "NAME=OS_IMAGE[,EXTENSIONS_IMAGE]",
      description =
          "An OS stream pools may run (repeatable; images by digest); published in"
              + " OSImageStream/cluster")
  List<String> osImageStreams = new java.util.ArrayList<>();

  @Option(
      names = "--default-os-image-stream",
      paramLabel = "NAME",
      description = "The stream of pools that name none (default: the first --os-image-stream)")
  String defaultOsImageStream;

  @Option(
      names = "--builder",
      defaultValue = "job",
      description = "How layered images are built: job (buildah in a Job) or simulated.")
  String builder;

  @Option(
      names = "--builder-image",
      defaultValue = BuildJobs.DEFAULT_BUILDER_IMAGE,
      description = "Image of the build Jobs (default: ${DEFAULT-VALUE}).")
  String builderImage;

  @Option(
      names = "--build-namespace",
      defaultValue = BuildNamespaces.DEFAULT_JOBS,
      description =
          "Namespace of the build Jobs, their contexts and their copies of the MachineOSConfigs'"
              + " secrets (which stay in --namespace), apart from the privileged daemon's"
              + " (default: ${DEFAULT-VALUE}).")
  String buildNamespace;

  @Option(
      names = "--simulated-build-time",
      defaultValue = "PT5S",
      description = "How long a simulated build takes, ISO-8601 (default: ${DEFAULT-VALUE}).")
  Duration simulatedBuildTime;

  @Option(
      names = "--drain-timeout",
      defaultValue = "PT1H",
      description =
          "After how long a failing drain sets mcc_drain_err, ISO-8601 (default: ${DEFAULT-VALUE}).")
  Duration drainTimeout;

  @Option(
      names = "--render-delay",
      defaultValue = "PT5S",
      description =
          "How long a pool's MachineConfigs must stay unchanged before a new rendered config is"
              + " rolled out, so that a burst of changes reboots each node once, ISO-8601"
              + " (default: ${DEFAULT-VALUE}; PT0S renders at once).")
  Duration renderDelay;

  @Option(
      names = "--default-pools",
      negatable = true,
      defaultValue = "true",
      fallbackValue = "true",
      description =
          "Create MCO's default pools, master and worker, when they are missing; existing pools"
              + " are never changed (default: on).")
  boolean defaultPools;

  @Option(
      names = "--leader-election",
      negatable = true,
      defaultValue = "true",
      fallbackValue = "true",
      description = "Lead through the Lease '" + LeaderElection.LEASE_NAME + "' (default: on).")
  boolean leaderElection;

  @Option(
      names = "--identity",
      defaultValue = "${env:POD_NAME}",
      description = "This replica's name in the Lease (default: $POD_NAME, else the host name).")
  String identity;

  @Override
  public Integer call() throws Exception {
    var err = spec.commandLine().getErr();
    // The options first: a wrong one is wrong wherever the cluster is.
    Optional<InetSocketAddress> address = HttpEndpoint.address(metricsAddress);
    if (address.isEmpty()) {
      err.println("error: --metrics-address must be host:port, got " + metricsAddress);
      return ExitCodes.UNREADABLE;
    }
    if (!builder.equals("job") && !builder.equals("simulated")) {
      err.println("error: --builder must be job or simulated, got " + builder);
      return ExitCodes.UNREADABLE;
    }
    if (!cluster.valid(err)) {
      return ExitCodes.UNREADABLE;
    }
    try {
      OsStreamOptions.catalog(osImageStreams, defaultOsImageStream);
    } catch (IllegalArgumentException e) {
      err.println("error: " + e.getMessage());
      return ExitCodes.UNREADABLE;
    }
    CountDownLatch stopped = new CountDownLatch(1);
    AtomicBoolean lostLead = new AtomicBoolean();
    ControllerSettings settings =
        settings(
            () -> {
              lostLead.set(true);
              stopped.countDown();
            });
    PrometheusRegistry registry = new PrometheusRegistry();
    try (KubernetesClient client = cluster.connect();
        MetricsServer metrics =
            MetricsServer.start(address.get().getHostString(), address.get().getPort(), registry);
        ControllerOperator controller =
            ControllerOperator.start(
                client,
                settings,
                new ControllerMetrics(registry),
                imageBuilder(client),
                Clock.systemUTC())) {
      Runtime.getRuntime().addShutdownHook(new Thread(stopped::countDown, "ocelot-shutdown"));
      if (defaultPools) {
        createDefaultPools(client, err);
      }
      spec.commandLine()
          .getOut()
          .println(
              "ocelot controller on "
                  + client.getConfiguration().getMasterUrl()
                  + (leaderElection ? " (leader election on)" : "")
                  + "; metrics on "
                  + address.get().getHostString()
                  + ":"
                  + metrics.port());
      spec.commandLine().getOut().flush();
      stopped.await();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    if (lostLead.get()) {
      err.println("error: lost the lease " + LeaderElection.LEASE_NAME + "; stopping");
      return ExitCodes.LOST_LEADERSHIP;
    }
    return ExitCodes.OK;
  }

  private void createDefaultPools(KubernetesClient client, PrintWriter err) {
    try {
      List<String> created = DefaultPools.ensure(client);
      if (!created.isEmpty()) {
        spec.commandLine()
            .getOut()
            .println("created the default pools: " + String.join(", ", created));
      }
    } catch (KubernetesClientException e) {
      // Not fatal: the controller serves the pools there are; the admin sees why not these.
      err.println("warning: could not create the default pools: " + e.getMessage());
    }
  }

  private ControllerSettings settings(Runnable onLostLead) throws Exception {
    ControllerSettings defaults = ControllerSettings.defaults(baseOsImage);
    DrainSettings d = defaults.drain();
    ControllerSettings s =
        new ControllerSettings(
            new RenderDefaults(baseOsImage, "", "ocelot"),
            namespace,
            new DrainSettings(
                drainTimeout, d.firstRetry(), d.retry(), d.failingAfter(), d.failingRetry()),
            builder.equals("simulated") ? Duration.ofMillis(500) : defaults.buildPoll(),
            Optional.empty(),
            defaults.retry(),
            renderDelay,
            OsStreamOptions.catalog(osImageStreams, defaultOsImageStream));
    if (!leaderElection) {
      return s;
    }
    String who =
        identity == null || identity.isBlank()
            ? InetAddress.getLocalHost().getHostName()
            : identity;
    return s.withLeaderElection(LeaderElection.defaults(namespace, who, onLostLead));
  }

  private ImageBuilder imageBuilder(KubernetesClient client) {
    return builder.equals("simulated")
        ? new SimulatedImageBuilder(simulatedBuildTime, Clock.systemUTC())
        : new JobImageBuilder(client, new BuildNamespaces(namespace, buildNamespace), builderImage);
  }
}

package io.ocelot.daemon;

import static org.awaitility.Awaitility.await;

import io.fabric8.kubernetes.api.model.Event;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.NodeBuilder;
import io.fabric8.kubernetes.api.model.NodeCondition;
import io.fabric8.kubernetes.api.model.NodeConditionBuilder;
import io.fabric8.kubernetes.api.model.NodeStatus;
import io.fabric8.kubernetes.api.model.NodeSystemInfoBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.ocelot.api.model.MachineConfig;
import io.ocelot.api.node.NodeAnnotations;
import io.ocelot.daemon.node.DrainSettings;
import io.ocelot.daemon.sync.DaemonMetrics;
import io.ocelot.daemon.sync.RetrySettings;
import io.ocelot.daemon.txn.HealthRollbackTest;
import io.ocelot.daemon.txn.HostFixture;
import io.prometheus.metrics.expositionformats.PrometheusTextFormatWriter;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * One simulated node on the embedded API server: its daemon (restartable, with fresh metrics each
 * time) and a stand-in controller that acknowledges every drain request.
 */
final class NodeHarness implements AutoCloseable {
  static final String NODE = "worker-0";

  final KubernetesClient client;
  final HostFixture host;
  DaemonSettings settings;
  private final ScheduledExecutorService controller = Executors.newSingleThreadScheduledExecutor();
  Daemon daemon;
  PrometheusRegistry registry;
  DaemonMetrics metrics;
  volatile boolean ackDrains = true;

  /** With {@link #ackDrains}: false leaves uncordon requests unanswered (drains still go). */
  volatile boolean ackUncordons = true;

  /** Whether the kubelet reports Ready at the next {@link #startDaemon} (a boot). */
  volatile boolean kubeletReady = true;

  /** The harness daemon's limit for the built-in node-ready check. */
  static final Duration READY_TIMEOUT = Duration.ofSeconds(3);

  /** The daemon's own client (the harness and the test use {@link #client}): e.g. via a proxy. */
  KubernetesClient daemonClient;

  NodeHarness(KubernetesClient client, HostFixture host, Map<String, String> annotations) {
    this(client, host, annotations, Duration.ofMillis(200));
  }

  /** {@code backoff}: the first retry delay; long enough lets a test look between attempts. */
  NodeHarness(
      KubernetesClient client,
      HostFixture host,
      Map<String, String> annotations,
      Duration backoff) {
    this.client = client;
    this.daemonClient = client;
    this.host = host;
    this.settings =
        new DaemonSettings(
            NODE,
            new RetrySettings(
                backoff, backoff.multipliedBy(4), backoff, backoff.multipliedBy(4), 3),
            new DrainSettings(
                Duration.ofMillis(50), Duration.ofSeconds(20), Duration.ofSeconds(20)),
            DaemonSettings.DEFAULT_EVENT_NAMESPACE,
            Duration.ofSeconds(5),
            Duration.ofMinutes(10),
            // No drift polls unless a test asks (DriftMonitorIT): the scenarios edit host files.
            Duration.ZERO,
            READY_TIMEOUT);
    client
        .nodes()
        .resource(
            new NodeBuilder()
                .withNewMetadata()
                .withName(NODE)
                .withAnnotations(annotations)
                .endMetadata()
                .build())
        .create();
    controller.scheduleWithFixedDelay(this::ackDrain, 50, 50, TimeUnit.MILLISECONDS);
  }

  /**
   * A node that is Done on {@code current} (and {@code image}), its host settled there; the daemon
   * is not started yet.
   */
  static NodeHarness settledOn(
      KubernetesClient client,
      HostFixture host,
      MachineConfig current,
      Optional<String> image,
      Map<String, String> extra,
      Duration backoff)
      throws Exception {
    host.settle(current, image);
    Map<String, String> a = new HashMap<>();
    a.put(NodeAnnotations.CURRENT_CONFIG, current.getMetadata().getName());
    a.put(NodeAnnotations.DESIRED_CONFIG, current.getMetadata().getName());
    image.ifPresent(i -> a.put(NodeAnnotations.CURRENT_IMAGE, i));
    image.ifPresent(i -> a.put(NodeAnnotations.DESIRED_IMAGE, i));
    a.put(NodeAnnotations.STATE, "Done");
    a.putAll(extra);
    return new NodeHarness(client, host, a, backoff);
  }

  /** The machine's part of the reboot the daemon asked for: down, up, a fresh daemon. */
  void reboot() throws Exception {
    await().atMost(Duration.ofSeconds(30)).until(host.fake::rebootRequested);
    stopDaemon();
    host.fake.reboot();
    startDaemon();
  }

  /** The controller asks for a config whose required kubelet check fails after the boot. */
  void desireAConfigWhoseBootFailsItsHealthCheck(String image) {
    create(
        HealthRollbackTest.withCheck(
            "rendered-worker-health",
            HealthRollbackTest.KUBELET_CHECK,
            HealthRollbackTest.FAILING,
            image));
    setDesiredConfig("rendered-worker-health");
  }

  void create(MachineConfig... configs) {
    for (MachineConfig mc : configs) {
      client.resources(MachineConfig.class).resource(mc).create();
    }
  }

  /** Shorter view age and resync period, for the next {@link #startDaemon}. */
  void resyncEvery(Duration resync, Duration viewMaxAge) {
    settings = settings.withResync(resync, viewMaxAge);
  }

  /**
   * A fresh daemon process: new metrics registry. The node's kubelet, up by then, has reported the
   * boot: Ready (or not, per {@link #kubeletReady}) with the host's boot ID, as after a real boot.
   */
  void startDaemon() throws IOException {
    stopDaemon();
    postReady();
    registry = new PrometheusRegistry();
    metrics = new DaemonMetrics(registry);
    daemon =
        new Daemon(
            settings,
            daemonClient,
            host.host,
            metrics,
            Clock.systemUTC(),
            d -> Thread.sleep(d.toMillis()));
    daemon.start();
  }

  /** The kubelet's part of a boot: the Ready condition and the boot ID on the node's status. */
  private void postReady() {
    NodeCondition ready =
        kubeletReady
            ? new NodeConditionBuilder()
                .withType("Ready")
                .withStatus("True")
                .withReason("KubeletReady")
                .withMessage("kubelet is posting ready status")
                .build()
            : new NodeConditionBuilder()
                .withType("Ready")
                .withStatus("False")
                .withReason("KubeletNotReady")
                .withMessage("container runtime network not ready: cni plugin not initialized")
                .build();
    client
        .nodes()
        .withName(NODE)
        .editStatus(
            n -> {
              if (n.getStatus() == null) {
                n.setStatus(new NodeStatus());
              }
              n.getStatus().setConditions(List.of(ready));
              n.getStatus()
                  .setNodeInfo(new NodeSystemInfoBuilder().withBootID(host.fake.bootId()).build());
              return n;
            });
  }

  void stopDaemon() {
    if (daemon != null) {
      daemon.close();
      daemon = null;
    }
  }

  Map<String, String> annotations() {
    return client.nodes().withName(NODE).get().getMetadata().getAnnotations();
  }

  String annotation(String key) {
    return annotations().get(key);
  }

  /** The controller's part of an update: the node's desiredConfig annotation. */
  void setDesiredConfig(String config) {
    annotate(Map.of(NodeAnnotations.DESIRED_CONFIG, config));
  }

  void setDesired(String config, String image) {
    annotate(Map.of(NodeAnnotations.DESIRED_CONFIG, config, NodeAnnotations.DESIRED_IMAGE, image));
  }

  /** The node as it was before the daemon reported a failure: Done, no reason, no record. */
  void forgetReport() {
    client
        .nodes()
        .withName(NODE)
        .edit(
            n -> {
              Map<String, String> a = n.getMetadata().getAnnotations();
              a.put(NodeAnnotations.STATE, "Done");
              a.remove(NodeAnnotations.REASON);
              a.remove(NodeAnnotations.LAST_FAILURE);
              return n;
            });
  }

  /** Sets annotations on the node as another writer (the controller) would. */
  /** As the controller writes: again on a 409 when the daemon wrote the node meanwhile. */
  void annotate(Map<String, String> annotations) {
    io.ocelot.apiserver.Conflicts.retry(
        () ->
            client
                .nodes()
                .withName(NODE)
                .edit(
                    n -> {
                      n.getMetadata().getAnnotations().putAll(annotations);
                      return n;
                    }));
  }

  void awaitState(String state) {
    await()
        .atMost(Duration.ofSeconds(30))
        .until(() -> state.equals(annotation(NodeAnnotations.STATE)));
  }

  /**
   * Done and no drain request pending: Done carries the uncordon request, whose acknowledgement
   * comes after it.
   */
  void awaitSettled() {
    awaitState("Done");
    await()
        .atMost(Duration.ofSeconds(30))
        .until(
            () ->
                Objects.equals(
                    annotation(NodeAnnotations.DESIRED_DRAIN),
                    annotation(NodeAnnotations.LAST_APPLIED_DRAIN)));
  }

  /**
   * How many syncs of the running daemon decided {@code decision} ({@code held}, {@code
   * not-managed} …): the positive sign that the loop looked, before a test asserts that nothing
   * happened.
   */
  double decisions(String decision) throws IOException {
    return counter("ocelot_daemon_sync_decisions_total{decision=\"" + decision + "\"}");
  }

  /** A counter's value in the daemon's metrics, 0 when it has none yet. */
  double counter(String series) throws IOException {
    for (String line : scrape().split("\n")) {
      if (line.startsWith(series + " ")) {
        return Double.parseDouble(line.substring(series.length() + 1).trim());
      }
    }
    return 0;
  }

  /** The daemon's metrics as Prometheus scrapes them (the text format). */
  String scrape() throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    PrometheusTextFormatWriter.create().write(out, registry.scrape());
    return out.toString(StandardCharsets.UTF_8);
  }

  List<Event> events(String reason) {
    return client.v1().events().inNamespace(settings.eventNamespace()).list().getItems().stream()
        .filter(e -> reason.equals(e.getReason()) && NODE.equals(e.getInvolvedObject().getName()))
        .toList();
  }

  private void ackDrain() {
    try {
      if (!ackDrains) {
        return;
      }
      Node n = client.nodes().withName(NODE).get();
      Map<String, String> a = n.getMetadata().getAnnotations();
      String desired = a.get(NodeAnnotations.DESIRED_DRAIN);
      if (desired != null
          && !desired.equals(a.get(NodeAnnotations.LAST_APPLIED_DRAIN))
          && (ackUncordons || !desired.startsWith("uncordon-"))) {
        annotate(Map.of(NodeAnnotations.LAST_APPLIED_DRAIN, desired));
      }
    } catch (RuntimeException e) {
      // The API server may be restarting in some tests; try again on the next tick.
    }
  }

  @Override
  public void close() {
    stopDaemon();
    controller.shutdownNow();
  }
}

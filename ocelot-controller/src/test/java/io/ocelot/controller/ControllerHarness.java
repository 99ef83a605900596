package io.ocelot.controller;

import static org.awaitility.Awaitility.await;

import io.fabric8.kubernetes.api.model.Event;
import io.fabric8.kubernetes.api.model.IntOrString;
import io.fabric8.kubernetes.api.model.LabelSelector;
import io.fabric8.kubernetes.api.model.LabelSelectorBuilder;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.NodeBuilder;
import io.fabric8.kubernetes.api.model.coordination.v1.Lease;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.utils.Serialization;
import io.ocelot.api.model.MachineConfig;
import io.ocelot.api.model.MachineConfigNode;
import io.ocelot.api.model.MachineConfigPool;
import io.ocelot.api.model.MachineConfigPoolCondition;
import io.ocelot.api.model.MachineConfigPoolSpec;
import io.ocelot.api.model.MachineOSBuild;
import io.ocelot.api.model.MachineOSConfig;
import io.ocelot.api.model.PoolConfiguration;
import io.ocelot.api.node.NodeAnnotations;
import io.ocelot.api.policy.RolloutPolicy;
import io.ocelot.apiserver.ControlPlane;
import io.ocelot.apiserver.ControlPlaneException;
import io.ocelot.apiserver.ControlPlaneMode;
import io.ocelot.apiserver.ControlPlanes;
import io.ocelot.apiserver.SharedControlPlane;
import io.ocelot.controller.drain.DrainSettings;
import io.ocelot.controller.imagebuild.ImageBuilder;
import io.ocelot.controller.imagebuild.SimulatedImageBuilder;
import io.ocelot.controller.support.ControllerMetrics;
import io.ocelot.controller.support.ObjectEvents;
import io.prometheus.metrics.expositionformats.PrometheusTextFormatWriter;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Predicate;

/**
 * The real control plane with Ocelot's CRDs ({@link #onKube}, or one a test class shares) with the
 * controller running against it over HTTP, and the objects a test needs: pools, MachineConfigs from
 * {@code examples/}, and nodes as first boot leaves them.
 */
final class ControllerHarness implements AutoCloseable {
  static final String POOL = "worker";
  static final String ROLE = "machineconfiguration.openshift.io/role";
  static final String WORKER_LABEL = "node-role.kubernetes.io/worker";
  static final Path EXAMPLES = Path.of("..", "examples");

  final ControlPlane server;
  final KubernetesClient client;
  private final KubernetesClient controllerClient;

  private ControllerHarness(ControlPlane server, boolean ownsServer) {
    this.server = server;
    this.ownsServer = ownsServer;
    this.client = server.newAdminClient();
    this.controllerClient = server.newAdminClient();
  }

  private ControllerHarness(ControlPlane server) {
    this(server, true);
  }

  /** Whether {@link #close} stops the server (not one the test class shares). */
  private final boolean ownsServer;

  /**
   * The real control plane shared by a test class (a static {@code @RegisterExtension}): after each
   * test it removes the objects a controller test makes.
   */
  static SharedControlPlane sharedKube() {
    return new SharedControlPlane()
        .wiping(
            List.of(
                MachineConfigPool.class,
                MachineConfigNode.class,
                MachineOSConfig.class,
                MachineOSBuild.class,
                RolloutPolicy.class),
            Lease.class);
  }

  /** On the class's shared control plane; closing this harness leaves it running. */
  static ControllerHarness on(SharedControlPlane shared) {
    return new ControllerHarness(shared.cluster, false);
  }

  /** On the real control plane (its data in {@code dir}), Ocelot's CRDs installed. */
  static ControllerHarness onKube(Path dir) {
    try {
      return new ControllerHarness(
          ControlPlanes.start(ControlPlaneMode.KUBE, dir, 0, System.getenv(), line -> {})
              .installCrds());
    } catch (ControlPlaneException e) {
      throw new IllegalStateException(e.getMessage(), e);
    }
  }

  private ControllerOperator controller;

  final PrometheusRegistry registry = new PrometheusRegistry();
  private final ControllerMetrics metrics = new ControllerMetrics(registry);
  DrainSettings drain = DrainSettings.defaults();

  /** Renders at once unless a test asks for MCO's quiet period (RenderDebounceIT). */
  Duration renderDelay = Duration.ZERO;

  Duration buildTime = Duration.ofMillis(500);

  /** The controller's clock (a test may set it: maintenance windows). */
  Clock clock = Clock.systemUTC();

  SimulatedImageBuilder builder;

  /** Another builder than the simulated one (the production Job builder, say). */
  ImageBuilder imageBuilder;

  /** How often the controller looks at a running build it is not told about. */
  Duration buildPoll = Duration.ofMillis(200);

  ControllerHarness startController() {
    return startController(controllerClient);
  }

  /** The controller talking to the API server through {@code through} (a fault proxy, say). */
  ControllerHarness startController(KubernetesClient through) {
    if (builder == null) {
      builder = new SimulatedImageBuilder(buildTime, Clock.systemUTC());
    }
    controller =
        ControllerOperator.start(
            through, settings(), metrics, imageBuilder == null ? builder : imageBuilder, clock);
    return this;
  }

  ControllerSettings settings() {
    return ControllerSettings.defaults("quay.io/ocelot/fedora-coreos:stable")
        .withDrain(drain)
        .withBuildPoll(buildPoll)
        .withRenderDelay(renderDelay);
  }

  /** The controller's events with {@code reason}, oldest first. */
  List<Event> events(String reason) {
    return client
        .v1()
        .events()
        .inNamespace(ObjectEvents.CLUSTER_SCOPED_EVENTS)
        .list()
        .getItems()
        .stream()
        .filter(e -> reason.equals(e.getReason()))
        .toList();
  }

  /** The controller's metrics in the Prometheus text format. */
  /** The controller's passes over {@code pool} so far. */
  double poolPasses(String pool) {
    String series = "mcc_pool_passes_total{pool=\"" + pool + "\"} ";
    for (String line : metrics().split("\n")) {
      if (line.startsWith(series)) {
        return Double.parseDouble(line.substring(series.length()).trim());
      }
    }
    return 0;
  }

  /**
   * The positive sign before a test asserts that the controller did nothing: a node (or, in a
   * cluster without nodes, a MachineConfig) is poked (an annotation of no meaning; every node event
   * concerns every pool) and the controller passes over {@code pool} again, twice, so that at least
   * one pass began after the poke.
   */
  void awaitLookedAgain(String pool) {
    for (int i = 1; i <= 2; i++) {
      double before = poolPasses(pool);
      List<Node> nodes = client.nodes().list().getItems();
      if (nodes.isEmpty()) {
        // A cluster without nodes: a MachineConfig's change concerns its pools too.
        String mc =
            client
                .resources(io.ocelot.api.model.MachineConfig.class)
                .list()
                .getItems()
                .get(0)
                .getMetadata()
                .getName();
        client
            .resources(io.ocelot.api.model.MachineConfig.class)
            .withName(mc)
            .edit(
                m -> {
                  java.util.Map<String, String> a = new java.util.HashMap<>();
                  if (m.getMetadata().getAnnotations() != null) {
                    a.putAll(m.getMetadata().getAnnotations());
                  }
                  a.put("example.com/poke", "" + System.nanoTime());
                  m.getMetadata().setAnnotations(a);
                  return m;
                });
      } else {
        client
            .nodes()
            .withName(nodes.get(0).getMetadata().getName())
            .edit(
                n -> {
                  n.getMetadata().getAnnotations().put("example.com/poke", "" + System.nanoTime());
                  return n;
                });
      }
      org.awaitility.Awaitility.await()
          .atMost(java.time.Duration.ofSeconds(20))
          .until(() -> poolPasses(pool) > before);
    }
  }

  String metrics() {
    try {
      java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
      PrometheusTextFormatWriter.create().write(out, registry.scrape());
      return out.toString(java.nio.charset.StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The running controller's max reconciliation interval per reconciler. */
  Map<String, Optional<Duration>> maxReconciliationIntervals() {
    return controller.maxReconciliationIntervals();
  }

  void stopController() {
    controller.close();
    controller = null;
  }

  MachineConfigPool pool(Object maxUnavailable) {
    return pool(
        POOL,
        new LabelSelectorBuilder().addToMatchLabels(ROLE, POOL).build(),
        WORKER_LABEL,
        maxUnavailable);
  }

  /**
   * MCO's infra pool: the worker and infra MachineConfigs, the nodes labelled
   * node-role.kubernetes.io/infra (which keep their worker label).
   */
  MachineConfigPool infraPool(Object maxUnavailable) {
    return pool(
        "infra",
        new LabelSelectorBuilder()
            .addNewMatchExpression()
            .withKey(ROLE)
            .withOperator("In")
            .withValues("worker", "infra")
            .endMatchExpression()
            .build(),
        "node-role.kubernetes.io/infra",
        maxUnavailable);
  }

  /** A pool of the nodes labelled {@code nodeLabel}="" (an infra pool, say). */
  MachineConfigPool pool(
      String name, LabelSelector configs, String nodeLabel, Object maxUnavailable) {
    MachineConfigPool p = new MachineConfigPool();
    p.getMetadata().setName(name);
    MachineConfigPoolSpec spec = new MachineConfigPoolSpec();
    spec.setMachineConfigSelector(configs);
    spec.setNodeSelector(new LabelSelectorBuilder().addToMatchLabels(nodeLabel, "").build());
    spec.setMaxUnavailable(new IntOrString(maxUnavailable));
    p.setSpec(spec);
    return client.resources(MachineConfigPool.class).resource(p).create();
  }

  MachineConfig example(String file) {
    return example(file, mc -> mc);
  }

  /** The example {@code file}, changed by {@code edit} before it is created. */
  MachineConfig example(String file, java.util.function.UnaryOperator<MachineConfig> edit) {
    try (InputStream in = Files.newInputStream(EXAMPLES.resolve(file))) {
      MachineConfig mc = edit.apply(Serialization.unmarshal(in, MachineConfig.class));
      return client.resources(MachineConfig.class).resource(mc).create();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  void deleteConfig(String name) {
    client.resources(MachineConfig.class).withName(name).delete();
  }

  /** Edits the pool as a user would, again on a conflict with the controller's status write. */
  void editPool(java.util.function.UnaryOperator<MachineConfigPool> edit) {
    io.ocelot.apiserver.Conflicts.retry(
        () -> client.resources(MachineConfigPool.class).withName(POOL).edit(edit));
  }

  MachineConfigPool pool() {
    return pool(POOL);
  }

  MachineConfigPool pool(String name) {
    return client.resources(MachineConfigPool.class).withName(name).get();
  }

  /** Waits until the pool's spec names a rendered config other than {@code previous}. */
  String awaitRendered(Optional<String> previous) {
    String[] name = new String[1];
    await()
        .atMost(Duration.ofSeconds(20))
        .until(
            () -> {
              PoolConfiguration c = pool().getSpec().getConfiguration();
              name[0] = c == null ? null : c.getName();
              return name[0] != null && !previous.equals(Optional.of(name[0]));
            });
    return name[0];
  }

  /**
   * Waits until the pool's status says all {@code nodes} are updated to {@code config}; on a
   * timeout prints the nodes and the status (what a failed rollout test needs to be understood).
   */
  io.ocelot.api.model.MachineConfigPoolStatus awaitUpdated(
      String config, int nodes, Duration atMost) {
    io.ocelot.api.model.MachineConfigPoolStatus[] s =
        new io.ocelot.api.model.MachineConfigPoolStatus[1];
    try {
      await()
          .atMost(atMost)
          .until(
              () -> {
                s[0] = pool().getStatus();
                return s[0] != null
                    && s[0].getConfiguration() != null
                    && config.equals(s[0].getConfiguration().getName())
                    && s[0].getUpdatedMachineCount() == nodes
                    && s[0].getMachineCount() == nodes;
              });
    } catch (org.awaitility.core.ConditionTimeoutException e) {
      client
          .nodes()
          .list()
          .getItems()
          .forEach(
              n ->
                  System.out.println(
                      n.getMetadata().getName()
                          + " resourceVersion="
                          + n.getMetadata().getResourceVersion()
                          + " unschedulable="
                          + n.getSpec().getUnschedulable()
                          + " taints="
                          + n.getSpec().getTaints()
                          + " "
                          + n.getMetadata().getAnnotations()));
      // The whole status (conditions, counts), not the model's identity hash.
      System.out.println(
          "pool status: "
              + io.fabric8.kubernetes.client.utils.Serialization.asYaml(pool().getStatus()));
      throw e;
    }
    return s[0];
  }

  /** The pool's condition {@code type} now, if it has one. */
  Optional<MachineConfigPoolCondition> condition(String type) {
    MachineConfigPool p = pool();
    return p.getStatus() == null
        ? Optional.empty()
        : p.getStatus().getConditions().stream().filter(c -> type.equals(c.getType())).findFirst();
  }

  MachineConfigPoolCondition awaitCondition(
      String type, Predicate<MachineConfigPoolCondition> which) {
    MachineConfigPoolCondition[] found = new MachineConfigPoolCondition[1];
    await()
        .atMost(Duration.ofSeconds(30))
        .until(
            () -> {
              MachineConfigPool p = pool();
              if (p.getStatus() == null) {
                return false;
              }
              found[0] =
                  p.getStatus().getConditions().stream()
                      .filter(c -> type.equals(c.getType()))
                      .filter(which)
                      .findFirst()
                      .orElse(null);
              return found[0] != null;
            });
    return found[0];
  }

  /**
   * A ready worker node on {@code config}, as the machine-config server leaves it at first boot.
   * The API server stamps its creation time (to the second) and keeps it immutable.
   */
  Node node(String name, String zone, String config) {
    return node(name, zone, config, Map.of());
  }

  /** The same with {@code extra} labels (a custom pool's role). */
  Node node(String name, String zone, String config, Map<String, String> extra) {
    Map<String, String> labels = new HashMap<>(Map.of(WORKER_LABEL, ""));
    labels.putAll(extra);
    if (zone != null) {
      labels.put("topology.kubernetes.io/zone", zone);
    }
    Node n =
        new NodeBuilder()
            .withNewMetadata()
            .withName(name)
            .withLabels(labels)
            .addToAnnotations(NodeAnnotations.CURRENT_CONFIG, config)
            .addToAnnotations(NodeAnnotations.DESIRED_CONFIG, config)
            .addToAnnotations(NodeAnnotations.STATE, "Done")
            .endMetadata()
            .withNewStatus()
            .addNewCondition()
            .withType("Ready")
            .withStatus("True")
            .endCondition()
            .endStatus()
            .build();
    return client.nodes().resource(n).create();
  }

  /** The nodes told to go to {@code config}. */
  java.util.Set<String> targetedAt(String config) {
    return client.nodes().list().getItems().stream()
        .filter(
            n ->
                config.equals(n.getMetadata().getAnnotations().get(NodeAnnotations.DESIRED_CONFIG)))
        .map(n -> n.getMetadata().getName())
        .collect(java.util.stream.Collectors.toSet());
  }

  /** How many nodes are Done on {@code config}. */
  long doneOn(String config) {
    return client.nodes().list().getItems().stream()
        .map(n -> n.getMetadata().getAnnotations())
        .filter(a -> config.equals(a.get(NodeAnnotations.CURRENT_CONFIG)))
        .filter(a -> "Done".equals(a.get(NodeAnnotations.STATE)))
        .count();
  }

  Node node(String name) {
    return client.nodes().withName(name).get();
  }

  private final List<NodePlayer> players = new java.util.ArrayList<>();

  /** The nodes' daemons, played by the test ({@link NodePlayer}); closed with this harness. */
  NodePlayer daemons(long millis) {
    NodePlayer p = new NodePlayer(client, millis);
    players.add(p);
    return p;
  }

  @Override
  public void close() {
    players.forEach(NodePlayer::close);
    if (controller != null) {
      controller.close();
    }
    controllerClient.close();
    client.close();
    if (ownsServer) {
      server.close();
    }
  }
}

package io.ocelot.sim;

import io.fabric8.kubernetes.client.KubernetesClient;
import io.ocelot.api.ignition.IgnitionConfig;
import io.ocelot.api.ignition.IgnitionParser;
import io.ocelot.api.ignition.IgnitionResult;
import io.ocelot.api.model.MachineConfig;
import io.ocelot.api.model.MachineConfigPool;
import io.ocelot.api.model.PoolConfiguration;
import io.ocelot.apiserver.ControlPlane;
import io.ocelot.apiserver.ControlPlaneException;
import io.ocelot.apiserver.ControlPlanes;
import io.ocelot.console.Console;
import io.ocelot.console.PoolAlerts;
import io.ocelot.controller.ControllerOperator;
import io.ocelot.controller.ControllerSettings;
import io.ocelot.controller.imagebuild.SimulatedImageBuilder;
import io.ocelot.controller.pool.DefaultPools;
import io.ocelot.controller.support.AdmissionRetry;
import io.ocelot.controller.support.ControllerMetrics;
import io.ocelot.daemon.DaemonSettings;
import io.ocelot.daemon.HostWiring;
import io.ocelot.daemon.host.HostException;
import io.ocelot.daemon.node.DrainSettings;
import io.ocelot.daemon.txn.FirstBoot;
import io.ocelot.fakehost.FakeHost;
import io.ocelot.fakehost.HostRootBuilder;
import io.ocelot.runtime.BackgroundThreads;
import io.ocelot.sim.machine.MachineBase;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The whole system on one machine: the control plane with Ocelot's CRDs and access objects, the
 * controller (as its ServiceAccount, simulated image builder), one daemon per node (each as a
 * DaemonSet pod of its node would log in), the nodes' kubelet duties, each node's host root under
 * the state dir, the reboot lifecycle, and the HTTP endpoint.
 */
public final class SimCluster implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(SimCluster.class);
  private static final Duration TICK = Duration.ofMillis(100);

  /**
   * Every how many ticks the roots are checked for reboot requests the daemons did not make (by
   * hand, a fault's): a daemon's own request is acted on when its command ends. Checking every root
   * every tick was a measurable share of a large rollout's CPU (docs/performance.md).
   */
  private static final int REQUEST_CHECK_TICKS = 10;

  /** Nodes laid out and started at once: enough to overlap their API round trips. */
  private static final int STARTERS = 4;

  /** Power transitions under way at once (each mostly waits: API round trips, a daemon's step). */
  private static final int POWER_THREADS = 16;

  /** Lease renewals under way at once. */
  private static final int LEASE_SHARDS = 4;

  private final SimSettings settings;
  private final StateDir state;
  private final ControlPlane api;
  private final KubernetesClient admin;
  private final ClusterAccess access;
  private final SimKubelet kubelet;
  private KubernetesClient controllerClient;
  private final SimulatedImageBuilder builder;
  private final PrometheusRegistry registry = new PrometheusRegistry();
  private final Map<String, SimNode> nodes = new LinkedHashMap<>();
  private final ScheduledExecutorService ticker = daemonThreads(1, "ocelot-sim-power");
  // Power transitions, side by side (see SimNode.tick).
  private final ScheduledExecutorService transitions =
      daemonThreads(POWER_THREADS, "ocelot-sim-transition");
  // The kubelets' lease renewals, apart from the power ticks they used to hold up.
  private final ScheduledExecutorService leaseTicker =
      daemonThreads(LEASE_SHARDS, "ocelot-sim-leases");
  private final Clock clock = Clock.systemUTC();
  private final AtomicLong ticks = new AtomicLong();

  /** The controller's clock: the sim's, or one a test moves ahead to open maintenance windows. */
  private final Clock controllerClock;

  private ControllerOperator controller;
  private SimHttp http;
  private Machines machines;

  private SimCluster(
      SimSettings settings, StateDir state, ControlPlane api, Clock controllerClock) {
    this.settings = settings;
    this.controllerClock = controllerClock;
    this.state = state;
    this.api = api;
    this.admin = api.newAdminClient();
    this.access = new ClusterAccess(api, admin);
    this.kubelet = new SimKubelet(admin, clock, api.authenticates());
    this.builder = new SimulatedImageBuilder(settings.buildTime(), clock);
  }

  /** Brings a fresh cluster up; {@code progress} hears each stage. */
  public static SimCluster start(SimSettings settings, Consumer<String> progress)
      throws SimException {
    return start(settings, progress, Clock.systemUTC());
  }

  /**
   * The same with the controller on {@code controllerClock}: rollout policies (maintenance windows,
   * soak) read it, so a test can move time for them without waiting.
   */
  public static SimCluster start(
      SimSettings settings, Consumer<String> progress, Clock controllerClock) throws SimException {
    StateDir state = StateDir.claim(settings.stateDir(), settings.reset());
    ControlPlane api;
    try {
      api =
          ControlPlanes.start(
              settings.controlPlane(), state.path(), settings.apiPort(), System.getenv(), progress);
    } catch (ControlPlaneException e) {
      state.close();
      throw new SimException(e.getMessage(), e);
    }
    SimCluster sim = new SimCluster(settings, state, api, controllerClock);
    try {
      sim.bringUp(progress);
      return sim;
    } catch (SimException | RuntimeException e) {
      sim.close();
      throw e;
    }
  }

  private void bringUp(Consumer<String> progress) throws SimException {
    if (settings.machines().count() > 0) {
      if (!api.authenticates()) {
        throw new SimException(
            "machine nodes need the real control plane (--control-plane kube): their daemons log"
                + " in as their pods");
      }
      machines = Machines.prepare(settings.machines(), state, progress);
    }
    api.installCrds();
    if (!api.authenticates()) {
      state.write("kubeconfig", api.kubeconfig());
    }
    progress.accept(
        (api.authenticates() ? "Kubernetes control plane on " : "embedded API server on ")
            + api.url()
            + " (kubeconfig: "
            + state.kubeconfig()
            + ")");
    access.install();
    if (api.authenticates()) {
      kubelet.serveLogs(MachineBase.defaultCache(System.getenv()).getParent());
    }
    for (String role : ClusterSeed.ROLES) {
      for (MachineConfig mc : ClusterSeed.baseConfigs(role)) {
        admin.resources(MachineConfig.class).resource(mc).create();
      }
      AdmissionRetry.write(
          () -> admin.resources(MachineConfigPool.class).resource(ClusterSeed.pool(role)).create(),
          DefaultPools.ADMISSION_PATIENCE);
    }
    String baseImage = ClusterSeed.baseImage();
    controllerClient = access.controller();
    controller =
        ControllerOperator.start(
            controllerClient,
            ControllerSettings.defaults(baseImage)
                .withBuildPoll(Duration.ofMillis(500))
                .withRenderDelay(RENDER_DELAY)
                .withOsStreams(ClusterSeed.STREAMS),
            new ControllerMetrics(registry),
            builder,
            controllerClock);
    progress.accept("controller started; rendering pools master and worker");
    Map<String, String> rendered = new LinkedHashMap<>();
    for (String role : ClusterSeed.ROLES) {
      rendered.put(role, awaitRendered(role));
    }
    for (String role : ClusterSeed.ROLES) {
      int n = role.equals("master") ? settings.masters() : settings.workers();
      MachineConfig config =
          admin.resources(MachineConfig.class).withName(rendered.get(role)).get();
      addNodes(role, n, config, baseImage, progress);
    }
    access.publishDaemonSetStatus();
    deleteTree(state.path().resolve("templates"));
    registry.register(new NodeMetrics(this::nodes));
    http =
        SimHttp.start(
            settings.httpPort(),
            registry,
            this::apply,
            server ->
                Console.mount(
                    server,
                    admin,
                    () ->
                        PoolAlerts.plus(
                            GaugeAlerts.of(nodes()),
                            PoolAlerts.of(
                                admin.resources(MachineConfigPool.class).list().getItems())),
                    true));
    ticker.scheduleWithFixedDelay(
        this::tick, TICK.toMillis(), TICK.toMillis(), TimeUnit.MILLISECONDS);
    long renew = SimKubelet.LEASE_RENEW.toMillis();
    for (int shard = 0; shard < LEASE_SHARDS; shard++) {
      int mine = shard;
      leaseTicker.scheduleWithFixedDelay(
          () -> kubelet.renewLeases(this::isUp, mine, LEASE_SHARDS),
          renew,
          renew,
          TimeUnit.MILLISECONDS);
    }
    state.write(
        StateDir.INFO,
        new SimInfo(ProcessHandle.current().pid(), api.url(), httpUrl(), clock.instant().toString())
            .json());
    progress.accept(
        nodes.size()
            + " nodes up ("
            + settings.masters()
            + " master, "
            + settings.workers()
            + " worker), each Done on "
            + String.join(" / ", rendered.values()));
    progress.accept(
        "console on "
            + httpUrl()
            + "/, metrics on "
            + httpUrl()
            + "/metrics; host roots in "
            + state.path());
  }

  private String awaitRendered(String pool) throws SimException {
    Instant deadline = clock.instant().plusSeconds(60);
    while (clock.instant().isBefore(deadline)) {
      MachineConfigPool p = admin.resources(MachineConfigPool.class).withName(pool).get();
      Optional<String> name =
          Optional.ofNullable(p.getSpec().getConfiguration()).map(PoolConfiguration::getName);
      if (name.isPresent()) {
        return name.get();
      }
      sleep(Duration.ofMillis(100));
    }
    throw new SimException("the controller did not render pool " + pool + " within 60 s");
  }

  /**
   * Lays out one root for the role (what Ignition leaves at first boot: the rendered config's files
   * and units on the base image), then for each node copies it, creates the Node and starts its
   * daemon, a few nodes at a time.
   */
  private void addNodes(
      String role, int count, MachineConfig rendered, String image, Consumer<String> progress)
      throws SimException {
    if (count == 0) {
      return;
    }
    FakeHost template =
        HostRootBuilder.at(state.path().resolve("templates").resolve(role))
            .bootedImage(image)
            .build();
    if (!settings.pulls().instant()) {
      template.pullCost(settings.pulls().sizeMiB(), settings.pulls().mibPerSecond());
    }
    IgnitionConfig config =
        ((IgnitionResult.Valid) IgnitionParser.parse(rendered.getSpec().getConfig())).config();
    try {
      FirstBoot.reapply(HostWiring.simulated(template.root()), config);
    } catch (HostException e) {
      throw new SimException("cannot lay out the " + role + " root: " + e.getMessage(), e);
    }
    ExecutorService pool = Executors.newFixedThreadPool(STARTERS);
    try {
      List<Future<SimNode>> started = new ArrayList<>();
      for (int i = 0; i < count; i++) {
        int index = i;
        boolean machine = role.equals("worker") && index < settings.machines().count();
        started.add(
            pool.submit(
                () ->
                    machine
                        ? addMachine(role, index, rendered, image, config)
                        : addNode(role, index, rendered, template)));
      }
      // Every node that came up joins the cluster, also when another failed: closing the cluster
      // then stops it (a machine left out would keep running and mounted).
      SimException failed = null;
      for (Future<SimNode> f : started) {
        try {
          SimNode node = f.get();
          synchronized (nodes) {
            nodes.put(node.name(), node);
            if (nodes.size() % 100 == 0) {
              progress.accept(nodes.size() + " nodes up");
            }
          }
        } catch (ExecutionException e) {
          Throwable cause = e.getCause();
          if (failed == null) {
            failed =
                cause instanceof SimException s
                    ? s
                    : new SimException("cannot start a " + role + " node: " + cause, cause);
          }
        }
      }
      if (failed != null) {
        throw failed;
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new SimException("interrupted while starting nodes", e);
    } finally {
      pool.shutdownNow();
    }
  }

  /** A machine node: a booted systemd machine with the daemon on it as deployed. */
  private SimNode addMachine(
      String role, int index, MachineConfig rendered, String image, IgnitionConfig config)
      throws SimException {
    return machines.add(
        ClusterSeed.node(role, index, rendered.getMetadata().getName(), "", clock.instant()),
        image,
        config,
        access,
        kubelet,
        clock,
        transitions);
  }

  private SimNode addNode(String role, int index, MachineConfig rendered, FakeHost template)
      throws SimException {
    String name = role + "-" + index;
    String bootId = UUID.randomUUID().toString();
    FakeHost host = template.copyTo(state.nodeRoot(name), bootId);
    kubelet.register(
        ClusterSeed.node(role, index, rendered.getMetadata().getName(), bootId, clock.instant()));
    access.addDaemonPod(name);
    SimulatedNode node =
        new SimulatedNode(
            name,
            host,
            access,
            kubelet,
            daemonSettings(name),
            settings.rebootTime(),
            clock,
            transitions);
    try {
      node.startDaemon();
    } catch (HostException e) {
      throw new SimException("cannot start the daemon of " + name + ": " + e.getMessage(), e);
    }
    return node;
  }

  private static void deleteTree(Path dir) throws SimException {
    try {
      Trees.delete(dir);
    } catch (IOException e) {
      throw new SimException("cannot remove " + dir + ": " + e.getMessage(), e);
    }
  }

  /**
   * The controller's render quiet period in the sim: short, so that the demos stay quick, and long
   * enough that two MachineConfigs created or deleted by one command become one rendered config.
   */
  static final Duration RENDER_DELAY = Duration.ofSeconds(1);

  /**
   * How often a simulated node's drift monitor re-reads its files: the sim's roots have no inotify
   * watcher (a thousand of them would cost a thousand threads). Every 2 s up to 1000 nodes; beyond,
   * the whole fleet's re-reading stays at 500 checks a second (5000 nodes: every 10 s), which
   * halves what polling costs a fleet that large (docs/performance.md).
   */
  static final Duration DRIFT_POLL = Duration.ofSeconds(2);

  static Duration driftPoll(int nodes) {
    Duration scaled = Duration.ofMillis(2L * nodes);
    return scaled.compareTo(DRIFT_POLL) > 0 ? scaled : DRIFT_POLL;
  }

  /**
   * How long a simulated kubelet has to report Ready after a boot into an update: a simulated
   * kubelet reports at once, unless an image breaks it ({@code ocelot fault fail-image-kubelet}).
   */
  public static final Duration READY_TIMEOUT = Duration.ofSeconds(15);

  private DaemonSettings daemonSettings(String node) {
    DaemonSettings d = DaemonSettings.defaults(node);
    return new DaemonSettings(
        node,
        // A boot that spent itself without proving the target bad waits a few seconds here, not
        // MCO-scale minutes: the simulator's boots take seconds.
        d.retry()
            .withCap(settings.retryCap())
            .withBoots(
                settings.retryCap(), settings.retryCap().multipliedBy(4), d.retry().maxBoots()),
        new DrainSettings(
            Duration.ofMillis(200), d.drain().drainTimeout(), d.drain().uncordonTimeout()),
        d.eventNamespace(),
        d.viewMaxAge(),
        d.resync(),
        driftPoll(settings.workers()),
        READY_TIMEOUT);
  }

  private boolean isUp(String node) {
    synchronized (nodes) {
      SimNode n = nodes.get(node);
      return n == null || n.power() == Power.UP;
    }
  }

  private void tick() {
    boolean lookForRequests = ticks.incrementAndGet() % REQUEST_CHECK_TICKS == 0;
    for (SimNode n : nodes()) {
      try {
        n.tick(lookForRequests);
      } catch (RuntimeException e) {
        LOG.error("node {}: power tick failed", n.name(), e);
      }
    }
  }

  /** How often the power state machines were advanced (a sign for tests that the sim looked). */
  public long powerTicks() {
    return ticks.get();
  }

  /** The sim's one clock, for code that waits on it (the demo's steps). */
  public Clock clock() {
    return clock;
  }

  public Collection<SimNode> nodes() {
    synchronized (nodes) {
      return List.copyOf(nodes.values());
    }
  }

  public SimNode node(String name) throws SimException {
    synchronized (nodes) {
      SimNode n = nodes.get(name);
      if (n == null) {
        throw new SimException("no node " + name + "; nodes: " + String.join(", ", nodes.keySet()));
      }
      return n;
    }
  }

  /** On every node booted into {@code image} the kubelet stops reporting Ready. */
  void breakKubeletOn(String image) {
    kubelet.breakOn(image);
    repostReady(image);
  }

  void fixKubeletOn(String image) {
    kubelet.fix(image);
    repostReady(image);
  }

  /** The kubelets of the running nodes booted into {@code image} report again. */
  private void repostReady(String image) {
    for (SimNode n : nodes()) {
      if (n.power() == Power.UP
          && n.host().image(FakeHost.Slot.BOOTED).filter(image::equals).isPresent()) {
        n.postReady();
      }
    }
  }

  /** Applies a fault; returns what was done, for a person. */
  public String apply(Fault fault) throws SimException {
    return Faults.apply(fault, this, builder);
  }

  /** An admin's client (the sim's own; closed with it). */
  public KubernetesClient client() {
    return admin;
  }

  /** Who the sim's parts are on the control plane (tests log in as a daemon). */
  ClusterAccess access() {
    return access;
  }

  public ControlPlane api() {
    return api;
  }

  /**
   * The requests Ocelot's daemons and its controller sent so far ({@code daemons}, {@code
   * controller}), apart from the sim's own: what Ocelot costs an API server.
   */
  public java.util.Map<String, io.ocelot.apiserver.RequestCounts> ocelotRequests() {
    return access.ocelotRequests();
  }

  public StateDir state() {
    return state;
  }

  /**
   * Stops the controller in this JVM for one in another process (a container of the controller's
   * image, as a test runs it); returns the kubeconfig it logs in with, a token of its
   * ServiceAccount.
   */
  public synchronized String handOverController() {
    if (controller != null) {
      controller.close();
      controller = null;
      controllerClient.close();
      controllerClient = null;
    }
    return access.controllerKubeconfig();
  }

  public String httpUrl() {
    return "http://127.0.0.1:" + http.port();
  }

  public PrometheusRegistry registry() {
    return registry;
  }

  public SimSettings settings() {
    return settings;
  }

  static void sleep(Duration d) {
    try {
      Thread.sleep(d.toMillis());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted", e);
    }
  }

  @Override
  public void close() {
    // The kubelets learn first that the cluster stops: a renewal interrupted by the shutdown below
    // then ends quietly instead of logging the failure of every lease left in its loop.
    kubelet.close();
    ticker.shutdownNow();
    leaseTicker.shutdownNow();
    // Transitions under way end (a boot half done would log errors); no new ones start.
    transitions.shutdown();
    try {
      transitions.awaitTermination(30, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    nodes().forEach(SimNode::close);
    if (controller != null) {
      controller.close();
    }
    if (http != null) {
      http.close();
    }
    if (controllerClient != null) {
      controllerClient.close();
    }
    access.close();
    admin.close();
    api.close();
    state.close();
  }

  private static ScheduledExecutorService daemonThreads(int threads, String name) {
    return Executors.newScheduledThreadPool(
        threads, threads == 1 ? BackgroundThreads.named(name) : BackgroundThreads.numbered(name));
  }
}

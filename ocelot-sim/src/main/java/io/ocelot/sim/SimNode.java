package io.ocelot.sim;

import io.fabric8.kubernetes.client.KubernetesClient;
import io.ocelot.daemon.Daemon;
import io.ocelot.daemon.HostWiring;
import io.ocelot.daemon.host.CommandResult;
import io.ocelot.daemon.host.CommandRunner;
import io.ocelot.daemon.host.HostException;
import io.ocelot.daemon.host.ProcessCommandRunner;
import io.ocelot.daemon.node.DaemonMetrics;
import io.ocelot.daemon.node.DaemonSettings;
import io.ocelot.fakehost.FakeHost;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One simulated machine: its host root, its daemon (a fresh one, with fresh metrics, after every
 * boot) and its power state. {@link #tick} is called often from one thread; it takes the machine
 * down for the reboot time once a reboot is requested, and boots it again — each transition on a
 * pool, so that machines go down and come up side by side as real ones do. A reboot its daemon
 * requests is noticed when the daemon's command ends; the tick looks for others (by hand, a fault)
 * only now and then, since looking is a file check per machine.
 */
public final class SimNode implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(SimNode.class);

  private final String name;
  private final FakeHost host;
  private final ClusterAccess access;
  private final SimKubelet kubelet;
  private final DaemonSettings settings;
  private final Duration rebootTime;
  private final Clock clock;
  private final Executor transitions;
  private final List<Instant> reboots = new ArrayList<>();
  private final AtomicBoolean transitioning = new AtomicBoolean();
  private Power power = Power.UP;
  private Instant downSince = Instant.EPOCH;
  private volatile PrometheusRegistry registry = new PrometheusRegistry();
  private Daemon daemon;
  private KubernetesClient daemonClient;

  SimNode(
      String name,
      FakeHost host,
      ClusterAccess access,
      SimKubelet kubelet,
      DaemonSettings settings,
      Duration rebootTime,
      Clock clock,
      Executor transitions) {
    this.name = name;
    this.host = host;
    this.access = access;
    this.kubelet = kubelet;
    this.settings = settings;
    this.rebootTime = rebootTime;
    this.clock = clock;
    this.transitions = transitions;
  }

  public String name() {
    return name;
  }

  public FakeHost host() {
    return host;
  }

  /** The current daemon's metrics (a new registry after each boot, as a new process would have). */
  public PrometheusRegistry registry() {
    return registry;
  }

  public synchronized Power power() {
    return power;
  }

  /** When each completed reboot came back up. */
  public synchronized List<Instant> reboots() {
    return List.copyOf(reboots);
  }

  synchronized void startDaemon() throws HostException {
    registry = new PrometheusRegistry();
    daemonClient = access.daemon(name);
    daemon =
        new Daemon(
            settings,
            daemonClient,
            HostWiring.simulated(
                host.root(), heard(ProcessCommandRunner.simulatedRoot(host.root()))),
            new DaemonMetrics(registry),
            clock,
            d -> Thread.sleep(d.toMillis()));
    daemon.start();
  }

  /**
   * Hands a due power transition to the transition pool, unless this node's last one still runs
   * there. Stopping a daemon and booting one are API round trips and a wait for the daemon's step
   * to end: one thread for every node made a wave of 500 reboots take minutes. {@code
   * lookForRequests}: whether to check the root for a reboot request this time.
   */
  void tick(boolean lookForRequests) {
    if (!transitioning.get() && next(lookForRequests).isPresent()) {
      dispatch();
    }
  }

  /**
   * {@code tools} as this node's daemon runs them: after each command, a reboot it just requested
   * ({@code systemd-run … systemctl reboot}) is handed over at once. Takes no lock: the daemon's
   * thread runs it, and a transition holding this node's lock may be waiting for that thread's step
   * to end.
   */
  CommandRunner heard(CommandRunner tools) {
    return command -> {
      CommandResult result = tools.run(command);
      if (host.rebootRequested()) {
        dispatch();
      }
      return result;
    };
  }

  private void dispatch() {
    if (!transitioning.compareAndSet(false, true)) {
      return;
    }
    try {
      transitions.execute(
          () -> {
            try {
              tick();
            } catch (RuntimeException e) {
              LOG.error("node {}: power transition failed", name, e);
            } finally {
              transitioning.set(false);
            }
          });
    } catch (RejectedExecutionException e) {
      transitioning.set(false); // the cluster is stopping
    }
  }

  /** Advances the power state machine by what happened since the last tick. */
  private synchronized void tick() {
    next(true).ifPresent(this::become);
  }

  /** The power state due now, if it differs from the current one. */
  private synchronized Optional<Power> next(boolean lookForRequests) {
    return switch (power) {
      case UP ->
          lookForRequests && host.rebootRequested()
              ? Optional.of(Power.REBOOTING)
              : Optional.empty();
      case REBOOTING ->
          clock.instant().isBefore(downSince.plus(rebootTime))
              ? Optional.empty()
              : Optional.of(host.rebootsHang() ? Power.HUNG : Power.UP);
      case HUNG -> host.rebootsHang() ? Optional.empty() : Optional.of(Power.UP);
    };
  }

  /** The one transition hook. */
  private void become(Power next) {
    if (!power.canBecome(next)) {
      throw new IllegalStateException(name + ": " + power + " cannot become " + next);
    }
    Power was = power;
    power = next;
    LOG.info("node {}: {} -> {}", name, was, next);
    switch (next) {
      case REBOOTING -> {
        stopDaemon();
        downSince = clock.instant();
        setReady(false, "NodeStatusUnknown", "Kubelet stopped posting node status (rebooting).");
      }
      case HUNG -> {
        // Stays down; nothing to do until the fault is cleared.
      }
      case UP -> boot();
    }
  }

  private void boot() {
    host.reboot();
    reboots.add(clock.instant());
    if (host.crashesOnBoot()) {
      // A bad deployment that crashes before any daemon runs: the machine reboots again, and the
      // boot counter takes it back to the previous deployment after three tries.
      LOG.info("node {}: the boot crashed (ocelot fault crash-boot); rebooting", name);
      setReady(false, "KubeletNotReady", "the node crashed while booting");
      host.requestReboot();
      return;
    }
    postReady();
    try {
      startDaemon();
    } catch (HostException e) {
      LOG.error("node {}: the daemon cannot start after boot: {}", name, e.getMessage());
    }
  }

  /** The kubelet's report after a boot: Ready, unless the booted image breaks it. */
  synchronized void postReady() {
    Optional<String> booted = host.image(FakeHost.Slot.BOOTED);
    if (booted.filter(kubelet::breaksOn).isPresent()) {
      setReady(
          false,
          "KubeletNotReady",
          "container runtime network not ready: NetworkReady=false"
              + " reason:NetworkPluginNotReady message:Network plugin returns error: cni plugin"
              + " not initialized (ocelot fault fail-image-kubelet)");
    } else {
      setReady(true, "KubeletReady", "kubelet is posting ready status");
    }
  }

  void setReady(boolean ready, String reason, String message) {
    kubelet.postReady(name, ready, reason, message, host.bootId());
  }

  /**
   * Stops this node's in-process daemon for a daemon in another process (a benchmark's own JVM);
   * returns the kubeconfig that one logs in with (a token bound to the node's daemon pod). A reboot
   * starts the in-process daemon again.
   */
  public synchronized String handOver() {
    stopDaemon();
    return access.daemonKubeconfig(name);
  }

  private void stopDaemon() {
    if (daemon != null) {
      daemon.close();
      daemon = null;
      access.logout(daemonClient);
      daemonClient = null;
    }
  }

  @Override
  public synchronized void close() {
    stopDaemon();
  }
}

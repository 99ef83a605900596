package io.ocelot.sim;

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
 * One node of the simulator: its host root, its daemon and its power state. Two kinds: a {@link
 * SimulatedNode} (a root of stand-in tools, its daemon in this JVM) and a {@link MachineNode} (a
 * booted systemd machine, its daemon on it as deployed). Both go down and come up through one power
 * state machine: {@link #tick} is called often from one thread and hands a due transition to a
 * pool, one at a time per node, so that machines go down and come up side by side as real ones do.
 */
public abstract sealed class SimNode implements AutoCloseable permits SimulatedNode, MachineNode {
  private static final Logger LOG = LoggerFactory.getLogger(SimNode.class);

  private final String name;
  private final FakeHost host;
  private final SimKubelet kubelet;
  private final Clock clock;
  private final Executor transitions;
  private final List<Instant> reboots = new ArrayList<>();
  private final AtomicBoolean transitioning = new AtomicBoolean();
  private Power power = Power.UP;
  private Instant downSince = Instant.EPOCH;

  SimNode(String name, FakeHost host, SimKubelet kubelet, Clock clock, Executor transitions) {
    this.name = name;
    this.host = host;
    this.kubelet = kubelet;
    this.clock = clock;
    this.transitions = transitions;
  }

  public String name() {
    return name;
  }

  /** The node's host root: the stand-ins' deployments, faults, files (a machine's mounted root). */
  public FakeHost host() {
    return host;
  }

  /**
   * The image of a deployment slot as the host's own tools keep it: the stand-ins' files here; a
   * machine booted from ostree asks its rpm-ostree (ostree's deployments). Empty when none is there
   * or the host cannot say.
   */
  public Optional<String> deployedImage(FakeHost.Slot slot) {
    return host.image(slot);
  }

  /** The current daemon's metrics (a new registry after each boot, as a new process would have). */
  public abstract PrometheusRegistry registry();

  /** The sim's clock, which this node's daemon runs on too. */
  final Clock clock() {
    return clock;
  }

  public synchronized Power power() {
    return power;
  }

  /** When each completed reboot came back up. */
  public synchronized List<Instant> reboots() {
    return List.copyOf(reboots);
  }

  /**
   * Stops this node's daemon for a daemon in another process (a benchmark's own JVM); returns the
   * kubeconfig that one logs in with.
   */
  public abstract String handOver();

  /**
   * Hands a due power transition to the transition pool, unless this node's last one still runs
   * there. {@code lookForRequests}: whether to look for a reboot this time (a file check per node).
   */
  void tick(boolean lookForRequests) {
    if (!transitioning.get() && next(lookForRequests).isPresent()) {
      dispatch();
    }
  }

  final void dispatch() {
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
      case UP -> wentDown(lookForRequests) ? Optional.of(Power.REBOOTING) : Optional.empty();
      case REBOOTING ->
          clock.instant().isBefore(downSince.plus(downTime()))
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
      case UP -> {
        boot();
        reboots.add(clock.instant());
      }
    }
  }

  /**
   * The boot, as the bootloader runs it: the staged deployment (or a queued rollback, or the boot
   * counter's fallback) becomes the booted one; a boot that crashes before anything runs (ocelot
   * fault crash-boot: the boot counter armed) goes down again, and after three tries the counter
   * boots the previous deployment; otherwise the node comes up.
   */
  private void boot() {
    FakeHost.BootEntry entry = host.reboot();
    if (host.crashesOnBoot()) {
      LOG.info("node {}: the boot crashed (ocelot fault crash-boot); rebooting", name);
      setReady(false, "KubeletNotReady", "the node crashed while booting");
      crashed();
    } else {
      comeUp(entry);
    }
  }

  /** Whether the node is going down: a reboot was requested, or the machine ended. */
  abstract boolean wentDown(boolean lookForRequests);

  /** How long a reboot keeps the node down before it boots. */
  abstract Duration downTime();

  /** Stops the daemon as the node goes down. */
  abstract void stopDaemon();

  /** After a boot that crashed: whatever makes the node go down again. */
  abstract void crashed();

  /**
   * Comes up after a boot from the boot loader's {@code entry}: the kubelet's report, the daemon.
   */
  abstract void comeUp(FakeHost.BootEntry entry);

  /** The kernel's boot id, as the kubelet reports it. */
  abstract String bootId();

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
    kubelet.postReady(name, ready, reason, message, bootId(), KubeletConf.maxPods(host.root()));
  }

  @Override
  public abstract void close();
}

package io.ocelot.sim;

import io.ocelot.daemon.host.CommandResult;
import io.ocelot.daemon.host.Deployment;
import io.ocelot.daemon.host.HostException;
import io.ocelot.daemon.host.HostStatus;
import io.ocelot.daemon.host.RpmOstreeImages;
import io.ocelot.fakehost.FakeHost;
import io.ocelot.sim.machine.Machine;
import io.ocelot.sim.machine.MachineException;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Executor;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A machine node: a booted systemd machine whose daemon runs on it as deployed (its DaemonSet pod's
 * launcher, arguments and environment, production wiring, tools through chroot), its root at the
 * node's host root. It goes down when its systemd reboots (or it ends otherwise); then the sim is
 * its bootloader: the stand-ins' staged deployment (or a queued rollback, or the boot counter's
 * fallback) becomes the booted one, a fresh token goes into the pod's files, and the machine boots
 * again. Its metrics are read from its daemon's {@code /metrics}.
 */
public final class MachineNode extends SimNode {
  private static final Logger LOG = LoggerFactory.getLogger(MachineNode.class);

  /** A boot of a machine here takes a second or two; a loaded CI machine, longer. */
  static final Duration BOOT_TIMEOUT = Duration.ofSeconds(120);

  /** The pod's files, fresh for each boot (a new container gets a new token). */
  interface Pod {
    void write() throws java.io.IOException;
  }

  /**
   * The boot loader's part before each boot: nothing for a root that stays (an overlay), the
   * default deployment mounted at the root for a machine booted from ostree — or, when the boot
   * counter ran out ({@code entry} FALLBACK), the previous one, made the default as greenboot does.
   */
  interface Loader {
    Loader NONE = entry -> {};

    void beforeBoot(FakeHost.BootEntry entry) throws MachineException;
  }

  private final Machine machine;
  private final Loader loader;
  private final Pod pod;
  private final PrometheusRegistry registry;
  private volatile String bootId = "";

  MachineNode(
      String name,
      FakeHost host,
      Machine machine,
      Loader loader,
      Pod pod,
      PrometheusRegistry registry,
      SimKubelet kubelet,
      Clock clock,
      Executor transitions) {
    super(name, host, kubelet, clock, transitions);
    this.machine = machine;
    this.loader = loader;
    this.pod = pod;
    this.registry = registry;
  }

  public Machine machine() {
    return machine;
  }

  @Override
  public PrometheusRegistry registry() {
    return registry;
  }

  @Override
  public Optional<String> deployedImage(FakeHost.Slot slot) {
    if (loader == Loader.NONE) {
      return super.deployedImage(slot);
    }
    try {
      HostStatus status = new RpmOstreeImages(machine.commands()).status();
      Optional<Deployment> d =
          switch (slot) {
            case BOOTED -> status.booted();
            case STAGED -> status.staged();
            case ROLLBACK -> status.rollback();
          };
      return d.map(Deployment::image);
    } catch (HostException e) {
      LOG.debug("node {}: rpm-ostree status: {}", name(), e.getMessage());
      return Optional.empty();
    }
  }

  /** The first boot, laid out already; the node is Ready once the machine is up. */
  synchronized void start(FakeHost.BootEntry entry) throws SimException {
    try {
      pod.write();
      loader.beforeBoot(entry);
      machine.boot(BOOT_TIMEOUT);
    } catch (MachineException e) {
      throw new SimException(e.getMessage(), e);
    } catch (java.io.IOException e) {
      throw new SimException("node " + name() + ": cannot write its pod's files: " + e, e);
    }
    bootId = machine.bootId().orElse("");
    postReady();
  }

  /** The boots the machine's own journal lists ({@code journalctl --list-boots}), oldest first. */
  public List<String> journalBoots() {
    return machine
        .exec(Duration.ofSeconds(30), "journalctl", "--list-boots", "--no-pager")
        .filter(CommandResult::ok)
        .map(
            r ->
                r.stdout()
                    .lines()
                    .map(String::strip)
                    .filter(l -> !l.isEmpty() && !l.startsWith("IDX")) // the header (systemd 250+)
                    .toList())
        .orElse(List.of());
  }

  @Override
  boolean wentDown(boolean lookForRequests) {
    return !machine.isRunning();
  }

  @Override
  Duration downTime() {
    return Duration.ZERO; // a machine's boot takes its own time
  }

  @Override
  void stopDaemon() {
    // The daemon went down with the machine.
    LOG.info(
        "node {}: the machine ended (systemd-nspawn exited {}{})",
        name(),
        machine.exitCode().orElse(-1),
        machine.exitCode().orElse(-1) == Machine.REBOOTED ? ": a reboot" : "");
  }

  @Override
  void crashed() {
    // Nothing started: the machine stays down, and the next tick boots it again.
  }

  @Override
  void comeUp(FakeHost.BootEntry entry) {
    try {
      start(entry);
    } catch (SimException e) {
      LOG.error("node {}: the machine did not come up: {}", name(), e.getMessage());
    }
  }

  @Override
  String bootId() {
    return bootId;
  }

  @Override
  public String handOver() {
    throw new UnsupportedOperationException(
        "the daemon of machine node " + name() + " runs on the machine");
  }

  @Override
  public void close() {
    machine.close();
  }
}

package io.ocelot.sim;

import io.fabric8.kubernetes.client.KubernetesClient;
import io.ocelot.daemon.Daemon;
import io.ocelot.daemon.DaemonSettings;
import io.ocelot.daemon.HostWiring;
import io.ocelot.daemon.host.CommandResult;
import io.ocelot.daemon.host.CommandRunner;
import io.ocelot.daemon.host.HostException;
import io.ocelot.daemon.host.ProcessCommandRunner;
import io.ocelot.daemon.sync.DaemonMetrics;
import io.ocelot.fakehost.FakeHost;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import java.time.Clock;
import java.time.Duration;
import java.util.concurrent.Executor;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A simulated node: a root of stand-in tools, its daemon in this JVM (a fresh one, with fresh
 * metrics, after every boot). A reboot its daemon requests is noticed when the daemon's command
 * ends; the tick looks for others (by hand, a fault) only now and then, since looking is a file
 * check per node. A reboot keeps it down for the reboot time, then promotes the staged deployment.
 */
public final class SimulatedNode extends SimNode {
  private static final Logger LOG = LoggerFactory.getLogger(SimulatedNode.class);

  private final ClusterAccess access;
  private final DaemonSettings settings;
  private final Duration rebootTime;
  private volatile PrometheusRegistry registry = new PrometheusRegistry();
  private Daemon daemon;
  private KubernetesClient daemonClient;
  private ExternalDaemon external;

  SimulatedNode(
      String name,
      FakeHost host,
      ClusterAccess access,
      SimKubelet kubelet,
      DaemonSettings settings,
      Duration rebootTime,
      Clock clock,
      Executor transitions) {
    super(name, host, kubelet, clock, transitions);
    this.access = access;
    this.settings = settings;
    this.rebootTime = rebootTime;
  }

  @Override
  public PrometheusRegistry registry() {
    return registry;
  }

  synchronized void startDaemon() throws HostException {
    if (external != null) {
      try {
        external.start(access.daemonKubeconfig(name()));
      } catch (SimException e) {
        throw new HostException("the daemon's pod did not start: " + e.getMessage(), e);
      }
      return;
    }
    registry = new PrometheusRegistry();
    daemonClient = access.daemon(name());
    daemon =
        new Daemon(
            settings,
            daemonClient,
            HostWiring.simulated(
                host().root(), heard(ProcessCommandRunner.simulatedRoot(host().root()))),
            new DaemonMetrics(registry),
            clock(),
            d -> Thread.sleep(d.toMillis()));
    daemon.start();
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
      if (host().rebootRequested()) {
        dispatch();
      }
      return result;
    };
  }

  @Override
  boolean wentDown(boolean lookForRequests) {
    return lookForRequests && host().rebootRequested();
  }

  @Override
  Duration downTime() {
    return rebootTime;
  }

  @Override
  void crashed() {
    host().requestReboot();
  }

  @Override
  void comeUp(FakeHost.BootEntry entry) {
    postReady();
    try {
      startDaemon();
    } catch (HostException e) {
      LOG.error("node {}: the daemon cannot start after boot: {}", name(), e.getMessage());
    }
  }

  @Override
  String bootId() {
    return host().bootId();
  }

  /**
   * Stops this node's in-process daemon for a daemon in another process (a benchmark's own JVM);
   * returns the kubeconfig that one logs in with (a token bound to the node's daemon pod). A reboot
   * starts the in-process daemon again.
   */
  @Override
  public synchronized String handOver() {
    stopDaemon();
    return access.daemonKubeconfig(name());
  }

  /**
   * Hands this node's daemon to {@code pod} for good: the in-process daemon stops, and from now on
   * the node's power transitions stop and start {@code pod}, as a kubelet does its DaemonSet pod
   * around a reboot. {@code pod} gets a fresh token at each start.
   */
  public synchronized void handOver(ExternalDaemon pod) throws SimException {
    stopDaemon();
    external = pod;
    pod.start(access.daemonKubeconfig(name()));
  }

  @Override
  synchronized void stopDaemon() {
    if (external != null) {
      external.stop();
      return;
    }
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

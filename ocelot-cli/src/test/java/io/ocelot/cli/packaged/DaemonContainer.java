package io.ocelot.cli.packaged;

import io.ocelot.sim.DeployedJvm;
import io.ocelot.sim.ExternalDaemon;
import io.ocelot.sim.PodCredentials;
import io.ocelot.sim.SimException;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A sim node's daemon as its DaemonSet pod runs it, in a container of the daemon's image:
 * privileged, the host network and PID namespace, the node's root at {@code /rootfs}, the
 * ServiceAccount token where the kubelet projects it, the DaemonSet's arguments and environment.
 * The root is a simulated one, so its tools run from it ({@code --host=simulated}) rather than
 * through chroot. A new container at each start, as a pod after a reboot; their logs are kept in
 * {@code dir}.
 */
final class DaemonContainer implements ExternalDaemon {
  private final Podman podman;
  private final String image;
  private final String node;
  private final Path root;
  private final Path dir;
  private final int metricsPort;
  private final List<String> started = new ArrayList<>();
  private String running;

  DaemonContainer(Podman podman, String image, String node, Path root, Path dir, int metricsPort) {
    this.podman = podman;
    this.image = image;
    this.node = node;
    this.root = root;
    this.dir = dir;
    this.metricsPort = metricsPort;
  }

  @Override
  public synchronized void start(String kubeconfig) throws SimException {
    String name =
        "ocelot-it-daemon-" + node + "-" + ProcessHandle.current().pid() + "-" + started.size();
    try {
      PodCredentials pod = PodCredentials.of(kubeconfig);
      Path secrets = dir.resolve(name + "-serviceaccount");
      pod.writeServiceAccount(secrets, "openshift-machine-config-operator");
      DeployedJvm deployed = DeployedJvm.of(DeployedJvm.DAEMON);
      List<String> options = Podman.pod(name, pod, secrets, deployed);
      options.addAll(
          List.of(
              "--privileged",
              "--pid=host",
              "--volume=" + root + ":/rootfs",
              "--env=NODE_NAME=" + node));
      options.add(image);
      for (String arg : deployed.args()) {
        options.add(
            arg.startsWith("--metrics-address=")
                ? "--metrics-address=127.0.0.1:" + metricsPort
                : arg.replace("$(NODE_NAME)", node));
      }
      options.add("--host=simulated");
      podman.run(options).ok("starting the daemon's container " + name);
      started.add(name);
      running = name;
    } catch (IOException e) {
      throw new SimException("cannot start the daemon's container: " + e.getMessage(), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new SimException("interrupted while starting the daemon's container", e);
    }
  }

  @Override
  public synchronized void stop() {
    if (running == null) {
      return;
    }
    try {
      podman.podman(List.of("stop", "--time=30", running));
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    running = null;
  }

  /** The containers started so far, oldest first. */
  synchronized List<String> started() {
    return List.copyOf(started);
  }

  /** The one running now, if any. */
  synchronized String running() {
    return running;
  }
}

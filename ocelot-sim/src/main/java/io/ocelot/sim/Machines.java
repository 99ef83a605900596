package io.ocelot.sim;

import io.fabric8.kubernetes.api.model.Node;
import io.ocelot.api.ignition.IgnitionConfig;
import io.ocelot.daemon.HostWiring;
import io.ocelot.daemon.host.HostException;
import io.ocelot.daemon.txn.FirstBoot;
import io.ocelot.fakehost.FakeHost;
import io.ocelot.fakehost.HostRootBuilder;
import io.ocelot.sim.machine.JdkBinds;
import io.ocelot.sim.machine.LocalPrograms;
import io.ocelot.sim.machine.Machine;
import io.ocelot.sim.machine.MachineBase;
import io.ocelot.sim.machine.MachineException;
import io.ocelot.sim.machine.MachineImage;
import io.ocelot.sim.machine.MachineSupport;
import io.ocelot.sim.machine.OstreeBase;
import io.ocelot.sim.machine.OstreeSysroot;
import io.ocelot.sim.machine.Programs;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executor;
import java.util.function.Consumer;

/**
 * The simulator's machine nodes: checks that machines can run here, finds or builds their Debian
 * base, lays out the daemon's image for them, and makes each one — its root mounted at the node's
 * host root, the OS image stand-ins and the rendered config's files and units laid on it as
 * Ignition would at first boot, booted with its daemon's pod.
 */
final class Machines {
  private final StateDir state;
  private final Programs programs;
  private final Path base;
  private final List<Machine.Bind> binds;
  private final DeployedJvm pod;
  private final Path javaHome;
  // The base committed to ostree when machines boot from ostree deployments, else null.
  private final OstreeBase ostree;
  private final HttpClient http =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

  private Machines(
      StateDir state,
      Programs programs,
      Path base,
      List<Machine.Bind> binds,
      DeployedJvm pod,
      Path javaHome,
      OstreeBase ostree) {
    this.state = state;
    this.programs = programs;
    this.base = base;
    this.binds = binds;
    this.pod = pod;
    this.javaHome = javaHome;
    this.ostree = ostree;
  }

  /**
   * Ready to make machines: refuses, in one line, where they cannot run; builds the base the first
   * time (minutes, with progress).
   */
  static Machines prepare(MachineSettings settings, StateDir state, Consumer<String> progress)
      throws SimException {
    Programs programs = new LocalPrograms();
    MachineBase base =
        new MachineBase(settings.cache(), settings.mirror(), programs, Clock.systemUTC());
    var missing =
        MachineSupport.whyNot(
            programs,
            MachineSupport.uid(),
            Path.of("/proc/filesystems"),
            !base.isBuilt(),
            settings.ostree());
    if (missing.isPresent()) {
      throw new SimException(missing.get());
    }
    try {
      MachineSupport.makeRoomForInotify(MachineSupport.INOTIFY_INSTANCES, settings.count())
          .ifPresent(progress);
      Path root = base.ensure(progress);
      Path javaHome = Path.of(System.getProperty("java.home"));
      List<Machine.Bind> binds = new ArrayList<>(JdkBinds.of(javaHome));
      progress.accept("machines: laying out the daemon's image (" + settings.daemonImage() + ")");
      binds.add(
          MachineImage.prepare(
              settings.daemonImage(),
              state.path().resolve("machine-image"),
              root,
              List.copyOf(binds),
              javaHome,
              programs));
      OstreeBase ostree = null;
      if (settings.ostree()) {
        progress.accept("machines: the base as an ostree commit (made once, kept beside it)");
        ostree = OstreeBase.ensure(root, programs);
      }
      return new Machines(
          state, programs, root, binds, DeployedJvm.of(DeployedJvm.DAEMON), javaHome, ostree);
    } catch (MachineException e) {
      throw new SimException(e.getMessage(), e);
    } catch (IOException e) {
      throw new SimException("machines: " + e.getMessage(), e);
    }
  }

  /**
   * Makes machine {@code node} and boots it: its root as a fresh node's (the base image booted,
   * {@code config}'s files and units written), its Node registered, its daemon's pod made.
   */
  MachineNode add(
      Node node,
      String image,
      IgnitionConfig config,
      ClusterAccess access,
      SimKubelet kubelet,
      Clock clock,
      Executor transitions)
      throws SimException {
    String name = node.getMetadata().getName();
    Path root = state.nodeRoot(name);
    Path layer = root.resolveSibling("machine");
    List<Machine.Bind> mine = new ArrayList<>(binds);
    mine.add(new Machine.Bind(layer.resolve("pod"), PodFiles.MOUNT));
    OstreeSysroot sysroot = null;
    Machine machine = null;
    try {
      if (ostree != null) {
        sysroot = OstreeSysroot.create(root.resolveSibling("sysroot"), ostree, programs);
        mine.addAll(sysroot.binds());
        // Read-only, as ostree hosts mount it: its files are hard links shared with every other
        // machine and the cached repo, so a write in place would change them all. (nspawn mounts
        // binds in the order of their targets: the JDK's mount point below it is in the image.)
        mine.add(new Machine.Bind(root.resolve("usr"), "/usr"));
      }
      machine = new Machine(name, base, root, layer, mine, programs, clock);
      FakeHost host;
      MachineNode.Loader loader;
      if (sysroot != null) {
        host = ostreeImage(sysroot, root, image);
        OstreeSysroot booting = sysroot;
        loader =
            entry -> {
              try {
                Machine.unmountAllUnder(root, programs); // the deployment booted last
              } catch (IOException e) {
                throw new MachineException("cannot read this computer's mounts: " + e, e);
              }
              if (entry == FakeHost.BootEntry.FALLBACK && booting.deployments() > 1) {
                // GRUB boots the previous entry; greenboot's fallback check makes it the default.
                booting.queueRollback();
              }
              booting.mountDefault(root);
            };
      } else {
        machine.mount();
        host = HostRootBuilder.at(root).bootedImage(image).buildOnRealRoot();
        loader = MachineNode.Loader.NONE;
      }
      Files.writeString(root.resolve("etc/hostname"), name + "\n", StandardCharsets.UTF_8);
      Files.writeString(
          root.resolve("etc/machine-id"),
          node.getStatus().getNodeInfo().getMachineID() + "\n",
          StandardCharsets.UTF_8);
      // As Ignition before the first boot: files and units written, units enabled offline.
      FirstBoot.reapply(HostWiring.offline(root), config);
      kubelet.register(node);
      access.addDaemonPod(name);
      int metricsPort = freePort();
      PodFiles files = new PodFiles(layer.resolve("pod"));
      MachineNode.Pod pod =
          () ->
              files.write(
                  this.pod,
                  name,
                  ClusterAccess.NAMESPACE,
                  metricsPort,
                  javaHome,
                  PodCredentials.of(access.daemonKubeconfig(name)));
      PrometheusRegistry registry = new PrometheusRegistry();
      registry.register(
          new ScrapedMetrics(URI.create("http://127.0.0.1:" + metricsPort + "/metrics"), http));
      MachineNode n =
          new MachineNode(name, host, machine, loader, pod, registry, kubelet, clock, transitions);
      n.start(FakeHost.BootEntry.DEFAULT);
      return n;
    } catch (MachineException | HostException | IOException | SimException e) {
      if (machine != null) {
        machine.close();
      }
      throw new SimException("machine " + name + ": " + e.getMessage(), e);
    }
  }

  /**
   * The node's OS image as a commit on the base (its stand-ins and parts in it), its deployment the
   * only one, mounted at the node's root.
   */
  private FakeHost ostreeImage(OstreeSysroot sysroot, Path root, String image)
      throws MachineException, IOException {
    Path layer = root.resolveSibling("image-layer");
    HostRootBuilder.at(layer).buildOstreeLayer();
    for (Machine.Bind bind : binds) {
      if (bind.target().startsWith("/usr/")) {
        // Its mount point: systemd-nspawn cannot make one in the read-only /usr.
        Files.createDirectories(layer.resolve(bind.target().substring(1)));
      }
    }
    sysroot.deployImage(layer, image);
    Trees.delete(layer);
    sysroot.mountDefault(root);
    return HostRootBuilder.at(root).onOstreeRoot();
  }

  private static int freePort() throws IOException {
    try (ServerSocket s = new ServerSocket(0)) {
      return s.getLocalPort();
    }
  }
}

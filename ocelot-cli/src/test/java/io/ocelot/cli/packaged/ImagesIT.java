package io.ocelot.cli.packaged;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.coordination.v1.Lease;
import io.ocelot.api.model.MachineConfig;
import io.ocelot.api.model.MachineConfigPool;
import io.ocelot.api.node.NodeAnnotations;
import io.ocelot.cli.CliSims;
import io.ocelot.controller.ControllerSettings;
import io.ocelot.controller.LeaderElection;
import io.ocelot.runtime.OcelotVersion;
import io.ocelot.sim.DeployedJvm;
import io.ocelot.sim.PodCredentials;
import io.ocelot.sim.SimCluster;
import io.ocelot.sim.SimulatedNode;
import io.ocelot.sim.Trees;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The images, built by the one documented command on a Java base made here from Debian's packages,
 * and run with podman as deploy/ runs them: the controller's image as the sim's controller and the
 * daemon's image as one sim node's daemon, carrying an update with a reboot through. Runs after
 * {@code package} (failsafe): it needs the CLI's fat jar.
 */
class ImagesIT {
  static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
  static final Path OUT = Path.of("target", "images-it").toAbsolutePath();
  static final String NODE = "worker-0";

  static Podman podman;
  static String version;
  static final List<String> containers = new ArrayList<>();

  @BeforeAll
  static void buildTheImages() throws Exception {
    podman = Podman.here();
    Files.createDirectories(OUT);
    version = OcelotVersion.release();
    Programs.Result build =
        Programs.run(
            List.of("bash", "tools/build-images.sh", "--debian-base", "--no-maven"),
            ROOT,
            Map.of(),
            Duration.ofMinutes(20));
    Files.writeString(OUT.resolve("build-images.log"), build.out());
    build.ok("tools/build-images.sh --debian-base --no-maven");
    System.out.println(build.out());
  }

  @AfterAll
  static void removeTheContainers() throws Exception {
    for (String c : containers) {
      podman.saveLog(c, OUT.resolve(c + ".log"));
      podman.podman(List.of("rm", "--force", c));
    }
  }

  @Test
  void theImagesAreTaggedWithTheProjectsVersionAndStart() throws Exception {
    String daemon = "quay.io/ocelot/ocelot-daemon:" + version;
    String cli = "quay.io/ocelot/ocelot:" + version;
    assertThat(inspect(cli, "{{.Config.User}}")).isEqualTo("185");
    assertThat(inspect(cli, "{{.Config.Entrypoint}}")).isEqualTo("[/opt/ocelot/bin/ocelot]");
    assertThat(inspect(daemon, "{{.Config.Entrypoint}}"))
        .isEqualTo("[/opt/ocelot/bin/ocelot-daemon]");
    assertThat(podman.run(List.of("--rm", cli, "--version")).ok("ocelot --version").out())
        .contains(version);
    // The daemon's image carries the class-data sharing archive its build dumped for its JVM.
    assertThat(
            podman
                .run(List.of("--rm", "--entrypoint=/bin/sh", daemon, "-c", "ls /opt/ocelot/"))
                .ok("listing /opt/ocelot")
                .out())
        .contains("daemon.jsa");
    System.out.printf(
        "image sizes: %s %s MB, %s %s MB%n", daemon, megabytes(daemon), cli, megabytes(cli));
  }

  @Test
  void theControllerAndADaemonFromTheImagesCarryAnUpdateThrough() throws Exception {
    Path dir = Files.createTempDirectory(OUT, "sim");
    try (SimCluster sim = CliSims.start(dir, 2)) {
      String controller = startController(sim, dir);
      DaemonContainer daemon =
          new DaemonContainer(
              podman,
              "quay.io/ocelot/ocelot-daemon:" + version,
              NODE,
              sim.node(NODE).host().root(),
              dir,
              freePort());
      try {
        ((SimulatedNode) sim.node(NODE)).handOver(daemon);
        // The controller in the container leads (the sim's own stopped).
        await().atMost(Duration.ofSeconds(60)).until(() -> controller.equals(leaseHolder(sim)));
        String before = renderedWorker(sim);
        sim.client()
            .resources(MachineConfig.class)
            .resource(
                CliSims.workerFile("50-from-images", "/etc/ocelot-images-it", "from-a-container"))
            .create();
        await()
            .atMost(Duration.ofSeconds(120))
            .pollInterval(Duration.ofMillis(500))
            .until(() -> !renderedWorker(sim).equals(before) && workersDone(sim));
        assertThat(sim.node(NODE).host().root().resolve("etc/ocelot-images-it"))
            .hasContent("from-a-container");
        assertThat(sim.node(NODE).reboots()).hasSize(1);
        // The controller rendered it; the first container wrote the file and asked for the
        // reboot, which stopped it; the second, started after the boot, found the node in it.
        String target = renderedWorker(sim);
        assertThat(log(controller)).contains("pool worker: rendered " + target);
        assertThat(podman.exec(controller, "id", "-u")).isEqualTo("185");
        assertThat(daemon.started()).hasSize(2);
        assertThat(log(daemon.started().get(0)))
            .contains("write file /etc/ocelot-images-it")
            .contains("initiating reboot: Node will reboot into config " + target);
        assertThat(log(daemon.running()))
            .contains("Validated on-disk state; in desired state MachineConfig " + target)
            .contains("node phase WORKING -> DONE")
            .doesNotContain("Exception");
        System.out.printf(
            "after the update: daemon container RSS %d MiB, controller container RSS %d MiB%n",
            rssMiB(daemon.running()), rssMiB(controller));
      } finally {
        containers.addAll(daemon.started());
      }
    } finally {
      Trees.delete(dir.resolve("state")); // the control plane's data and the nodes' roots
    }
  }

  private static String log(String container) throws Exception {
    return podman.podman(List.of("logs", container)).ok("the log of " + container).out();
  }

  /** The controller's image as its Deployment runs it, hardened alike; returns its POD_NAME. */
  private String startController(SimCluster sim, Path dir) throws Exception {
    String name = "ocelot-it-controller-" + ProcessHandle.current().pid();
    PodCredentials pod = PodCredentials.of(sim.handOverController());
    Path secrets = dir.resolve("controller-serviceaccount");
    pod.writeServiceAccount(secrets, ControllerSettings.DEFAULT_NAMESPACE);
    DeployedJvm deployed = DeployedJvm.of(DeployedJvm.CONTROLLER);
    List<String> options = Podman.pod(name, pod, secrets, deployed);
    options.addAll(
        List.of(
            "--read-only",
            "--tmpfs=/tmp",
            "--cap-drop=ALL",
            "--security-opt=no-new-privileges",
            "--env=POD_NAME=" + name));
    options.add("quay.io/ocelot/ocelot:" + version);
    for (String arg : deployed.args()) {
      if (arg.startsWith("--metrics-address=")) {
        options.add("--metrics-address=127.0.0.1:" + freePort());
      } else if (arg.startsWith("--builder=")) {
        options.add("--builder=simulated"); // the sim has no registry for buildah to push to
      } else {
        options.add(arg);
      }
    }
    options.add("--render-delay=PT1S");
    containers.add(name);
    podman.run(options).ok("starting the controller's container");
    return name;
  }

  private static String leaseHolder(SimCluster sim) {
    Lease lease =
        sim.client()
            .leases()
            .inNamespace(ControllerSettings.DEFAULT_NAMESPACE)
            .withName(LeaderElection.LEASE_NAME)
            .get();
    return lease == null ? "" : String.valueOf(lease.getSpec().getHolderIdentity());
  }

  private static String renderedWorker(SimCluster sim) {
    MachineConfigPool pool =
        sim.client().resources(MachineConfigPool.class).withName("worker").get();
    return pool.getSpec().getConfiguration().getName();
  }

  private static boolean workersDone(SimCluster sim) {
    String target = renderedWorker(sim);
    List<Node> nodes = sim.client().nodes().list().getItems();
    return nodes.stream()
        .allMatch(
            n ->
                "Done".equals(n.getMetadata().getAnnotations().get(NodeAnnotations.STATE))
                    && target.equals(
                        n.getMetadata().getAnnotations().get(NodeAnnotations.CURRENT_CONFIG)));
  }

  private static String inspect(String image, String format) throws Exception {
    return podman
        .podman(List.of("image", "inspect", "--format", format, image))
        .ok("inspecting " + image)
        .out()
        .strip();
  }

  private static long megabytes(String image) throws Exception {
    return Long.parseLong(inspect(image, "{{.Size}}")) / 1_000_000;
  }

  /** The resident memory of a container's first process (the JVM: the launchers exec it). */
  private static long rssMiB(String container) throws Exception {
    String pid =
        podman
            .podman(List.of("inspect", "--format", "{{.State.Pid}}", container))
            .ok("the container's pid")
            .out()
            .strip();
    String status = Files.readString(Path.of("/proc", pid, "status"), StandardCharsets.UTF_8);
    Matcher m = Pattern.compile("VmRSS:\\s+(\\d+) kB").matcher(status);
    assertThat(m.find()).as("VmRSS of " + pid).isTrue();
    return Long.parseLong(m.group(1)) / 1024;
  }

  private static int freePort() throws IOException {
    try (ServerSocket s = new ServerSocket(0)) {
      return s.getLocalPort();
    }
  }
}

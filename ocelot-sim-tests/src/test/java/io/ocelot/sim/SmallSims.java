package io.ocelot.sim;

import io.fabric8.kubernetes.client.utils.Serialization;
import io.ocelot.api.model.MachineConfig;
import io.ocelot.apiserver.ControlPlaneMode;
import io.ocelot.sim.machine.LocalPrograms;
import io.ocelot.sim.machine.MachineException;
import io.ocelot.sim.machine.OstreeSysroot;
import java.nio.file.Path;
import java.time.Duration;

/**
 * The default cluster (3 workers, 1 master) with 1 s reboots and builds, on free ports; and the
 * MachineConfigs tests roll out.
 */
final class SmallSims {
  private SmallSims() {}

  /** The same on the real control plane, whatever {@code auto} would pick. */
  static SimCluster startKube(Path dir) throws SimException {
    return SimCluster.start(
        SimSettings.defaults(dir.resolve("state"))
            .onFreePorts()
            .withTimes(Duration.ofSeconds(1), Duration.ofSeconds(1))
            .withControlPlane(ControlPlaneMode.KUBE),
        line -> {});
  }

  /**
   * One worker, a machine booted from ostree (the default) with this checkout's daemon image, no
   * master, on the real control plane: reboots and builds of a second, a retry cap of 8 s.
   */
  static SimCluster oneMachine(Path dir) throws SimException {
    MachineSettings machine =
        MachineSettings.of(1, MachineDemoIT.DAEMON_IMAGE.normalize(), System.getenv());
    return SimCluster.start(
        SimSettings.oneWorker(dir.resolve("state")).withMachines(machine), System.out::println);
  }

  /**
   * Stops {@link #oneMachine}'s cluster and lifts ostree's chattr +i, so that {@code dir} can go.
   */
  static void stopMachines(SimCluster sim, Path dir) throws MachineException {
    if (sim != null) {
      sim.close();
    }
    OstreeSysroot.unlockAllUnder(dir, new LocalPrograms());
  }

  /** A worker MachineConfig {@code name} writing {@code text} to {@code path} (mode 0644). */
  static MachineConfig workerFile(String name, String path, String text) {
    return Serialization.unmarshal(workerFileYaml(name, path, text), MachineConfig.class);
  }

  /** The same as YAML, for kubectl. */
  static String workerFileYaml(String name, String path, String text) {
    return """
        apiVersion: machineconfiguration.openshift.io/v1
        kind: MachineConfig
        metadata:
          name: %s
          labels: {machineconfiguration.openshift.io/role: worker}
        spec:
          config:
            ignition: {version: 3.4.0}
            storage:
              files:
              - path: %s
                mode: 420
                contents: {source: "data:,%s"}
        """
        .formatted(name, path, text);
  }

  /** Two workers, no master, half-second reboots and builds, on the real control plane. */
  static SimCluster twoWorkers(Path dir) throws SimException {
    return SimCluster.start(
        new SimSettings(
            2,
            0,
            dir.resolve("state"),
            false,
            0,
            0,
            Duration.ofMillis(500),
            Duration.ofMillis(500),
            Duration.ofSeconds(2),
            ControlPlaneMode.KUBE),
        line -> {});
  }

  /** The rendered config a pool's spec names. */
  static String rendered(SimCluster sim, String pool) {
    return sim.client()
        .resources(io.ocelot.api.model.MachineConfigPool.class)
        .withName(pool)
        .get()
        .getSpec()
        .getConfiguration()
        .getName();
  }

  /** The digested image of the first MachineOSBuild that succeeds (30 s at most). */
  static String awaitImage(SimCluster sim) {
    String[] image = new String[1];
    org.awaitility.Awaitility.await()
        .atMost(Duration.ofSeconds(30))
        .until(
            () ->
                (image[0] =
                        sim
                            .client()
                            .resources(io.ocelot.api.model.MachineOSBuild.class)
                            .list()
                            .getItems()
                            .stream()
                            .filter(
                                b ->
                                    io.ocelot.controller.imagebuild.BuildConditions.is(
                                        b.getStatus(),
                                        io.ocelot.controller.imagebuild.BuildConditions.SUCCEEDED))
                            .map(b -> b.getStatus().getDigestedImagePushSpec())
                            .findFirst()
                            .orElse(null))
                    != null);
    return image[0];
  }

  /** Edits a pool as a user would, again on a conflict with the controller's status write. */
  static void editPool(
      SimCluster sim,
      String pool,
      java.util.function.UnaryOperator<io.ocelot.api.model.MachineConfigPool> edit) {
    io.ocelot.apiserver.Conflicts.retry(
        () ->
            sim.client()
                .resources(io.ocelot.api.model.MachineConfigPool.class)
                .withName(pool)
                .edit(edit));
  }

  /** Whether every one of {@code nodes} is Done on {@code config}. */
  static boolean doneOn(SimCluster sim, java.util.List<String> nodes, String config) {
    return nodes.stream()
        .allMatch(
            n -> {
              java.util.Map<String, String> a = annotations(sim, n);
              return config.equals(a.get(io.ocelot.api.node.NodeAnnotations.CURRENT_CONFIG))
                  && "Done".equals(a.get(io.ocelot.api.node.NodeAnnotations.STATE));
            });
  }

  /** Waits until {@code node} is Done on {@code config}, saying its annotations while it is not. */
  static void awaitDone(SimCluster sim, String node, String config, Duration atMost) {
    org.awaitility.Awaitility.await()
        .atMost(atMost)
        .pollInterval(Duration.ofMillis(500))
        .untilAsserted(
            () -> {
              java.util.Map<String, String> a = annotations(sim, node);
              org.assertj.core.api.Assertions.assertThat(
                      a.get(io.ocelot.api.node.NodeAnnotations.STATE))
                  .as(a.toString())
                  .isEqualTo("Done");
              org.assertj.core.api.Assertions.assertThat(
                      a.get(io.ocelot.api.node.NodeAnnotations.CURRENT_CONFIG))
                  .isEqualTo(config);
            });
  }

  static java.util.Map<String, String> annotations(SimCluster sim, String node) {
    return sim.client().nodes().withName(node).get().getMetadata().getAnnotations();
  }

  /** Sets one annotation on a node, as an admin's kubectl annotate would. */
  static void annotate(SimCluster sim, String node, String key, String value) {
    sim.client()
        .nodes()
        .withName(node)
        .edit(
            n -> {
              n.getMetadata().getAnnotations().put(key, value);
              return n;
            });
  }

  /**
   * The positive sign before a test asserts that the controller did nothing: a node is poked (an
   * annotation of no meaning; every node event concerns every pool) and the controller passes over
   * {@code pool} again, twice, so that at least one pass began after the poke.
   */
  static void awaitControllerLookedAgain(SimCluster sim, String pool) {
    for (int i = 1; i <= 2; i++) {
      double before = poolPasses(sim, pool);
      annotate(sim, "worker-0", "example.com/poke", "" + System.nanoTime());
      org.awaitility.Awaitility.await()
          .atMost(Duration.ofSeconds(20))
          .until(() -> poolPasses(sim, pool) > before);
    }
  }

  static double poolPasses(SimCluster sim, String pool) {
    return sim.registry().scrape().stream()
        .filter(m -> m.getMetadata().getName().equals("mcc_pool_passes"))
        .flatMap(m -> m.getDataPoints().stream())
        .filter(d -> pool.equals(d.getLabels().get("pool")))
        .mapToDouble(
            d ->
                ((io.prometheus.metrics.model.snapshots.CounterSnapshot.CounterDataPointSnapshot) d)
                    .getValue())
        .sum();
  }

  /** The node's current daemon's metrics, as Prometheus scrapes them. */
  static String scrape(SimCluster sim, String node) throws java.io.IOException, SimException {
    java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
    io.prometheus.metrics.expositionformats.PrometheusTextFormatWriter.create()
        .write(out, sim.node(node).registry().scrape());
    return out.toString(java.nio.charset.StandardCharsets.UTF_8);
  }

  /** The node is Done on its desired config, and that is not {@code notConfig}. */
  static boolean settledOffConfig(SimCluster sim, String node, String notConfig) {
    java.util.Map<String, String> a = annotations(sim, node);
    String current = a.get(io.ocelot.api.node.NodeAnnotations.CURRENT_CONFIG);
    return "Done".equals(a.get(io.ocelot.api.node.NodeAnnotations.STATE))
        && !notConfig.equals(current)
        && current.equals(a.get(io.ocelot.api.node.NodeAnnotations.DESIRED_CONFIG));
  }

  static SimCluster start(Path dir) throws SimException {
    return SimCluster.start(
        SimSettings.defaults(dir.resolve("state"))
            .onFreePorts()
            .withTimes(Duration.ofSeconds(1), Duration.ofSeconds(1)),
        line -> {});
  }
}

package io.ocelot.sim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.ocelot.api.model.MachineConfigPool;
import io.ocelot.api.model.OSImageStream;
import io.ocelot.api.model.OSImageStreamReference;
import io.ocelot.api.model.OSImageStreamSet;
import io.ocelot.fakehost.FakeHost;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 39 item 3 on the whole sim, with kubectl: OSImageStream/cluster lists the controller's
 * streams; the worker pool moves to another stream (RHEL 9 → 10, upstream's case) while the master
 * pool stays; the admission rules upstream ships refuse a stream that is not offered, the
 * singleton's deletion and a second one; a pool that names a stream cannot also take its image from
 * a MachineConfig.
 */
class OsImageStreamIT {
  static final List<String> WORKERS = List.of("worker-0", "worker-1");

  @TempDir Path dir;
  SimCluster sim;
  Kubectl kubectl;

  @AfterEach
  void stop() {
    if (sim != null) {
      sim.close();
    }
  }

  @Test
  void aPoolMovesToAnotherStreamWhileTheOtherStays() throws Exception {
    sim = SmallSims.twoWorkers(dir);
    kubectl = new Kubectl(sim.state().kubeconfig());
    OSImageStreamSet rhel9 = ClusterSeed.STREAMS.streams().get(0);
    OSImageStreamSet rhel10 = ClusterSeed.STREAMS.streams().get(1);
    await()
        .atMost(Duration.ofSeconds(30))
        .until(() -> stream().getStatus() != null && reported("worker").isPresent());
    assertThat(stream().getStatus().getAvailableStreams()).containsExactly(rhel9, rhel10);
    assertThat(stream().getStatus().getDefaultStream()).isEqualTo("rhel-9");
    assertThat(reported("worker")).contains(new OSImageStreamReference("rhel-9"));
    assertThat(kubectl.ok("get", "osimagestream", "-o", "wide"))
        .contains("cluster")
        .contains("rhel-9");
    assertThat(
            kubectl.ok(
                "get",
                "osimagestream",
                "cluster",
                "-o",
                "jsonpath={.status.availableStreams[*].name}"))
        .isEqualTo("rhel-9 rhel-10");

    // What the admission rules and the schema refuse, in upstream's words.
    assertThat(kubectl.fails("delete", "osimagestream", "cluster"))
        .contains("Deletion of OSImageStream resources is not allowed");
    assertThat(patchPool("worker", "{\"spec\":{\"osImageStream\":{\"name\":\"rhel-11\"}}}"))
        .contains(
            "The specified osImageStream name must reference a valid stream from the cluster"
                + " OSImageStream resource");
    assertThat(
            kubectl.fails(
                "patch",
                "osimagestream",
                "cluster",
                "--type=merge",
                "-p",
                "{\"spec\":{\"defaultStream\":\"rhel-11\"}}"))
        .contains("spec.defaultStream must reference an existing stream name");
    Path other = dir.resolve("other.yaml");
    Files.writeString(
        other,
        """
        apiVersion: machineconfiguration.openshift.io/v1
        kind: OSImageStream
        metadata: {name: other}
        spec: {defaultStream: rhel-9}
        """);
    assertThat(kubectl.fails("apply", "-f", other.toString()))
        .contains("osimagestream is a singleton, .metadata.name must be 'cluster'");

    // A custom pool (no nodes yet) that names no stream follows the worker pool's.
    Path infra = dir.resolve("infra.yaml");
    Files.writeString(
        infra,
        """
        apiVersion: machineconfiguration.openshift.io/v1
        kind: MachineConfigPool
        metadata: {name: infra}
        spec:
          machineConfigSelector:
            matchExpressions:
            - {key: machineconfiguration.openshift.io/role, operator: In, values: [worker, infra]}
          nodeSelector:
            matchLabels: {node-role.kubernetes.io/infra: ""}
        """);
    kubectl.ok("apply", "-f", infra.toString());
    await().atMost(Duration.ofSeconds(30)).until(() -> osImage("infra").equals(rhel9.osImage()));

    // The worker pool moves to RHEL 10: one rollout, every worker rebooted into its image.
    String before = SmallSims.rendered(sim, "worker");
    String master = SmallSims.rendered(sim, "master");
    kubectl.ok(
        "patch",
        "mcp",
        "worker",
        "--type=merge",
        "-p",
        "{\"spec\":{\"osImageStream\":{\"name\":\"rhel-10\"}}}");
    await()
        .atMost(Duration.ofSeconds(30))
        .until(() -> !SmallSims.rendered(sim, "worker").equals(before));
    // The custom pool follows the worker pool's new stream.
    await().atMost(Duration.ofSeconds(30)).until(() -> osImage("infra").equals(rhel10.osImage()));
    String after = SmallSims.rendered(sim, "worker");
    assertThat(
            sim.client()
                .resources(io.ocelot.api.model.MachineConfig.class)
                .withName(after)
                .get()
                .getSpec()
                .getOsImageURL())
        .isEqualTo(rhel10.osImage());
    await()
        .atMost(Duration.ofSeconds(120))
        .until(() -> SmallSims.doneOn(sim, WORKERS, after) && reported("worker").isPresent());
    for (String n : WORKERS) {
      assertThat(sim.node(n).host().image(FakeHost.Slot.BOOTED)).contains(rhel10.osImage());
    }
    assertThat(reported("worker")).contains(new OSImageStreamReference("rhel-10"));
    assertThat(SmallSims.rendered(sim, "master")).isEqualTo(master);
    assertThat(reported("master")).contains(new OSImageStreamReference("rhel-9"));

    // A pool that names a stream cannot take its image from a MachineConfig as well.
    Path image = dir.resolve("image.yaml");
    Files.writeString(
        image,
        """
        apiVersion: machineconfiguration.openshift.io/v1
        kind: MachineConfig
        metadata:
          name: 90-own-image
          labels: {machineconfiguration.openshift.io/role: worker}
        spec:
          osImageURL: quay.io/ocelot/custom@sha256:%s
          config: {ignition: {version: 3.5.0}}
        """
            .formatted("c0de".repeat(16)));
    kubectl.ok("apply", "-f", image.toString());
    await()
        .atMost(Duration.ofSeconds(30))
        .until(
            () ->
                kubectl
                    .condition("mcp", "worker", "RenderDegraded", "message")
                    .contains(
                        "cannot override MachineConfig osImageURL and set MachineConfigPool"
                            + " spec.osImageStream.name simultaneously (set by 90-own-image)"));
    assertThat(SmallSims.rendered(sim, "worker")).isEqualTo(after);
  }

  /** The OS image of the rendered config a pool targets ("" before it has one). */
  private String osImage(String pool) {
    MachineConfigPool p = sim.client().resources(MachineConfigPool.class).withName(pool).get();
    if (p.getSpec().getConfiguration() == null
        || p.getSpec().getConfiguration().getName() == null) {
      return "";
    }
    return sim.client()
        .resources(io.ocelot.api.model.MachineConfig.class)
        .withName(p.getSpec().getConfiguration().getName())
        .get()
        .getSpec()
        .getOsImageURL();
  }

  private OSImageStream stream() {
    return sim.client().resources(OSImageStream.class).withName("cluster").get();
  }

  private Optional<OSImageStreamReference> reported(String pool) {
    MachineConfigPool p = sim.client().resources(MachineConfigPool.class).withName(pool).get();
    return Optional.ofNullable(p.getStatus()).map(s -> s.getOsImageStream());
  }

  private String patchPool(String pool, String patch) throws Exception {
    return kubectl.fails("patch", "mcp", pool, "--type=merge", "-p", patch);
  }
}

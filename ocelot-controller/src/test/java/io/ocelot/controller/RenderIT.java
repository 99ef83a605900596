package io.ocelot.controller;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.ObjectReference;
import io.fabric8.kubernetes.client.utils.Serialization;
import io.ocelot.api.model.MachineConfig;
import io.ocelot.api.model.MachineConfigPoolCondition;
import io.ocelot.api.render.RenderDefaults;
import io.ocelot.api.render.RenderResult;
import io.ocelot.api.render.Renderer;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The render reconciler on the real control plane. */
class RenderIT {
  @TempDir Path dir;
  ControllerHarness cluster;

  @BeforeEach
  void onTheRealControlPlane() {
    cluster = ControllerHarness.onKube(dir);
  }

  @AfterEach
  void stop() {
    cluster.close();
  }

  List<String> renderedConfigs() {
    return cluster.client.resources(MachineConfig.class).list().getItems().stream()
        .map(mc -> mc.getMetadata().getName())
        .filter(n -> n.startsWith("rendered-"))
        .sorted()
        .toList();
  }

  @Test
  void theRenderedNameIsTheHashOfItsInputsAndSurvivesARestart() {
    MachineConfig chrony = cluster.example("50-chrony.yaml");
    MachineConfig base = cluster.example("00-worker.yaml");
    cluster.pool(1);
    cluster.startController();
    String rendered = cluster.awaitRendered(Optional.empty());

    RenderResult offline =
        Renderer.render(
            "worker",
            List.of(base, chrony),
            new RenderDefaults("quay.io/ocelot/fedora-coreos:stable", "", "ocelot"));
    assertThat(rendered)
        .isEqualTo(((RenderResult.Rendered) offline).config().getMetadata().getName())
        .matches("rendered-worker-[0-9a-f]{32}");
    assertThat(cluster.pool().getSpec().getConfiguration().getSource())
        .extracting(ObjectReference::getName)
        .containsExactly("00-worker", "50-chrony");
    MachineConfig created = cluster.client.resources(MachineConfig.class).withName(rendered).get();
    assertThat(created.getMetadata().getOwnerReferences())
        .singleElement()
        .satisfies(o -> assertThat(o.getName()).isEqualTo("worker"));

    cluster.stopController();
    cluster.startController();
    cluster.example("60-kubelet-dropin.yaml");
    String third = cluster.awaitRendered(Optional.of(rendered));
    cluster.deleteConfig("60-kubelet-dropin");
    String back = cluster.awaitRendered(Optional.of(third));

    assertThat(back).isEqualTo(rendered);
    assertThat(renderedConfigs()).containsExactlyInAnyOrder(rendered, third);
  }

  @Test
  void anInvalidConfigDegradesRenderingAndKeepsTheCurrentConfig() {
    cluster.example("00-worker.yaml");
    cluster.pool(1);
    cluster.startController();
    String rendered = cluster.awaitRendered(Optional.empty());

    // The server's schema refuses its kernelType; the rest of it only Ocelot's validation catches.
    cluster.example(
        "invalid/99-broken.yaml",
        mc -> {
          mc.getSpec().setKernelType(null);
          return mc;
        });
    MachineConfigPoolCondition degraded =
        cluster.awaitCondition("RenderDegraded", c -> "True".equals(c.getStatus()));
    assertThat(degraded.getMessage())
        .startsWith(
            "Failed to render configuration for pool worker: could not generate rendered"
                + " MachineConfig: ")
        .contains("99-broken");
    cluster.awaitCondition("Degraded", c -> "True".equals(c.getStatus()));
    assertThat(cluster.pool().getSpec().getConfiguration().getName()).isEqualTo(rendered);
    assertThat(renderedConfigs()).containsExactly(rendered);

    cluster.deleteConfig("99-broken");
    cluster.awaitCondition("RenderDegraded", c -> "False".equals(c.getStatus()));
    cluster.awaitCondition("Degraded", c -> "False".equals(c.getStatus()));
    assertThat(cluster.pool().getSpec().getConfiguration().getName()).isEqualTo(rendered);
  }

  /**
   * Two MachineConfigs the server stores (each under etcd's 1.5 MiB) whose render it could not: the
   * controller does not attempt the write (etcd would refuse it on every pass) but says so, with
   * the size, and keeps the pool on its current config.
   */
  @Test
  void aRenderTooLargeForEtcdDegradesRenderingNamingItsSize() {
    cluster.example("00-worker.yaml");
    cluster.pool(1);
    cluster.startController();
    String rendered = cluster.awaitRendered(Optional.empty());
    bigConfig("71-big-a", 640); // 853 KiB once in base64: incompressible
    bigConfig("71-big-b", 640);
    MachineConfigPoolCondition degraded =
        cluster.awaitCondition("RenderDegraded", c -> "True".equals(c.getStatus()));
    assertThat(degraded.getMessage())
        .startsWith(
            "Failed to render configuration for pool worker: could not generate rendered"
                + " MachineConfig: rendered-worker-")
        .containsPattern(
            "would be 1[6-9]\\d\\d KiB, more than the 1536 KiB etcd stores in one object");
    // The pool stays on a config it could store (with one of the two, if it rendered in between).
    assertThat(cluster.pool().getSpec().getConfiguration().getSource())
        .extracting(ObjectReference::getName)
        .doesNotContain("71-big-b");
    assertThat(renderedConfigs()).contains(rendered);
  }

  /** From 80 % of etcd's limit on, a new rendered config comes with a warning event. */
  @Test
  void aRenderNearEtcdsLimitIsAdoptedWithAWarning() {
    cluster.example("00-worker.yaml");
    cluster.pool(1);
    cluster.startController();
    String before = cluster.awaitRendered(Optional.empty());
    bigConfig("72-big", 960); // 1280 KiB in base64: 83 % with the rest
    String after = cluster.awaitRendered(Optional.of(before));
    org.awaitility.Awaitility.await()
        .atMost(java.time.Duration.ofSeconds(20))
        .untilAsserted(
            () ->
                assertThat(cluster.events("RenderedConfigLarge"))
                    .singleElement()
                    .satisfies(
                        e ->
                            assertThat(e.getMessage())
                                .startsWith(after + " is 12")
                                .contains("% of the 1536 KiB etcd stores in one object")));
  }

  /** A worker MachineConfig with one file of {@code kib} KiB of noise (incompressible). */
  private void bigConfig(String name, int kib) {
    byte[] noise = new byte[kib * 1024];
    new java.util.Random(name.hashCode()).nextBytes(noise);
    cluster
        .client
        .resources(MachineConfig.class)
        .resource(
            Serialization.unmarshal(
                ("{\"apiVersion\":\"machineconfiguration.openshift.io/v1\","
                        + "\"kind\":\"MachineConfig\",\"metadata\":{\"name\":\"%s\","
                        + "\"labels\":{\"machineconfiguration.openshift.io/role\":\"worker\"}},"
                        + "\"spec\":{\"config\":{\"ignition\":{\"version\":\"3.4.0\"},"
                        + "\"storage\":{\"files\":[{\"path\":\"/etc/%s.bin\",\"mode\":420,"
                        + "\"contents\":{\"source\":\"data:;base64,%s\"}}]}}}}")
                    .formatted(name, name, java.util.Base64.getEncoder().encodeToString(noise)),
                MachineConfig.class))
        .create();
  }

  /** The pool's render before {@code example} was added, and RenderDegraded's message after. */
  record Refused(String rendered, String message) {}

  /** Renders the worker config for a pool, then adds {@code example}, which it must refuse. */
  Refused renderedThenRefused(String example) {
    cluster.example("00-worker.yaml");
    cluster.pool(1);
    cluster.startController();
    String rendered = cluster.awaitRendered(Optional.empty());
    cluster.example(example);
    MachineConfigPoolCondition degraded =
        cluster.awaitCondition("RenderDegraded", c -> "True".equals(c.getStatus()));
    return new Refused(rendered, degraded.getMessage());
  }

  @Test
  void aConfigNodesCannotApplyDegradesRenderingAndIsNamed() {
    Refused r = renderedThenRefused("unreconcilable/90-data-disk.yaml");
    String rendered = r.rendered();
    assertThat(r.message())
        .startsWith(
            "Failed to render configuration for pool worker: could not generate rendered"
                + " MachineConfig: render reconciliation error: the new config cannot be applied"
                + " to nodes on "
                + rendered
                + ": ")
        .endsWith("(introduced by MachineConfig 90-data-disk)");
    // The controller passed over the pool again since: it still did not render the bad config.
    cluster.awaitLookedAgain("worker");
    assertThat(cluster.pool().getSpec().getConfiguration().getName()).isEqualTo(rendered);
    assertThat(renderedConfigs()).containsExactly(rendered);
  }

  @Test
  void aConfigTheNodesCouldNeverValidateIsNotRendered() {
    Refused r = renderedThenRefused("invalid/91-unit-file-twice.yaml");
    String rendered = r.rendered();
    assertThat(r.message())
        .endsWith(
            "MachineConfig 91-unit-file-twice: spec.config.storage.files[0].path: path conflicts"
                + " with systemd unit or dropin");
    // Deleting it is an ordinary change back: rendering recovers on the config the nodes have.
    cluster.deleteConfig("91-unit-file-twice");
    cluster.awaitCondition("RenderDegraded", c -> "False".equals(c.getStatus()));
    assertThat(cluster.pool().getSpec().getConfiguration().getName()).isEqualTo(rendered);
  }
}

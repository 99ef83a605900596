package io.ocelot.controller;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.fabric8.kubernetes.api.model.NamespaceBuilder;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.client.utils.Serialization;
import io.ocelot.api.model.MachineOSBuild;
import io.ocelot.api.model.MachineOSConfig;
import io.ocelot.controller.imagebuild.BuildConditions;
import io.ocelot.controller.imagebuild.BuildJobPlayer;
import io.ocelot.controller.imagebuild.BuildNamespaces;
import io.ocelot.controller.imagebuild.BuildObjects;
import io.ocelot.controller.imagebuild.JobImageBuilder;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The production builder's Jobs are followed by watch: with a build poll of ten minutes, a Job's
 * end reaches its MachineOSBuild within seconds (the test plays the Job controller and the pod's
 * kubelet on the real control plane).
 */
class BuildJobWatchIT {
  static final String SECRETS = "openshift-machine-config-operator";
  static final String NS = BuildNamespaces.DEFAULT_JOBS;

  @TempDir Path dir;
  ControllerHarness cluster;

  @BeforeEach
  void start() {
    cluster = ControllerHarness.onKube(dir);
    for (String ns : List.of(SECRETS, NS)) {
      cluster
          .client
          .namespaces()
          .resource(new NamespaceBuilder().withNewMetadata().withName(ns).endMetadata().build())
          .create();
    }
    // The MachineOSConfig's secrets, where MCO keeps them; the build copies them beside its Job.
    for (String secret : List.of("layered-push-secret", "global-pull-secret-copy")) {
      cluster
          .client
          .secrets()
          .inNamespace(SECRETS)
          .resource(
              new io.fabric8.kubernetes.api.model.SecretBuilder()
                  .withNewMetadata()
                  .withName(secret)
                  .endMetadata()
                  .withType("kubernetes.io/dockerconfigjson")
                  .addToStringData(".dockerconfigjson", "{\"auths\":{}}")
                  .build())
          .create();
    }
    cluster.buildPoll = Duration.ofMinutes(10);
    cluster.imageBuilder =
        new JobImageBuilder(
            cluster.client, new BuildNamespaces(SECRETS, NS), "quay.io/buildah/stable:v1.39");
  }

  @AfterEach
  void stop() {
    cluster.close();
  }

  List<Job> jobs() {
    return cluster.client.batch().v1().jobs().inNamespace(NS).list().getItems();
  }

  @Test
  void aJobsEndReachesItsBuildByWatchNotByPolling() throws IOException {
    cluster.example("00-worker.yaml");
    cluster.pool(1);
    cluster.startController();
    String rendered = cluster.awaitRendered(Optional.empty());
    try (InputStream in =
        Files.newInputStream(ControllerHarness.EXAMPLES.resolve("layered/machineosconfig.yaml"))) {
      MachineOSConfig m = Serialization.unmarshal(in, MachineOSConfig.class);
      m.getSpec().getMachineConfigPool().setName(ControllerHarness.POOL);
      cluster.client.resources(MachineOSConfig.class).resource(m).create();
    } catch (UncheckedIOException e) {
      throw e.getCause();
    }
    await().atMost(Duration.ofSeconds(20)).until(() -> jobs().size() == 1);
    Job job = jobs().get(0);
    assertThat(job.getMetadata().getLabels()).containsKey(BuildObjects.MOSB_LABEL);

    String digest = "c0ffee".repeat(10) + "abcd";
    BuildJobPlayer.finish(
        cluster.client, NS, job.getMetadata().getName(), true, "sha256:" + digest);

    await()
        .atMost(Duration.ofSeconds(20))
        .until(
            () ->
                cluster.client.resources(MachineOSBuild.class).list().getItems().stream()
                    .filter(b -> rendered.equals(b.getSpec().getMachineConfig().getName()))
                    .anyMatch(b -> BuildConditions.is(b.getStatus(), BuildConditions.SUCCEEDED)));
    MachineOSBuild built = cluster.client.resources(MachineOSBuild.class).list().getItems().get(0);
    assertThat(built.getStatus().getDigestedImagePushSpec()).endsWith("@sha256:" + digest);
    // OCL's metrics, with MCO's names: the pool's latest build succeeded, one build ended so.
    String pool = ControllerHarness.POOL;
    assertThat(cluster.metrics())
        .contains("ocl_build_state{pool=\"" + pool + "\",state=\"succeeded\"} 1.0")
        .contains("ocl_build_state{pool=\"" + pool + "\",state=\"building\"} 0.0")
        .contains("ocl_build_total{pool=\"" + pool + "\",state=\"succeeded\"} 1.0")
        .contains("ocl_build_duration_seconds_count{pool=\"" + pool + "\",state=\"succeeded\"} 1")
        .contains("ocl_active_builds{pool=\"" + pool + "\"} 0.0")
        .containsPattern("ocl_build_start_timestamp_seconds\\{pool=\"" + pool + "\"} 1\\.\\d+E9");
  }

  /**
   * A MachineOSConfig naming a push secret that is not there fails its build at once, saying so,
   * instead of leaving a Job whose pod waits for the secret until the Job's deadline (2 h).
   */
  @Test
  void aMissingPushSecretFailsTheBuildAtOnceWithoutAJob() throws IOException {
    cluster.client.secrets().inNamespace(SECRETS).withName("layered-push-secret").delete();
    cluster.example("00-worker.yaml");
    cluster.pool(1);
    cluster.startController();
    cluster.awaitRendered(Optional.empty());
    try (InputStream in =
        Files.newInputStream(ControllerHarness.EXAMPLES.resolve("layered/machineosconfig.yaml"))) {
      MachineOSConfig m = Serialization.unmarshal(in, MachineOSConfig.class);
      m.getSpec().getMachineConfigPool().setName(ControllerHarness.POOL);
      cluster.client.resources(MachineOSConfig.class).resource(m).create();
    }
    await()
        .atMost(Duration.ofSeconds(20))
        .untilAsserted(
            () ->
                assertThat(cluster.client.resources(MachineOSBuild.class).list().getItems())
                    .singleElement()
                    .satisfies(
                        b ->
                            assertThat(
                                    BuildConditions.message(b.getStatus(), BuildConditions.FAILED))
                                .contains(
                                    "MachineOSConfig layered names secret layered-push-secret"
                                        + " (renderedImagePushSecret), which is not in namespace"
                                        + " openshift-machine-config-operator")));
    assertThat(jobs()).isEmpty();
    assertThat(cluster.events("BuildFailed")).isNotEmpty();
    assertThat(cluster.metrics())
        .contains("ocl_build_state{pool=\"" + ControllerHarness.POOL + "\",state=\"failed\"} 1.0")
        .contains("ocl_build_total{pool=\"" + ControllerHarness.POOL + "\",state=\"failed\"} 1.0");
  }
}

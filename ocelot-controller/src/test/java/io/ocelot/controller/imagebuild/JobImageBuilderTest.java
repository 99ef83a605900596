package io.ocelot.controller.imagebuild;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.DeletionPropagation;
import io.fabric8.kubernetes.api.model.NamespaceBuilder;
import io.fabric8.kubernetes.api.model.Volume;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.ocelot.api.json.Json;
import io.ocelot.api.model.MachineConfig;
import io.ocelot.apiserver.SharedControlPlane;
import java.time.Instant;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The production builder's Job, created on the real control plane (whose validation it must pass)
 * and read back; the test plays the Job controller and the build pod's kubelet (none runs there).
 */
class JobImageBuilderTest {
  static final String NS = "openshift-machine-config-operator";
  @RegisterExtension static final SharedControlPlane plane = new SharedControlPlane();
  final KubernetesClient client = plane.client;
  final JobImageBuilder builder = new JobImageBuilder(client, NS, "quay.io/buildah/stable:v1.39");
  final BuildRequest request = BuildInputs.request("rendered-layered-1");
  final String name = BuildJobs.name(request);

  @BeforeEach
  void namespace() {
    if (client.namespaces().withName(NS).get() == null) {
      client
          .namespaces()
          .resource(new NamespaceBuilder().withNewMetadata().withName(NS).endMetadata().build())
          .create();
    }
  }

  @AfterEach
  void clean() {
    client
        .batch()
        .v1()
        .jobs()
        .inNamespace(NS)
        .withPropagationPolicy(DeletionPropagation.BACKGROUND)
        .delete();
    client.pods().inNamespace(NS).withGracePeriod(0).delete();
    client.configMaps().inNamespace(NS).withLabel(BuildObjects.MOSB_LABEL).delete();
  }

  Job job() {
    return client.batch().v1().jobs().inNamespace(NS).withName(name).get();
  }

  void finish(boolean ok, String message) {
    BuildJobPlayer.finish(client, NS, name, ok, message);
  }

  @Test
  void theJobBuildsTheContextAndPushesWithTheMachineOsConfigsSecrets() throws Exception {
    builder.start(request);
    builder.start(request); // idempotent

    assertThat(name).matches("build-[0-9a-f]{32}");
    ConfigMap context = client.configMaps().inNamespace(NS).withName(name).get();
    assertThat(context.getData().get("Containerfile")).isEqualTo(Containerfiles.of(request));
    MachineConfig config =
        Json.MAPPER.convertValue(
            Json.MAPPER.readTree(context.getData().get("machineconfig.json")), MachineConfig.class);
    assertThat(config.getMetadata().getName()).isEqualTo("rendered-layered-1");

    Job job = job();
    assertThat(job.getSpec().getBackoffLimit()).isZero();
    assertThat(job.getMetadata().getLabels())
        .containsEntry(BuildObjects.MOSB_LABEL, request.name())
        .containsEntry(BuildObjects.POOL_LABEL, "layered");
    var pod = job.getSpec().getTemplate().getSpec();
    assertThat(pod.getRestartPolicy()).isEqualTo("Never");
    Container c = pod.getContainers().get(0);
    assertThat(c.getImage()).isEqualTo("quay.io/buildah/stable:v1.39");
    assertThat(c.getTerminationMessagePolicy()).isEqualTo("FallbackToLogsOnError");
    assertThat(c.getEnv())
        .anySatisfy(
            e -> {
              assertThat(e.getName()).isEqualTo("PUSH_SPEC");
              assertThat(e.getValue()).isEqualTo("registry.example.com/ocelot/layered:latest");
            });
    assertThat(c.getCommand().get(2))
        .contains(
            "buildah bud --storage-driver vfs --authfile /run/secrets/base/.dockerconfigjson"
                + " -f /context/Containerfile -t \"$PUSH_SPEC\" /context")
        .contains(
            "buildah push --storage-driver vfs --authfile /run/secrets/push/.dockerconfigjson"
                + " --digestfile /tmp/digest \"$PUSH_SPEC\"")
        .contains("cat /tmp/digest > /dev/termination-log");
    assertThat(pod.getVolumes())
        .extracting(Volume::getName)
        .containsExactly("context", "push-secret", "base-secret", "storage");
    assertThat(pod.getVolumes())
        .filteredOn(v -> v.getSecret() != null)
        .extracting(v -> v.getSecret().getSecretName())
        .containsExactly("layered-push-secret", "global-pull-secret-copy");
    assertThat(c.getVolumeMounts())
        .extracting(m -> m.getMountPath())
        .containsExactly(
            "/context", "/run/secrets/push", "/run/secrets/base", "/var/lib/containers");

    assertThat(builder.state(request, Instant.now())).isInstanceOf(ImageBuilder.Running.class);
  }

  @Test
  void aSucceededJobGivesTheDigestItReported() {
    builder.start(request);
    String digest = "c0ffee".repeat(10) + "abcd";
    finish(true, "sha256:" + digest);
    assertThat(builder.state(request, Instant.now())).isEqualTo(new ImageBuilder.Succeeded(digest));
  }

  @Test
  void aFailedJobGivesTheLastLineOfItsLog() {
    builder.start(request);
    finish(false, "STEP 1/4: FROM quay.io/x\nError: creating build container: manifest unknown\n");
    assertThat(builder.state(request, Instant.now()))
        .isEqualTo(
            new ImageBuilder.Failed(
                "build job "
                    + name
                    + " failed: Error: creating build container: manifest unknown"));
  }

  @Test
  void aDeletedJobInterruptsTheBuild() {
    builder.start(request);
    client.batch().v1().jobs().inNamespace(NS).withName(name).delete();
    assertThat(builder.state(request, Instant.now()))
        .isEqualTo(new ImageBuilder.Interrupted("build job " + NS + "/" + name + " was deleted"));
  }
}

package io.ocelot.controller.imagebuild;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.DeletionPropagation;
import io.fabric8.kubernetes.api.model.NamespaceBuilder;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.api.model.Secret;
import io.fabric8.kubernetes.api.model.SecretBuilder;
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
  static final String SECRETS = "openshift-machine-config-operator";
  static final String NS = BuildNamespaces.DEFAULT_JOBS;
  @RegisterExtension static final SharedControlPlane plane = new SharedControlPlane();
  final KubernetesClient client = plane.client;
  final JobImageBuilder builder =
      new JobImageBuilder(client, new BuildNamespaces(SECRETS, NS), "quay.io/buildah/stable:v1.39");
  final BuildRequest request = BuildInputs.request("rendered-layered-1");
  final String name = BuildJobs.name(request);

  @BeforeEach
  void namespacesAndTheMachineOsConfigsSecrets() {
    for (String ns : java.util.List.of(SECRETS, NS)) {
      if (client.namespaces().withName(ns).get() == null) {
        client
            .namespaces()
            .resource(
                new NamespaceBuilder()
                    .withNewMetadata()
                    .withName(ns)
                    // As deploy/00-namespace.yaml labels the builds' namespace.
                    .addToLabels(
                        ns.equals(NS)
                            ? java.util.Map.of("pod-security.kubernetes.io/enforce", "baseline")
                            : java.util.Map.of())
                    .endMetadata()
                    .build())
            .create();
      }
    }
    for (String secret : java.util.List.of("layered-push-secret", "global-pull-secret-copy")) {
      client
          .secrets()
          .inNamespace(SECRETS)
          .resource(
              new SecretBuilder()
                  .withNewMetadata()
                  .withName(secret)
                  .endMetadata()
                  .withType("kubernetes.io/dockerconfigjson")
                  .addToStringData(".dockerconfigjson", "{\"auths\":{\"" + secret + "\":{}}}")
                  .build())
          .createOr(e -> e.update());
    }
  }

  @AfterEach
  void clean() {
    client.secrets().inNamespace(SECRETS).delete();
    client.secrets().inNamespace(NS).withLabel(BuildObjects.MOSB_LABEL).delete();
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
    assertThat(builder.start(request)).isEmpty();
    assertThat(builder.start(request)).isEmpty(); // idempotent

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
        .containsExactly(name + "-push", name + "-base");
    // The secrets stay in the controller's namespace; the build has copies beside its Job, owned
    // by it (they go when the Job goes).
    for (String[] copy :
        new String[][] {{"push", "layered-push-secret"}, {"base", "global-pull-secret-copy"}}) {
      Secret s = client.secrets().inNamespace(NS).withName(name + "-" + copy[0]).get();
      assertThat(s.getType()).isEqualTo("kubernetes.io/dockerconfigjson");
      assertThat(s.getData())
          .isEqualTo(client.secrets().inNamespace(SECRETS).withName(copy[1]).get().getData());
      assertThat(s.getMetadata().getOwnerReferences())
          .singleElement()
          .satisfies(
              o -> {
                assertThat(o.getKind()).isEqualTo("Job");
                assertThat(o.getUid()).isEqualTo(job.getMetadata().getUid());
              });
    }
    assertThat(c.getVolumeMounts())
        .extracting(m -> m.getMountPath())
        .containsExactly(
            "/context", "/run/secrets/push", "/run/secrets/base", "/var/lib/containers");

    assertThat(builder.state(request, Instant.now())).isInstanceOf(ImageBuilder.Running.class);
  }

  /**
   * The builds' namespace enforces Pod Security baseline: the build pod passes it (buildah adds
   * only SETUID and SETGID), a privileged pod does not (the server's dry run; no job controller
   * runs here to make the pod).
   */
  @Test
  void theBuildPodPassesPodSecurityBaselineAndAPrivilegedPodDoesNot() {
    Job job = BuildJobs.job(request, NS, "quay.io/buildah/stable:v1.39");
    Pod pod =
        new PodBuilder()
            .withNewMetadata()
            .withName(name + "-pod")
            .endMetadata()
            .withSpec(job.getSpec().getTemplate().getSpec())
            .build();
    assertThat(client.pods().inNamespace(NS).resource(pod).dryRun().create()).isNotNull();
    pod.getSpec().getContainers().get(0).getSecurityContext().setPrivileged(true);
    assertThatThrownBy(() -> client.pods().inNamespace(NS).resource(pod).dryRun().create())
        .hasMessageContaining("violates PodSecurity \"baseline:latest\": privileged");
  }

  @Test
  void aMissingSecretFailsTheBuildAtOnceNamingItAndStartsNothing() {
    client.secrets().inNamespace(SECRETS).withName("layered-push-secret").delete();
    assertThat(builder.start(request))
        .contains(
            "MachineOSConfig layered names secret layered-push-secret (renderedImagePushSecret),"
                + " which is not in namespace openshift-machine-config-operator");
    assertThat(job()).isNull();
    assertThat(
            client.secrets().inNamespace(NS).withLabel(BuildObjects.MOSB_LABEL).list().getItems())
        .isEmpty();
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

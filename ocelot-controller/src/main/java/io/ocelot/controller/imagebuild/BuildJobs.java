package io.ocelot.controller.imagebuild;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.ConfigMapBuilder;
import io.fabric8.kubernetes.api.model.Secret;
import io.fabric8.kubernetes.api.model.SecretBuilder;
import io.fabric8.kubernetes.api.model.Volume;
import io.fabric8.kubernetes.api.model.VolumeBuilder;
import io.fabric8.kubernetes.api.model.VolumeMount;
import io.fabric8.kubernetes.api.model.VolumeMountBuilder;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.api.model.batch.v1.JobBuilder;
import io.ocelot.api.json.Json;
import io.ocelot.api.model.NameRef;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The Kubernetes objects of one production build (pure): a ConfigMap with the build context (the
 * Containerfile and the rendered config) and a Job that runs buildah on it, pushes to the
 * MachineOSConfig's {@code renderedImagePushSpec} with its push secret, and reports the pushed
 * digest as its termination message (on failure the message is the log tail).
 */
public final class BuildJobs {
  public static final String DEFAULT_BUILDER_IMAGE = "quay.io/buildah/stable:v1.39";
  static final String CONTAINERFILE = "Containerfile";
  static final String CONTEXT = "/context";
  static final String BASE_AUTH = "/run/secrets/base";
  static final String PUSH_AUTH = "/run/secrets/push";
  static final String AUTH_KEY = ".dockerconfigjson";

  private BuildJobs() {}

  /** Job and ConfigMap name: short (a Job's name becomes a label value) and unique per build. */
  public static String name(BuildRequest r) {
    String n = r.name();
    return "build-" + n.substring(n.lastIndexOf('-') + 1);
  }

  public static ConfigMap context(BuildRequest r, String namespace) {
    return new ConfigMapBuilder()
        .withNewMetadata()
        .withName(name(r))
        .withNamespace(namespace)
        .withLabels(labels(r))
        .endMetadata()
        .addToData(CONTAINERFILE, Containerfiles.of(r))
        .addToData(Containerfiles.CONFIG_FILE, Json.MAPPER.valueToTree(r.rendered()).toString())
        .build();
  }

  /** The MachineOSConfig's push secret (required) and base image pull secret (optional). */
  public static String pushSecret(BuildRequest r) {
    return r.config().getSpec().getRenderedImagePushSecret().getName();
  }

  public static Optional<String> baseSecret(BuildRequest r) {
    return Optional.ofNullable(r.config().getSpec().getBaseImagePullSecret()).map(NameRef::getName);
  }

  /** The name of the build's copy of a secret ({@code push}, {@code base}) beside its Job. */
  public static String copyName(BuildRequest r, String role) {
    return name(r) + "-" + role;
  }

  /**
   * The build's copy of {@code source} in {@code namespace}: the same type and data, labelled as
   * the build's objects are (the Job's owner reference is added once the Job exists).
   */
  public static Secret copy(BuildRequest r, String role, Secret source, String namespace) {
    return new SecretBuilder()
        .withNewMetadata()
        .withName(copyName(r, role))
        .withNamespace(namespace)
        .withLabels(labels(r))
        .endMetadata()
        .withType(source.getType())
        .withData(source.getData())
        .build();
  }

  /** The Job, mounting the build's copies of the secrets (in its own namespace). */
  public static Job job(BuildRequest r, String namespace, String builderImage) {
    Optional<String> baseSecret = baseSecret(r).map(b -> copyName(r, "base"));
    String pushSecret = copyName(r, "push");
    List<Volume> volumes = new ArrayList<>();
    List<VolumeMount> mounts = new ArrayList<>();
    volumes.add(
        new VolumeBuilder()
            .withName("context")
            .withNewConfigMap()
            .withName(name(r))
            .endConfigMap()
            .build());
    mounts.add(new VolumeMountBuilder().withName("context").withMountPath(CONTEXT).build());
    volumes.add(secret("push-secret", pushSecret));
    mounts.add(mount("push-secret", PUSH_AUTH));
    baseSecret.ifPresent(
        s -> {
          volumes.add(secret("base-secret", s));
          mounts.add(mount("base-secret", BASE_AUTH));
        });
    volumes.add(new VolumeBuilder().withName("storage").withNewEmptyDir().endEmptyDir().build());
    mounts.add(
        new VolumeMountBuilder().withName("storage").withMountPath("/var/lib/containers").build());
    return new JobBuilder()
        .withNewMetadata()
        .withName(name(r))
        .withNamespace(namespace)
        .withLabels(labels(r))
        .endMetadata()
        .withNewSpec()
        .withBackoffLimit(0) // a failed build is reported; rebuilding is asked for explicitly
        .withActiveDeadlineSeconds(2L * 60 * 60)
        .withNewTemplate()
        .withNewMetadata()
        .withLabels(labels(r))
        .endMetadata()
        .withNewSpec()
        .withRestartPolicy("Never")
        .addNewContainer()
        .withName("build")
        .withImage(builderImage)
        .withCommand("/bin/bash", "-c", script(baseSecret.isPresent()))
        .addNewEnv()
        .withName("PUSH_SPEC")
        .withValue(r.pushSpec())
        .endEnv()
        .withTerminationMessagePolicy("FallbackToLogsOnError")
        .withNewSecurityContext()
        .withNewCapabilities()
        .withAdd("SETUID", "SETGID")
        .endCapabilities()
        .endSecurityContext()
        .withVolumeMounts(mounts)
        .endContainer()
        .withVolumes(volumes)
        .endSpec()
        .endTemplate()
        .endSpec()
        .build();
  }

  /** Build, push, and hand the digest to the controller through the termination message. */
  static String script(boolean baseAuth) {
    String pull = baseAuth ? " --authfile " + BASE_AUTH + "/" + AUTH_KEY : "";
    return String.join(
        "\n",
        "set -euo pipefail",
        "buildah bud --storage-driver vfs"
            + pull
            + " -f "
            + CONTEXT
            + "/"
            + CONTAINERFILE
            + " -t \"$PUSH_SPEC\" "
            + CONTEXT,
        "buildah push --storage-driver vfs --authfile "
            + PUSH_AUTH
            + "/"
            + AUTH_KEY
            + " --digestfile /tmp/digest \"$PUSH_SPEC\"",
        "cat /tmp/digest > /dev/termination-log",
        "");
  }

  private static Volume secret(String volume, String secret) {
    return new VolumeBuilder()
        .withName(volume)
        .withNewSecret()
        .withSecretName(secret)
        .endSecret()
        .build();
  }

  private static VolumeMount mount(String volume, String path) {
    return new VolumeMountBuilder().withName(volume).withMountPath(path).withReadOnly(true).build();
  }

  private static Map<String, String> labels(BuildRequest r) {
    Map<String, String> l = new HashMap<>();
    l.put(BuildObjects.LAYERING_LABEL, "");
    l.put(BuildObjects.POOL_LABEL, r.pool());
    l.put(BuildObjects.MOSC_LABEL, r.config().getMetadata().getName());
    l.put(BuildObjects.MOSB_LABEL, r.name());
    l.put("app.kubernetes.io/managed-by", "ocelot");
    return l;
  }
}

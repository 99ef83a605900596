package io.ocelot.controller.imagebuild;

import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.api.model.PodStatusBuilder;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.api.model.batch.v1.JobStatusBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;

/**
 * Plays the Job controller and the build pod's kubelet, none of which runs in the control plane.
 */
public final class BuildJobPlayer {
  private BuildJobPlayer() {}

  /**
   * What the build pod's kubelet and then the Job controller write when the build ends: the pod's
   * container terminated with {@code message}, then the Job's count.
   */
  public static void finish(
      KubernetesClient client, String namespace, String name, boolean ok, String message) {
    Pod pod =
        client
            .pods()
            .inNamespace(namespace)
            .resource(
                new PodBuilder()
                    .withNewMetadata()
                    .withName(name + "-x1")
                    .withNamespace(namespace)
                    .addToLabels("job-name", name)
                    .endMetadata()
                    .withNewSpec()
                    .withRestartPolicy("Never")
                    .addNewContainer()
                    .withName("build")
                    .withImage("quay.io/buildah/stable:v1.39")
                    .endContainer()
                    .endSpec()
                    .build())
            .create();
    pod.setStatus(
        new PodStatusBuilder()
            .withPhase(ok ? "Succeeded" : "Failed")
            .addNewContainerStatus()
            .withName("build")
            .withImage("quay.io/buildah/stable:v1.39")
            .withImageID("")
            .withReady(false)
            .withRestartCount(0)
            .withNewState()
            .withNewTerminated()
            .withExitCode(ok ? 0 : 1)
            .withMessage(message)
            .endTerminated()
            .endState()
            .endContainerStatus()
            .build());
    client.pods().inNamespace(namespace).resource(pod).updateStatus();
    // Then the Job controller counts the finished pod, as on a cluster.
    Job j = client.batch().v1().jobs().inNamespace(namespace).withName(name).get();
    j.setStatus(new JobStatusBuilder().withSucceeded(ok ? 1 : 0).withFailed(ok ? 0 : 1).build());
    client.batch().v1().jobs().inNamespace(namespace).resource(j).updateStatus();
  }
}

package io.ocelot.controller;

import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodConditionBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.informers.ResourceEventHandler;
import io.fabric8.kubernetes.client.informers.SharedIndexInformer;
import java.util.List;

/**
 * Plays the kubelets for the pods of one namespace on the real control plane: a new pod is reported
 * Running and Ready (a PodDisruptionBudget counts only ready pods), and a pod being deleted — an
 * eviction sets its deletionTimestamp — is removed with grace 0 once its containers would have
 * stopped. Without it an evicted pod stays Terminating and a drain never ends.
 */
final class PodPlayer implements AutoCloseable {
  private final KubernetesClient client;
  private final SharedIndexInformer<Pod> pods;

  PodPlayer(KubernetesClient client, String namespace) {
    this.client = client;
    this.pods =
        client
            .pods()
            .inNamespace(namespace)
            .inform(
                new ResourceEventHandler<>() {
                  @Override
                  public void onAdd(Pod pod) {
                    play(pod);
                  }

                  @Override
                  public void onUpdate(Pod before, Pod pod) {
                    play(pod);
                  }

                  @Override
                  public void onDelete(Pod pod, boolean unknownFinalState) {}
                },
                0);
  }

  private void play(Pod pod) {
    try {
      if (pod.getMetadata().getDeletionTimestamp() != null) {
        client.pods().resource(pod).withGracePeriod(0).delete();
      } else if (pod.getStatus() == null || !"Running".equals(pod.getStatus().getPhase())) {
        pod.getStatus().setPhase("Running");
        pod.getStatus()
            .setConditions(
                List.of(new PodConditionBuilder().withType("Ready").withStatus("True").build()));
        client.pods().resource(pod).updateStatus();
      }
    } catch (KubernetesClientException e) {
      // Written meanwhile or gone: the informer brings the pod again if there is more to do.
    }
  }

  @Override
  public void close() {
    pods.close();
  }
}

package io.ocelot.sim;

import io.fabric8.kubernetes.api.model.ContainerStatus;
import io.fabric8.kubernetes.api.model.ContainerStatusBuilder;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.api.model.PodCondition;
import io.fabric8.kubernetes.api.model.PodConditionBuilder;
import java.time.Instant;
import java.util.List;

/** The status a kubelet posts for a pod whose containers all started (pure). */
final class PodStatuses {
  private PodStatuses() {}

  static Pod running(Pod pod, Instant now) {
    String at = now.toString();
    List<ContainerStatus> containers =
        pod.getSpec().getContainers().stream()
            .map(
                c ->
                    new ContainerStatusBuilder()
                        .withName(c.getName())
                        .withImage(c.getImage())
                        .withImageID("")
                        .withReady(true)
                        .withStarted(true)
                        .withRestartCount(0)
                        .withNewState()
                        .withNewRunning(at)
                        .endState()
                        .build())
            .toList();
    return new PodBuilder(pod)
        .editOrNewStatus()
        .withPhase("Running")
        .withStartTime(at)
        .withConditions(
            condition("PodScheduled", at),
            condition("Initialized", at),
            condition("ContainersReady", at),
            condition("Ready", at))
        .withContainerStatuses(containers)
        .endStatus()
        .build();
  }

  private static PodCondition condition(String type, String at) {
    return new PodConditionBuilder()
        .withType(type)
        .withStatus("True")
        .withLastTransitionTime(at)
        .build();
  }
}

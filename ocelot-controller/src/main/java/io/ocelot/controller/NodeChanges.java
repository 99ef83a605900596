package io.ocelot.controller;

import io.fabric8.kubernetes.api.model.Node;
import io.javaoperatorsdk.operator.processing.event.source.filter.OnUpdateFilter;
import java.util.Objects;

/**
 * Which changes of a Node start a reconcile of the Node reconcilers (drain, MachineConfigNode): its
 * labels, annotations, spec, finalizers or deletion — what they read. Not its status alone:
 * kubelets write that (Ready, conditions, images) and neither reconciler reads it. During a rollout
 * each status write used to queue two reconciles on the controller's shared reconcile threads,
 * ahead of the pool's next pass.
 */
public final class NodeChanges implements OnUpdateFilter<Node> {
  @Override
  public boolean accept(Node newNode, Node oldNode) {
    return !Objects.equals(newNode.getMetadata().getLabels(), oldNode.getMetadata().getLabels())
        || !Objects.equals(
            newNode.getMetadata().getAnnotations(), oldNode.getMetadata().getAnnotations())
        || !Objects.equals(newNode.getSpec(), oldNode.getSpec())
        || !Objects.equals(
            newNode.getMetadata().getFinalizers(), oldNode.getMetadata().getFinalizers())
        || newNode.isMarkedForDeletion() != oldNode.isMarkedForDeletion();
  }
}

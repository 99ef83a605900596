package io.ocelot.controller;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.NodeBuilder;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import io.javaoperatorsdk.operator.api.config.Cloner;

/**
 * How JOSDK copies a primary resource before each reconcile (so the reconciler may change its
 * copy): a Node through fabric8's builder, which copies every field, instead of a JSON round trip.
 * The drain and MachineConfigNode reconcilers run on every node event, where the JSON copies showed
 * in the sim's profiles (docs/performance.md). Every other kind is copied through JSON, as by
 * default.
 */
final class ResourceCopies implements Cloner {
  private final KubernetesSerialization json;

  ResourceCopies(KubernetesSerialization json) {
    this.json = json;
  }

  @Override
  @SuppressWarnings("unchecked")
  public <R extends HasMetadata> R clone(R resource) {
    if (resource instanceof Node node) {
      return (R) new NodeBuilder(node).build();
    }
    return json.clone(resource);
  }
}

package io.ocelot.daemon.node;

import io.fabric8.kubernetes.api.model.Node;
import io.ocelot.api.kube.ObjectMaps;
import io.ocelot.api.node.AnnotatedNode;
import java.util.Map;

/** The protocol's view of a Node: its annotations, read with the contract's rules. */
public record NodeView(String name, String uid, Map<String, String> annotations)
    implements AnnotatedNode {

  public NodeView {
    annotations = ObjectMaps.present(annotations);
  }

  public static NodeView of(Node node) {
    return new NodeView(
        node.getMetadata().getName(),
        node.getMetadata().getUid() == null ? "" : node.getMetadata().getUid(),
        node.getMetadata().getAnnotations());
  }
}

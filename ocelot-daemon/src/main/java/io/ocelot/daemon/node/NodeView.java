package io.ocelot.daemon.node;

import io.fabric8.kubernetes.api.model.Node;
import io.ocelot.api.node.AnnotatedNode;
import java.util.Map;

/** The protocol's view of a Node: its annotations, read with the contract's rules. */
public record NodeView(String name, String uid, Map<String, String> annotations)
    implements AnnotatedNode {

  public NodeView {
    annotations = Map.copyOf(annotations);
  }

  public static NodeView of(Node node) {
    Map<String, String> a = node.getMetadata().getAnnotations();
    return new NodeView(
        node.getMetadata().getName(),
        node.getMetadata().getUid() == null ? "" : node.getMetadata().getUid(),
        a == null ? Map.of() : a);
  }
}

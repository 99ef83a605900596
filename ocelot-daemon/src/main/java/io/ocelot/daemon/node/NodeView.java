package io.ocelot.daemon.node;

import io.fabric8.kubernetes.api.model.Node;
import io.ocelot.api.node.NodeAnnotations;
import io.ocelot.api.node.NodeState;
import java.util.Map;
import java.util.Optional;

/** The protocol's view of a Node: its annotations, read with the contract's rules. */
public record NodeView(String name, String uid, Map<String, String> annotations) {

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

  /** An annotation's value; missing and empty (and the mock's stored null) read the same. */
  public Optional<String> get(String key) {
    return Optional.ofNullable(annotations.get(key)).filter(v -> !v.isEmpty());
  }

  public Optional<String> currentConfig() {
    return get(NodeAnnotations.CURRENT_CONFIG);
  }

  public Optional<String> desiredConfig() {
    return get(NodeAnnotations.DESIRED_CONFIG);
  }

  public Optional<String> currentImage() {
    return get(NodeAnnotations.CURRENT_IMAGE);
  }

  public Optional<String> desiredImage() {
    return get(NodeAnnotations.DESIRED_IMAGE);
  }

  /** The state; a missing one reads as Done, an unknown one as empty. */
  public Optional<NodeState> state() {
    return NodeState.fromAnnotation(annotations.get(NodeAnnotations.STATE));
  }

  public Optional<String> reason() {
    return get(NodeAnnotations.REASON);
  }

  public Optional<String> desiredDrain() {
    return get(NodeAnnotations.DESIRED_DRAIN);
  }

  public Optional<String> lastAppliedDrain() {
    return get(NodeAnnotations.LAST_APPLIED_DRAIN);
  }

  public Optional<String> postConfigAction() {
    return get(NodeAnnotations.POST_CONFIG_ACTION);
  }

  /** True while a drain or uncordon request has not been acknowledged. */
  public boolean drainPending() {
    return desiredDrain().isPresent() && !desiredDrain().equals(lastAppliedDrain());
  }
}

package io.ocelot.api.node;

import java.util.Map;
import java.util.Optional;

/**
 * A Node as the protocol reads it: its annotations, with the contract's rules — a missing, empty or
 * (the embedded API server's) stored-null value all read as absent. The daemon's and the
 * controller's views of a node share these readers.
 */
public interface AnnotatedNode {
  Map<String, String> annotations();

  default Optional<String> get(String key) {
    return Optional.ofNullable(annotations().get(key)).filter(v -> !v.isEmpty());
  }

  default Optional<String> currentConfig() {
    return get(NodeAnnotations.CURRENT_CONFIG);
  }

  default Optional<String> desiredConfig() {
    return get(NodeAnnotations.DESIRED_CONFIG);
  }

  default Optional<String> currentImage() {
    return get(NodeAnnotations.CURRENT_IMAGE);
  }

  default Optional<String> desiredImage() {
    return get(NodeAnnotations.DESIRED_IMAGE);
  }

  /** The state; a missing one reads as Done, an unknown one as empty. */
  default Optional<NodeState> state() {
    return NodeState.fromAnnotation(annotations().get(NodeAnnotations.STATE));
  }

  default Optional<String> reason() {
    return get(NodeAnnotations.REASON);
  }

  default Optional<String> desiredDrain() {
    return get(NodeAnnotations.DESIRED_DRAIN);
  }

  default Optional<String> lastAppliedDrain() {
    return get(NodeAnnotations.LAST_APPLIED_DRAIN);
  }

  /**
   * What refuses the node's drain now, as the drain controller says ({@link
   * NodeAnnotations#DRAIN_BLOCKED}).
   */
  default Optional<String> drainBlocked() {
    return get(NodeAnnotations.DRAIN_BLOCKED);
  }

  default Optional<String> postConfigAction() {
    return get(NodeAnnotations.POST_CONFIG_ACTION);
  }

  /** True while a drain or uncordon request has not been acknowledged. */
  default boolean drainPending() {
    return desiredDrain().isPresent() && !desiredDrain().equals(lastAppliedDrain());
  }

  /** True while a drain (not an uncordon) was asked for and has not been acknowledged. */
  default boolean drainUnderWay() {
    return drainPending()
        && desiredDrain()
            .flatMap(DrainRequest::parse)
            .filter(r -> r.verb() == DrainRequest.Verb.DRAIN)
            .isPresent();
  }
}

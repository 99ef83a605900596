package io.ocelot.controller.members;

import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.NodeCondition;
import io.ocelot.api.kube.ObjectMaps;
import io.ocelot.api.node.AnnotatedNode;
import io.ocelot.api.node.NodeState;
import io.ocelot.api.node.RolloutOrder;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** What the controller needs of a Node: its machine-config annotations and its readiness. */
public record PoolNode(
    String name,
    Map<String, String> annotations,
    Map<String, String> labels,
    boolean ready,
    Instant created)
    implements AnnotatedNode {

  public static final String ZONE_LABEL = RolloutOrder.ZONE_LABEL;

  public PoolNode {
    annotations = ObjectMaps.present(annotations);
    labels = ObjectMaps.present(labels);
  }

  public static PoolNode of(Node node) {
    String ts = node.getMetadata().getCreationTimestamp();
    return new PoolNode(
        node.getMetadata().getName(),
        ObjectMaps.present(node.getMetadata().getAnnotations()),
        ObjectMaps.present(node.getMetadata().getLabels()),
        isReady(node),
        ts == null ? Instant.EPOCH : Instant.parse(ts));
  }

  /** The views of {@code nodes}, in their order. */
  public static List<PoolNode> of(List<Node> nodes) {
    return nodes.stream().map(PoolNode::of).toList();
  }

  /**
   * MCO's readiness: Ready is True, DiskPressure and NetworkUnavailable are not True, and the node
   * is schedulable (a cordoned node counts as unavailable).
   */
  static boolean isReady(Node node) {
    if (node.getSpec() != null && Boolean.TRUE.equals(node.getSpec().getUnschedulable())) {
      return false;
    }
    List<NodeCondition> conditions =
        node.getStatus() == null || node.getStatus().getConditions() == null
            ? List.of()
            : node.getStatus().getConditions();
    boolean ready = false;
    for (NodeCondition c : conditions) {
      switch (c.getType()) {
        case "Ready" -> ready = "True".equals(c.getStatus());
        case "DiskPressure", "NetworkUnavailable" -> {
          if ("True".equals(c.getStatus())) {
            return false;
          }
        }
        default -> {}
      }
    }
    return ready;
  }

  /** The state, unknown values read as Done (as MCO's controller does). */
  public NodeState phase() {
    return state().orElse(NodeState.DONE);
  }

  public Optional<String> zone() {
    return RolloutOrder.zoneOf(labels);
  }

  /** Its place in the order nodes are targeted in. */
  public RolloutOrder.Key rolloutKey() {
    return new RolloutOrder.Key(zone(), created, name);
  }
}

package io.ocelot.controller.rollout;

import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.NodeSpec;
import io.fabric8.kubernetes.api.model.Taint;
import io.ocelot.api.node.NodeAnnotations;
import io.ocelot.controller.members.NodeClassifier;
import io.ocelot.controller.members.PoolNode;
import io.ocelot.controller.members.PoolTarget;
import io.ocelot.controller.support.NodeUpdates;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Brings a node's rollout fields to what the pool wants in one optimistic write: {@code
 * desiredConfig} and {@code desiredImage} together (or {@code desiredImage} removed for a
 * non-layered target), and the {@code UpdateInProgress:PreferNoSchedule} taint.
 */
public final class NodeTargeting {
  public static final String TAINT_KEY = "UpdateInProgress";
  public static final String TAINT_EFFECT = "PreferNoSchedule";

  private final NodeUpdates nodes;

  public NodeTargeting(NodeUpdates nodes) {
    this.nodes = nodes;
  }

  /**
   * What one node should look like; an empty {@code target} leaves its target alone. {@code marks}:
   * the rollout's own annotations on it ({@code ocelot.io/stage-ahead}, {@code
   * ocelot.io/reboot-lease-held}) by key, each set to its value or removed when empty; a key not
   * there is left as it is.
   */
  public record Wanted(
      Optional<PoolTarget> target, boolean tainted, Map<String, Optional<String>> marks) {
    public Wanted(Optional<PoolTarget> target, boolean tainted) {
      this(target, tainted, Map.of());
    }
  }

  /**
   * Whether {@code node} ({@code view} of it) lacks what is wanted: a write is due. Copies nothing.
   */
  public static boolean differs(Node node, PoolNode view, Wanted wanted) {
    if (wanted.target().isPresent() && !NodeClassifier.targeted(view, wanted.target().get())) {
      return true;
    }
    return tainted(node) != wanted.tainted()
        || wanted.marks().entrySet().stream()
            .anyMatch(
                m -> !Optional.ofNullable(view.annotations().get(m.getKey())).equals(m.getValue()));
  }

  private static boolean tainted(Node node) {
    List<Taint> taints = node.getSpec() == null ? null : node.getSpec().getTaints();
    return taints != null && taints.stream().anyMatch(NodeTargeting::isOurs);
  }

  /** Writes what differs; returns the node as written (the input when nothing differed). */
  public Node converge(Node cached, Wanted wanted) {
    return nodes.update(
        cached,
        node -> target(node, wanted) | taint(node, wanted.tainted()) | marks(node, wanted.marks()));
  }

  private static boolean marks(Node node, Map<String, Optional<String>> wanted) {
    boolean changed = false;
    for (Map.Entry<String, Optional<String>> m : wanted.entrySet()) {
      Map<String, String> a = node.getMetadata().getAnnotations();
      Optional<String> now = Optional.ofNullable(a == null ? null : a.get(m.getKey()));
      if (now.equals(m.getValue())) {
        continue;
      }
      if (m.getValue().isPresent()) {
        if (a == null) {
          node.getMetadata().setAnnotations(new HashMap<>());
        }
        node.getMetadata().getAnnotations().put(m.getKey(), m.getValue().get());
      } else {
        a.remove(m.getKey());
      }
      changed = true;
    }
    return changed;
  }

  private static boolean target(Node node, Wanted wanted) {
    if (wanted.target().isEmpty()
        || NodeClassifier.targeted(PoolNode.of(node), wanted.target().get())) {
      return false;
    }
    PoolTarget t = wanted.target().get();
    if (node.getMetadata().getAnnotations() == null) {
      node.getMetadata().setAnnotations(new HashMap<>());
    }
    Map<String, String> a = node.getMetadata().getAnnotations();
    a.put(NodeAnnotations.DESIRED_CONFIG, t.config());
    t.image()
        .ifPresentOrElse(
            i -> a.put(NodeAnnotations.DESIRED_IMAGE, i),
            () -> a.remove(NodeAnnotations.DESIRED_IMAGE));
    return true;
  }

  private static boolean taint(Node node, boolean wanted) {
    if (node.getSpec() == null) {
      node.setSpec(new NodeSpec());
    }
    if (tainted(node) == wanted) {
      return false;
    }
    List<Taint> taints =
        node.getSpec().getTaints() == null
            ? new ArrayList<>()
            : new ArrayList<>(node.getSpec().getTaints());
    if (wanted) {
      taints.add(new Taint(TAINT_EFFECT, TAINT_KEY, null, null));
    } else {
      taints.removeIf(NodeTargeting::isOurs);
    }
    node.getSpec().setTaints(taints);
    return true;
  }

  public static boolean isOurs(Taint t) {
    return TAINT_KEY.equals(t.getKey()) && TAINT_EFFECT.equals(t.getEffect());
  }
}

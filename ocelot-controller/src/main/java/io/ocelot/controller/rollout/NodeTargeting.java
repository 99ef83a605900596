package io.ocelot.controller.rollout;

import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.NodeSpec;
import io.fabric8.kubernetes.api.model.Taint;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.utils.Serialization;
import io.ocelot.api.node.NodeAnnotations;
import io.ocelot.controller.pool.NodeClassifier;
import io.ocelot.controller.pool.PoolNode;
import io.ocelot.controller.pool.PoolTarget;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Brings a node's rollout fields to what the pool wants: {@code desiredConfig} and {@code
 * desiredImage} together (or {@code desiredImage} removed), and the {@code
 * UpdateInProgress:PreferNoSchedule} taint, in one update that carries the resourceVersion (a
 * concurrent writer gives 409: re-read, retry). An update rather than a merge patch, because the
 * embedded API server appends the arrays of a merge patch (taints) and stores its {@code null}s.
 */
public final class NodeTargeting {
  public static final String TAINT_KEY = "UpdateInProgress";
  public static final String TAINT_EFFECT = "PreferNoSchedule";
  private static final int ATTEMPTS = 5;

  private final KubernetesClient client;

  public NodeTargeting(KubernetesClient client) {
    this.client = client;
  }

  /** What one node should look like; an empty {@code target} leaves its annotations alone. */
  public record Wanted(Optional<PoolTarget> target, boolean tainted) {}

  /** Writes what differs; returns the node as last written or read (the input when unchanged). */
  public Node converge(Node cached, Wanted wanted) {
    Node node = cached;
    for (int attempt = 1; ; attempt++) {
      try {
        return write(node, wanted);
      } catch (KubernetesClientException e) {
        if (e.getCode() != 409 || attempt == ATTEMPTS) {
          throw e;
        }
        node = client.nodes().withName(cached.getMetadata().getName()).get();
        if (node == null) {
          throw e;
        }
      }
    }
  }

  private Node write(Node node, Wanted wanted) {
    Node next = Serialization.clone(node);
    boolean changed = false;
    if (wanted.target().isPresent()
        && !NodeClassifier.targeted(PoolNode.of(node), wanted.target().get())) {
      PoolTarget t = wanted.target().get();
      if (next.getMetadata().getAnnotations() == null) {
        next.getMetadata().setAnnotations(new HashMap<>());
      }
      Map<String, String> a = next.getMetadata().getAnnotations();
      a.put(NodeAnnotations.DESIRED_CONFIG, t.config());
      t.image()
          .ifPresentOrElse(
              i -> a.put(NodeAnnotations.DESIRED_IMAGE, i),
              () -> a.remove(NodeAnnotations.DESIRED_IMAGE));
      changed = true;
    }
    if (next.getSpec() == null) {
      next.setSpec(new NodeSpec());
    }
    List<Taint> taints =
        next.getSpec().getTaints() == null
            ? new ArrayList<>()
            : new ArrayList<>(next.getSpec().getTaints());
    boolean hasTaint = taints.stream().anyMatch(NodeTargeting::isOurs);
    if (hasTaint != wanted.tainted()) {
      if (wanted.tainted()) {
        taints.add(new Taint(TAINT_EFFECT, TAINT_KEY, null, null));
      } else {
        taints.removeIf(NodeTargeting::isOurs);
      }
      next.getSpec().setTaints(taints);
      changed = true;
    }
    return changed ? client.nodes().resource(next).update() : node;
  }

  public static boolean isOurs(Taint t) {
    return TAINT_KEY.equals(t.getKey()) && TAINT_EFFECT.equals(t.getEffect());
  }
}

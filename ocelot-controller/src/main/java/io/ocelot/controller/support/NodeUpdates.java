package io.ocelot.controller.support;

import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.utils.Serialization;
import java.util.function.Predicate;

/**
 * Optimistic node writes: a change is applied to a copy and sent as an update carrying the copy's
 * resourceVersion; a concurrent writer gives 409, and the change is applied again to a fresh read.
 * An update rather than a merge patch: the change is made to what was read (taints, a list, are
 * replaced whole), and a concurrent writer is noticed instead of overwritten.
 */
public final class NodeUpdates {
  private static final int ATTEMPTS = 5;

  private final KubernetesClient client;

  public NodeUpdates(KubernetesClient client) {
    this.client = client;
  }

  /**
   * Applies {@code change} (which edits the copy it is given and says whether it changed anything)
   * and returns the node as written, or as read when there was nothing to change.
   */
  public Node update(Node cached, Predicate<Node> change) {
    Node node = cached;
    for (int attempt = 1; ; attempt++) {
      Node next = Serialization.clone(node);
      if (!change.test(next)) {
        return node;
      }
      try {
        return client.nodes().resource(next).update();
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
}

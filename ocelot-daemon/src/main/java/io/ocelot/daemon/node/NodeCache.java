package io.ocelot.daemon.node;

import io.fabric8.kubernetes.api.model.Node;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The daemon's latest view of its own Node, so that deciding and writing need not GET it each time
 * (at 1000 simulated nodes those GETs were half of all API requests). Fed by the node's informer
 * and by the daemon's own reads and writes; trusted only while the informer runs ({@link #live}),
 * since only the informer learns of other writers' changes. Writes stay safe on a stale view: they
 * carry its resourceVersion, and a conflict is retried on a fresh GET.
 */
public final class NodeCache {
  private final AtomicReference<Node> latest = new AtomicReference<>();
  private volatile boolean live;

  /** The informer is running (true) or stopped (false); a stopped cache answers nothing. */
  public void live(boolean running) {
    live = running;
    if (!running) {
      latest.set(null);
    }
  }

  /** The node, when the informer keeps this view current and it is known. */
  public Optional<Node> get() {
    return live ? Optional.ofNullable(latest.get()) : Optional.empty();
  }

  /**
   * An informer event: replaces the view unless it is older than what a write already returned
   * (events of earlier versions can arrive after the write's answer). resourceVersions are opaque
   * in Kubernetes, but numeric in etcd and the embedded server; a non-numeric one always replaces.
   */
  public void observed(Node node) {
    latest.accumulateAndGet(node, (cur, next) -> cur != null && older(next, cur) ? cur : next);
  }

  /** What a GET or a write returned: the server's answer at that moment. */
  public void fresh(Node node) {
    latest.set(node);
  }

  /** The node was deleted: the next read asks the server. */
  public void forget() {
    latest.set(null);
  }

  static boolean older(Node a, Node b) {
    try {
      return Long.parseLong(a.getMetadata().getResourceVersion())
          < Long.parseLong(b.getMetadata().getResourceVersion());
    } catch (NumberFormatException | NullPointerException e) {
      return false;
    }
  }
}

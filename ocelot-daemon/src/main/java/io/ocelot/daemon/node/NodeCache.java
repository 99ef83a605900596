package io.ocelot.daemon.node;

import io.fabric8.kubernetes.api.model.Node;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The daemon's latest view of its own Node, so that deciding and writing need not GET it each time
 * (at 1000 simulated nodes those GETs were half of all API requests). Fed by the node's informer
 * and by the daemon's own reads and writes; trusted only while the informer runs ({@link #live}),
 * since only the informer learns of other writers' changes. Writes stay safe on a stale view: they
 * carry its resourceVersion, and a conflict is retried on a fresh GET. A view without news for
 * longer than {@code maxAge} is not trusted either: a watch that reconnects can miss an event, and
 * a daemon waiting for the controller's drain acknowledgement must not wait on a view that lost it.
 */
public final class NodeCache {
  private record Seen(Node node, Instant at) {}

  private final Clock clock;
  private final Duration maxAge;
  private final AtomicReference<Seen> latest = new AtomicReference<>();
  private volatile boolean live;
  private final Object news = new Object();
  private long events; // guarded by news

  public NodeCache(Clock clock, Duration maxAge) {
    this.clock = clock;
    this.maxAge = maxAge;
  }

  /** The informer is running (true) or stopped (false); a stopped cache answers nothing. */
  public void live(boolean running) {
    live = running;
    if (!running) {
      latest.set(null);
    }
  }

  /** The node, when the informer keeps this view current, it is known and not too old. */
  public Optional<Node> get() {
    Seen s = latest.get();
    if (!live || s == null || expired(s)) {
      return Optional.empty();
    }
    return Optional.of(s.node());
  }

  /** The view that {@link #get} refused for its age, if that is why it answered nothing. */
  public Optional<Node> expired() {
    Seen s = latest.get();
    return live && s != null && expired(s) ? Optional.of(s.node()) : Optional.empty();
  }

  private boolean expired(Seen s) {
    return clock.instant().isAfter(s.at().plus(maxAge));
  }

  /**
   * An informer event: replaces the view unless it is older than the view (events of earlier
   * versions can arrive after a write's answer). resourceVersions are opaque in Kubernetes, but
   * numeric in etcd and the embedded server; a non-numeric one always replaces.
   */
  public void observed(Node node) {
    // An older event still shows the informer alive: the kept view counts as news.
    newer(node, true);
    synchronized (news) {
      events++;
      news.notifyAll();
    }
  }

  /**
   * Waits until the informer delivers its next event, at most {@code max} (real time): a wait for
   * the controller's answer (the drain handshake) wakes when the answer arrives instead of polling
   * the view. An event between the caller's last look and this call is only seen after {@code max},
   * as a poll would see it.
   */
  public void awaitNews(Duration max) throws InterruptedException {
    synchronized (news) {
      long seen = events;
      long deadline = System.nanoTime() + max.toNanos();
      long left = max.toNanos();
      while (events == seen && left > 0) {
        TimeUnit.NANOSECONDS.timedWait(news, left);
        left = deadline - System.nanoTime();
      }
    }
  }

  /**
   * What a GET or a write returned, with the same rule: the informer may already have delivered a
   * later version (the controller acknowledging the very write whose answer this is), and letting
   * the answer replace it would leave the view without the acknowledgement until the next event.
   */
  public void fresh(Node node) {
    newer(node, false);
  }

  private void newer(Node node, boolean fromInformer) {
    Seen next = new Seen(node, clock.instant());
    latest.accumulateAndGet(
        next,
        (cur, n) -> {
          if (cur == null || !older(n.node(), cur.node())) {
            return n;
          }
          return fromInformer ? new Seen(cur.node(), n.at()) : cur;
        });
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

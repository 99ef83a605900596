package io.ocelot.sim.demo;

import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.client.Watcher;
import io.fabric8.kubernetes.client.WatcherException;
import io.ocelot.api.node.NodeAnnotations;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Watches every node during a rollout to {@code image}: when each was targeted and when it was
 * done, how many were unavailable at once, and how many times node objects were written.
 */
public final class RolloutRecorder implements Watcher<Node> {
  private final String image;
  private final Clock clock;
  private final Map<String, Instant> targeted = new ConcurrentHashMap<>();
  private final Map<String, Instant> done = new ConcurrentHashMap<>();
  private final Map<String, Instant> cordoned = new ConcurrentHashMap<>();
  private final Map<String, Boolean> unavailable = new ConcurrentHashMap<>();
  private final AtomicInteger mostUnavailable = new AtomicInteger();
  private final AtomicLong writes = new AtomicLong();
  private final AtomicLong statusWrites = new AtomicLong();
  private final Map<String, Node> last = new ConcurrentHashMap<>();

  public RolloutRecorder(String image, Clock clock) {
    this.image = image;
    this.clock = clock;
  }

  @Override
  public void eventReceived(Action action, Node n) {
    if (action != Action.MODIFIED) {
      return;
    }
    String name = n.getMetadata().getName();
    Node before = last.put(name, n);
    // A change of status alone is the kubelet's (a real one writes it too), not Ocelot's.
    boolean statusOnly =
        before != null
            && Objects.equals(before.getSpec(), n.getSpec())
            && Objects.equals(
                before.getMetadata().getAnnotations(), n.getMetadata().getAnnotations())
            && Objects.equals(before.getMetadata().getLabels(), n.getMetadata().getLabels());
    (statusOnly ? statusWrites : writes).incrementAndGet();
    Map<String, String> a = n.getMetadata().getAnnotations();
    Instant now = clock.instant();
    if (image.equals(a.get(NodeAnnotations.DESIRED_IMAGE))) {
      targeted.putIfAbsent(name, now);
    }
    if (targeted.containsKey(name) && Boolean.TRUE.equals(n.getSpec().getUnschedulable())) {
      cordoned.putIfAbsent(name, now);
    }
    // Done and uncordoned: Done carries the uncordon request, the cordon goes after it.
    boolean isDone =
        image.equals(a.get(NodeAnnotations.CURRENT_IMAGE))
            && "Done".equals(a.get(NodeAnnotations.STATE))
            && !Boolean.TRUE.equals(n.getSpec().getUnschedulable());
    if (isDone) {
      done.putIfAbsent(name, now);
    }
    boolean busy = targeted.containsKey(name) && !isDone || notReady(n);
    unavailable.put(name, busy);
    mostUnavailable.accumulateAndGet(
        (int) unavailable.values().stream().filter(b -> b).count(), Math::max);
  }

  private static boolean notReady(Node n) {
    return n.getStatus() != null
        && n.getStatus().getConditions().stream()
            .anyMatch(c -> "Ready".equals(c.getType()) && !"True".equals(c.getStatus()));
  }

  @Override
  public void onClose(WatcherException cause) {}

  public int done() {
    return done.size();
  }

  public int targeted() {
    return targeted.size();
  }

  public int mostUnavailable() {
    return mostUnavailable.get();
  }

  /** Writes of a node's metadata or spec (Ocelot's, and whoever else's). */
  public long writes() {
    return writes.get();
  }

  /** Writes of a node's status alone (the simulated kubelet's). */
  public long statusWrites() {
    return statusWrites.get();
  }

  /** When each node was first targeted. */
  public Map<String, Instant> targetedAt() {
    return Map.copyOf(targeted);
  }

  /** When each node was done. */
  public Map<String, Instant> doneAt() {
    return Map.copyOf(done);
  }

  /** The nodes in the order they were targeted. */
  public List<String> order() {
    return targeted.entrySet().stream()
        .sorted(Map.Entry.comparingByValue())
        .map(Map.Entry::getKey)
        .toList();
  }

  /** From the first node targeted to the last node done. */
  public Duration makespan() {
    Instant first = targeted.values().stream().min(Instant::compareTo).orElse(Instant.EPOCH);
    Instant last = done.values().stream().max(Instant::compareTo).orElse(first);
    return Duration.between(first, last);
  }

  /**
   * Each done node's unavailable time: from its cordon (its workloads leave) to done and
   * uncordoned; from its targeting for a node never cordoned (an update without a drain).
   */
  public Map<String, Duration> unavailableTimes() {
    Map<String, Duration> out = new java.util.TreeMap<>();
    done.forEach(
        (node, at) -> {
          Instant from = cordoned.getOrDefault(node, targeted.get(node));
          if (from != null) {
            out.put(node, Duration.between(from, at));
          }
        });
    return out;
  }

  /** Each done node's time from targeted to done, sorted. */
  public List<Duration> updateTimes() {
    List<Duration> out = new ArrayList<>();
    done.forEach(
        (node, at) -> {
          Instant from = targeted.get(node);
          if (from != null) {
            out.add(Duration.between(from, at));
          }
        });
    out.sort(Duration::compareTo);
    return out;
  }
}

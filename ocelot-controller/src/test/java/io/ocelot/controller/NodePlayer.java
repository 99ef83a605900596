package io.ocelot.controller;

import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.Watch;
import io.fabric8.kubernetes.client.Watcher;
import io.fabric8.kubernetes.client.WatcherException;
import io.ocelot.api.node.NodeAnnotations;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Plays the daemons: a node told to go to a new config "updates" for {@code millis} and reports
 * Done on it — or, if told to fail, reports Degraded with a reason and stays on its old config.
 */
final class NodePlayer implements AutoCloseable {
  private final KubernetesClient client;
  private final long millis;
  private final ScheduledExecutorService clock = Executors.newSingleThreadScheduledExecutor();
  private final Map<String, String> failing = new ConcurrentHashMap<>();
  private final Set<String> busy = ConcurrentHashMap.newKeySet();
  private final Map<String, Integer> updates = new ConcurrentHashMap<>();
  private final boolean drains;
  private final Watch watch;

  NodePlayer(KubernetesClient client, long millis) {
    this(client, millis, false);
  }

  /**
   * With {@code drains}, each update is wrapped in the daemon's drain handshake: ask for {@code
   * drain-<config>} and wait until the controller applied it, then finish and ask for {@code
   * uncordon-<config>}.
   */
  NodePlayer(KubernetesClient client, long millis, boolean drains) {
    this.client = client;
    this.millis = millis;
    this.drains = drains;
    this.watch =
        client
            .nodes()
            .watch(
                new Watcher<>() {
                  @Override
                  public void eventReceived(Action action, Node node) {
                    if (action != Action.DELETED) {
                      observe(node);
                    }
                  }

                  @Override
                  public void onClose(WatcherException cause) {}
                });
    clock.scheduleWithFixedDelay(this::resync, 1, 1, TimeUnit.SECONDS);
  }

  /** The node's next update fails with {@code reason} until {@link #fix}. */
  void failOn(String node, String reason) {
    failing.put(node, reason);
  }

  /** The cause is gone: the daemon's retry succeeds. */
  void fix(String node) {
    failing.remove(node);
    observe(client.nodes().withName(node).get());
  }

  private void observe(Node node) {
    Map<String, String> a = node.getMetadata().getAnnotations();
    String name = node.getMetadata().getName();
    String desired = a.get(NodeAnnotations.DESIRED_CONFIG);
    String state = a.getOrDefault(NodeAnnotations.STATE, "Done");
    boolean onTarget =
        Objects.equals(desired, a.get(NodeAnnotations.CURRENT_CONFIG))
            && Objects.equals(
                a.get(NodeAnnotations.DESIRED_IMAGE), a.get(NodeAnnotations.CURRENT_IMAGE));
    if (desired == null
        || onTarget
        || (failing.containsKey(name) && state.equals("Degraded"))
        || (drains && !drained(name, a, desired))
        || !busy.add(name)) {
      return;
    }
    clock.schedule(() -> finish(name), millis, TimeUnit.MILLISECONDS);
  }

  /** Whether the controller drained the node for {@code desired}; asks for it if not yet. */
  private boolean drained(String name, Map<String, String> a, String desired) {
    String drain = "drain-" + desired;
    if (drain.equals(a.get(NodeAnnotations.LAST_APPLIED_DRAIN))) {
      return true;
    }
    if (!drain.equals(a.get(NodeAnnotations.DESIRED_DRAIN))) {
      try {
        annotate(
            name,
            ann -> {
              ann.put(NodeAnnotations.DESIRED_DRAIN, drain);
              ann.put(NodeAnnotations.STATE, "Working");
            });
      } catch (RuntimeException e) {
        // A 409 (the controller wrote the node between edit's read and its patch; seen under
        // load) or the API server away: the next event or resync asks again, as a daemon retries.
      }
    }
    return false;
  }

  /** How many updates each node finished (a node updated twice shows 2). */
  Map<String, Integer> updates() {
    return Map.copyOf(updates);
  }

  /** Done on what the node was told (re-read: it may have been retargeted meanwhile). */
  private void finish(String name) {
    String reason = failing.get(name);
    try {
      annotate(
          name,
          a -> {
            if (reason != null) {
              a.put(NodeAnnotations.STATE, "Degraded");
              a.put(NodeAnnotations.REASON, reason);
              return;
            }
            a.put(NodeAnnotations.CURRENT_CONFIG, a.get(NodeAnnotations.DESIRED_CONFIG));
            String image = a.get(NodeAnnotations.DESIRED_IMAGE);
            if (image == null) {
              a.remove(NodeAnnotations.CURRENT_IMAGE);
            } else {
              a.put(NodeAnnotations.CURRENT_IMAGE, image);
            }
            a.put(NodeAnnotations.STATE, "Done");
            a.put(NodeAnnotations.REASON, "");
            if (drains) {
              a.put(
                  NodeAnnotations.DESIRED_DRAIN,
                  "uncordon-" + a.get(NodeAnnotations.DESIRED_CONFIG));
            }
          });
      if (reason == null) {
        updates.merge(name, 1, Integer::sum);
      }
    } catch (RuntimeException e) {
      // The API server is away (a restart): try again, as a daemon's retry would.
      clock.schedule(() -> finish(name), millis, TimeUnit.MILLISECONDS);
      return;
    }
    busy.remove(name);
    observe(client.nodes().withName(name).get());
  }

  /** Edits the node's annotations (fabric8's edit: a read, then a patch of what changed). */
  private void annotate(String name, java.util.function.Consumer<Map<String, String>> change) {
    client
        .nodes()
        .withName(name)
        .edit(
            n -> {
              change.accept(n.getMetadata().getAnnotations());
              return n;
            });
  }

  /** A daemon's resync: every node looked at again, so a watch event lost to a restart is not. */
  private void resync() {
    try {
      client.nodes().list().getItems().forEach(this::observe);
    } catch (RuntimeException e) {
      // The API server is away; the next resync tries again.
    }
  }

  @Override
  public void close() {
    watch.close();
    clock.shutdownNow();
  }
}

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
  private final Watch watch;

  NodePlayer(KubernetesClient client, long millis) {
    this.client = client;
    this.millis = millis;
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
        || !busy.add(name)) {
      return;
    }
    clock.schedule(() -> finish(name), millis, TimeUnit.MILLISECONDS);
  }

  /** Done on what the node was told (re-read: it may have been retargeted meanwhile). */
  private void finish(String name) {
    String reason = failing.get(name);
    try {
      client
          .nodes()
          .withName(name)
          .edit(
              n -> {
                Map<String, String> a = n.getMetadata().getAnnotations();
                if (reason != null) {
                  a.put(NodeAnnotations.STATE, "Degraded");
                  a.put(NodeAnnotations.REASON, reason);
                  return n;
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
                return n;
              });
    } finally {
      busy.remove(name);
      observe(client.nodes().withName(name).get());
    }
  }

  @Override
  public void close() {
    watch.close();
    clock.shutdownNow();
  }
}

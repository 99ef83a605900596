package io.ocelot.controller;

import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.Watch;
import io.fabric8.kubernetes.client.Watcher;
import io.fabric8.kubernetes.client.WatcherException;
import io.ocelot.api.node.NodeAnnotations;
import io.ocelot.controller.members.NodeClassifier;
import io.ocelot.controller.members.PoolNode;
import io.ocelot.controller.rollout.NodeTargeting;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Watches every node for the whole test and keeps, after each change the API server reports, how
 * many nodes were unavailable by MCO's rule — so "never more than maxUnavailable at any moment" is
 * checked on every state the cluster went through, not on samples.
 */
final class AvailabilityRecorder implements AutoCloseable {
  private final Map<String, PoolNode> nodes = new HashMap<>();
  private final Map<String, String> firstDesired = new HashMap<>();
  private final List<String> targetedOrder = new ArrayList<>();
  private final Set<String> tainted = new HashSet<>();
  private final Watch watch;
  private int maxUnavailable;
  private int events;

  AvailabilityRecorder(KubernetesClient client) {
    client.nodes().list().getItems().forEach(this::seen);
    this.watch =
        client
            .nodes()
            .watch(
                new Watcher<>() {
                  @Override
                  public void eventReceived(Action action, Node node) {
                    seen(node);
                  }

                  @Override
                  public void onClose(WatcherException cause) {}
                });
  }

  private synchronized void seen(Node node) {
    PoolNode n = PoolNode.of(node);
    nodes.put(n.name(), n);
    events++;
    String desired = n.annotations().getOrDefault(NodeAnnotations.DESIRED_CONFIG, "");
    firstDesired.putIfAbsent(n.name(), desired);
    if (!desired.equals(firstDesired.get(n.name())) && !targetedOrder.contains(n.name())) {
      targetedOrder.add(n.name());
    }
    if (node.getSpec() != null
        && node.getSpec().getTaints() != null
        && node.getSpec().getTaints().stream().anyMatch(NodeTargeting::isOurs)) {
      tainted.add(n.name());
    }
    int unavailable =
        (int) nodes.values().stream().filter(p -> NodeClassifier.unavailable(p, false)).count();
    maxUnavailable = Math.max(maxUnavailable, unavailable);
  }

  synchronized int maxUnavailable() {
    return maxUnavailable;
  }

  synchronized int events() {
    return events;
  }

  /** Nodes that carried the UpdateInProgress taint at some point. */
  synchronized Set<String> tainted() {
    return Set.copyOf(tainted);
  }

  /** Nodes in the order their desiredConfig first changed. */
  synchronized List<String> targetedOrder() {
    return List.copyOf(targetedOrder);
  }

  @Override
  public void close() {
    watch.close();
  }
}

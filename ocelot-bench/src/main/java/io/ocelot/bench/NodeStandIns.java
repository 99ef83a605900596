package io.ocelot.bench;

import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.dsl.base.PatchContext;
import io.fabric8.kubernetes.client.dsl.base.PatchType;
import io.fabric8.kubernetes.client.informers.ResourceEventHandler;
import io.fabric8.kubernetes.client.informers.SharedIndexInformer;
import io.fabric8.kubernetes.client.utils.Serialization;
import io.ocelot.api.node.NodeAnnotations;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Cheap stand-ins for the daemons of thousands of nodes, for benchmarking the controller: one node
 * informer and a few writer threads instead of a daemon, a host root and a watch per node. Each
 * stand-in speaks the daemon's side of MCO's protocol with the daemon's writes: told to go to a new
 * config, it says Working and asks for the drain in one merge patch; once the controller applied
 * the drain, it "updates" for {@code updateTime} and reports Done on the config with the uncordon
 * request in one more. It applies nothing and never reboots.
 */
final class NodeStandIns implements AutoCloseable {
  private final KubernetesClient client;
  private final Duration updateTime;
  private final ScheduledExecutorService writers;
  private final Set<String> busy = ConcurrentHashMap.newKeySet();
  private final AtomicInteger failedWrites = new AtomicInteger();
  private final AtomicInteger events = new AtomicInteger();
  private final SharedIndexInformer<Node> informer;

  NodeStandIns(KubernetesClient client, Duration updateTime, int writerThreads) {
    this.client = client;
    this.updateTime = updateTime;
    this.writers = Executors.newScheduledThreadPool(writerThreads);
    // A resync every 10 s looks at every node again: a write that failed is tried anew.
    this.informer =
        client
            .nodes()
            .inform(
                new ResourceEventHandler<>() {
                  @Override
                  public void onAdd(Node node) {
                    observe(node);
                  }

                  @Override
                  public void onUpdate(Node before, Node node) {
                    if (!before
                        .getMetadata()
                        .getResourceVersion()
                        .equals(node.getMetadata().getResourceVersion())) {
                      events.incrementAndGet(); // a write, not the informer's resync
                    }
                    observe(node);
                  }

                  @Override
                  public void onDelete(Node node, boolean unknownFinalState) {}
                },
                10_000);
  }

  /** A config some node is told to go to other than {@code config}, if any. */
  Optional<String> targetOtherThan(String config) {
    return informer.getStore().list().stream()
        .map(n -> annotation(n, NodeAnnotations.DESIRED_CONFIG))
        .filter(c -> c != null && !c.equals(config))
        .findFirst();
  }

  /** Nodes told to go to {@code config} (or already on it). */
  int targeted(String config) {
    return (int)
        informer.getStore().list().stream()
            .filter(n -> config.equals(annotation(n, NodeAnnotations.DESIRED_CONFIG)))
            .count();
  }

  /** Nodes Done on {@code config} and uncordoned again. */
  int updatedTo(String config) {
    return (int)
        informer.getStore().list().stream()
            .filter(
                n ->
                    config.equals(annotation(n, NodeAnnotations.CURRENT_CONFIG))
                        && "Done".equals(annotation(n, NodeAnnotations.STATE))
                        && !Boolean.TRUE.equals(n.getSpec().getUnschedulable()))
            .count();
  }

  /** Node writes the informer delivered (its resyncs left out). */
  int nodeEvents() {
    return events.get();
  }

  private static String annotation(Node node, String key) {
    Map<String, String> a = node.getMetadata().getAnnotations();
    return a == null ? null : a.get(key);
  }

  /** Writes that failed (tried again at the next resync). */
  int failedWrites() {
    return failedWrites.get();
  }

  private void observe(Node node) {
    Map<String, String> a = node.getMetadata().getAnnotations();
    String name = node.getMetadata().getName();
    String desired = a == null ? null : a.get(NodeAnnotations.DESIRED_CONFIG);
    if (desired == null || desired.equals(a.get(NodeAnnotations.CURRENT_CONFIG))) {
      return;
    }
    String drain = "drain-" + desired;
    if (!drain.equals(a.get(NodeAnnotations.LAST_APPLIED_DRAIN))) {
      if (!drain.equals(a.get(NodeAnnotations.DESIRED_DRAIN)) && busy.add(name)) {
        writers.execute(
            () ->
                write(
                    name,
                    Map.of(
                        NodeAnnotations.STATE, "Working", NodeAnnotations.DESIRED_DRAIN, drain)));
      }
      return;
    }
    if (busy.add(name)) {
      Map<String, String> done =
          Map.of(
              NodeAnnotations.CURRENT_CONFIG,
              desired,
              NodeAnnotations.STATE,
              "Done",
              NodeAnnotations.DESIRED_DRAIN,
              "uncordon-" + desired);
      writers.schedule(() -> write(name, done), updateTime.toMillis(), TimeUnit.MILLISECONDS);
    }
  }

  private void write(String name, Map<String, String> annotations) {
    try {
      client
          .nodes()
          .withName(name)
          .patch(
              PatchContext.of(PatchType.JSON_MERGE),
              Serialization.asJson(Map.of("metadata", Map.of("annotations", annotations))));
    } catch (RuntimeException e) {
      failedWrites.incrementAndGet();
    } finally {
      busy.remove(name);
    }
  }

  @Override
  public void close() {
    informer.close();
    writers.shutdownNow();
  }
}

package io.ocelot.sim.demo;

import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.client.Watch;
import io.fabric8.kubernetes.client.Watcher;
import io.fabric8.kubernetes.client.WatcherException;
import io.ocelot.api.node.NodeAnnotations;
import io.ocelot.sim.SimCluster;
import io.ocelot.sim.demo.Timeline.Seen;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A layered image for the whole worker pool, rolled out with maxUnavailable 1: the order (zone,
 * then age) and the most nodes ever unavailable at once, as a watch on the nodes sees them.
 */
public final class Rollout implements Scenario {
  private static final String POOL = "worker";

  @Override
  public String name() {
    return "rollout";
  }

  @Override
  public String summary() {
    return "a layered image rolls out to every worker, one node at a time";
  }

  @Override
  public void run(SimCluster sim, Timeline t) {
    Admin admin = new Admin(sim.client());
    List<String> workers =
        sim.nodes().stream().map(n -> n.name()).filter(n -> n.startsWith("worker-")).toList();
    Map<String, Boolean> unavailable = new ConcurrentHashMap<>();
    List<String> order = java.util.Collections.synchronizedList(new ArrayList<>());
    AtomicInteger most = new AtomicInteger();
    try (Watch watch =
        sim.client()
            .nodes()
            .watch(
                new Watcher<Node>() {
                  @Override
                  public void eventReceived(Action action, Node n) {
                    String name = n.getMetadata().getName();
                    Map<String, String> a = n.getMetadata().getAnnotations();
                    boolean busy =
                        !a.getOrDefault(NodeAnnotations.DESIRED_CONFIG, "")
                                .equals(a.get(NodeAnnotations.CURRENT_CONFIG))
                            || !"Done".equals(a.get(NodeAnnotations.STATE))
                            || a.containsKey(NodeAnnotations.DESIRED_IMAGE)
                                && !a.get(NodeAnnotations.DESIRED_IMAGE)
                                    .equals(a.get(NodeAnnotations.CURRENT_IMAGE));
                    if (busy
                        && !order.contains(name)
                        && a.containsKey(NodeAnnotations.DESIRED_IMAGE)) {
                      order.add(name);
                    }
                    unavailable.put(name, busy);
                    most.accumulateAndGet(
                        (int) unavailable.values().stream().filter(b -> b).count(), Math::max);
                  }

                  @Override
                  public void onClose(WatcherException cause) {}
                })) {
      t.info("kubectl create -f mosc-worker.yaml   # opts pool worker into layering");
      admin.optIn(POOL);
      String[] built = new String[1];
      if (!t.await(
          "the worker pool's image builds",
          Duration.ofSeconds(60),
          () ->
              admin
                  .succeededBuild(POOL)
                  .map(
                      b ->
                          Seen.of(
                              true,
                              "built " + (built[0] = b.getStatus().getDigestedImagePushSpec())))
                  .orElse(Seen.of(false, "no succeeded build")))) {
        return;
      }
      Duration budget =
          sim.settings().rebootTime().plusSeconds(5).multipliedBy(workers.size()).plusSeconds(30);
      if (!t.await(
          "every worker reboots into the layered image, one at a time",
          budget,
          () -> {
            long done =
                workers.stream()
                    .filter(
                        w ->
                            built[0].equals(admin.annotation(w, NodeAnnotations.CURRENT_IMAGE))
                                && admin.state(w).equals("Done"))
                    .count();
            return Seen.of(
                done == workers.size(),
                done + "/" + workers.size() + " on the image; order " + order);
          })) {
        return;
      }
      t.check(
          "never more than maxUnavailable (1) worker unavailable",
          () -> Seen.of(most.get() == 1, "at most " + most.get() + " at once; order " + order));
    }
  }
}

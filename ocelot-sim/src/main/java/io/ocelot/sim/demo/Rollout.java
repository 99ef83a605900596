package io.ocelot.sim.demo;

import io.fabric8.kubernetes.client.Watch;
import io.ocelot.sim.SimCluster;
import io.ocelot.sim.demo.Timeline.Seen;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

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
    t.info("kubectl create -f mosc-worker.yaml   # opts pool worker into layering");
    admin.optIn(POOL);
    Optional<String> image = admin.awaitBuild(t, POOL, "the worker pool's image builds");
    if (image.isEmpty()) {
      return;
    }
    String built = image.get();
    RolloutRecorder r = new RolloutRecorder(built, Clock.systemUTC());
    try (Watch watch = sim.client().nodes().watch(r)) {
      Duration budget =
          sim.settings().rebootTime().plusSeconds(5).multipliedBy(workers.size()).plusSeconds(30);
      if (!t.await(
          "every worker reboots into the layered image, one at a time",
          budget,
          () ->
              Seen.of(
                  r.done() == workers.size(),
                  r.done() + "/" + workers.size() + " on the image; order " + r.order()))) {
        return;
      }
      t.check(
          "never more than maxUnavailable (1) worker unavailable",
          () ->
              Seen.of(
                  r.mostUnavailable() == 1,
                  "at most " + r.mostUnavailable() + " at once; order " + r.order()));
    }
  }
}

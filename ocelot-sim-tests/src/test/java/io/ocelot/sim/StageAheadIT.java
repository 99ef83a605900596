package io.ocelot.sim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.fabric8.kubernetes.api.model.IntOrString;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.client.Watch;
import io.fabric8.kubernetes.client.Watcher;
import io.fabric8.kubernetes.client.WatcherException;
import io.ocelot.api.model.MachineOSConfig;
import io.ocelot.api.node.NodeAnnotations;
import io.ocelot.api.node.StageAheadStatus;
import io.ocelot.api.policy.RolloutPolicy;
import io.ocelot.api.policy.StageAhead;
import io.ocelot.apiserver.ControlPlaneMode;
import io.ocelot.sim.demo.Admin;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Stage ahead on the whole simulated cluster (real control plane, daemons, stand-ins whose pulls
 * take two seconds): each worker pulls the layered image before its turn, one at a time as the
 * policy says, and its update then stages the image without a pull.
 */
class StageAheadIT {
  static final List<String> WORKERS = List.of("worker-0", "worker-1", "worker-2");

  @TempDir Path dir;
  SimCluster sim;

  @AfterEach
  void stop() {
    if (sim != null) {
      sim.close();
    }
  }

  @Test
  void everyWorkerPullsBeforeItsTurnWithinTheLimitOfPulls() throws Exception {
    sim =
        SimCluster.start(
            SimSettings.defaults(dir.resolve("state"))
                .onFreePorts()
                .withTimes(Duration.ofSeconds(1), Duration.ofSeconds(1))
                .withPulls(new ImagePulls(100, 50))
                .withControlPlane(ControlPlaneMode.KUBE),
            line -> {});
    RolloutPolicy policy = new RolloutPolicy();
    policy.getMetadata().setName("stage-ahead");
    policy.getSpec().getPools().setNames(List.of("worker"));
    StageAhead stage = new StageAhead();
    stage.setMaxConcurrentPulls(new IntOrString(1));
    policy.getSpec().setStageAhead(stage);
    sim.client().resources(RolloutPolicy.class).resource(policy).create();

    Map<String, String> statusWhenTargeted = new ConcurrentHashMap<>();
    Map<String, String> pulling = new ConcurrentHashMap<>();
    AtomicInteger mostPulling = new AtomicInteger();
    String[] image = new String[1];
    Watcher<Node> watcher =
        new Watcher<>() {
          @Override
          public void eventReceived(Action action, Node n) {
            Map<String, String> a = n.getMetadata().getAnnotations();
            String name = n.getMetadata().getName();
            String status = a.getOrDefault(NodeAnnotations.STAGE_AHEAD_STATUS, "");
            if (status.startsWith("Pulling ")) {
              pulling.put(name, status);
            } else {
              pulling.remove(name);
            }
            mostPulling.accumulateAndGet(pulling.size(), Math::max);
            String desired = a.get(NodeAnnotations.DESIRED_IMAGE);
            if (desired != null && desired.equals(image[0])) {
              statusWhenTargeted.putIfAbsent(name, status);
            }
          }

          @Override
          public void onClose(WatcherException cause) {}
        };
    try (Watch w = sim.client().nodes().watch(watcher)) {
      sim.client().resources(MachineOSConfig.class).resource(Admin.layering("worker")).create();
      image[0] = SmallSims.awaitImage(sim);
      await()
          .atMost(Duration.ofSeconds(120))
          .until(
              () ->
                  WORKERS.stream()
                      .allMatch(
                          n ->
                              image[0].equals(annotations(n).get(NodeAnnotations.CURRENT_IMAGE))
                                  && "Done".equals(annotations(n).get(NodeAnnotations.STATE))));
    }
    String pulled = StageAheadStatus.pulled(image[0]).value();
    for (String n : WORKERS) {
      // Targeted only once its pull was done: its turn held no pull.
      assertThat(statusWhenTargeted).as(n).containsEntry(n, pulled);
      // The download came first; the update's rebase then found the image in the node's store.
      List<String> log =
          Files.readAllLines(
              sim.node(n).host().root().resolve("var/log/fakehost.log"), StandardCharsets.UTF_8);
      int download = indexOf(log, "rpm-ostree rebase --download-only --experimental");
      int rebase = indexOf(log, "rpm-ostree rebase --experimental ostree-unverified-registry:");
      assertThat(download).as(n + ": " + log).isNotNegative().isLessThan(rebase);
      assertThat(sim.node(n).host().pulled(image[0])).isTrue();
      // Nothing is left on the node once it is done.
      assertThat(annotations(n))
          .doesNotContainKeys(NodeAnnotations.STAGE_AHEAD, NodeAnnotations.STAGE_AHEAD_STATUS);
    }
    assertThat(mostPulling.get()).as("pulls under way at once").isEqualTo(1);
  }

  private static int indexOf(List<String> log, String text) {
    for (int i = 0; i < log.size(); i++) {
      if (log.get(i).contains(text)) {
        return i;
      }
    }
    return -1;
  }

  private Map<String, String> annotations(String node) {
    return sim.client().nodes().withName(node).get().getMetadata().getAnnotations();
  }
}

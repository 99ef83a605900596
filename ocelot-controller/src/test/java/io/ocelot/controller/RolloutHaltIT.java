package io.ocelot.controller;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.ocelot.api.model.MachineConfigPoolCondition;
import io.ocelot.controller.policy.StopTheLine;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.Optional;
import java.util.Set;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Stop-the-line on the real control plane: with room for three nodes at a time, one node failing
 * the new config halts the rollout (MCO would have gone on filling the two other slots), says so in
 * the pool's RolloutHalted condition, an event and a metric, and goes on once the admin resumes
 * past the failed node; the failed node takes the config once its cause is fixed.
 */
class RolloutHaltIT {
  static final String REASON =
      "health check 20-kubelet.sh failed after boot into I2: exit 1: \"kubelet is not ready\"";

  @TempDir Path dir;
  ControllerHarness cluster;
  NodePlayer daemons;

  @AfterEach
  void stop() {
    if (cluster != null) {
      cluster.close();
    }
  }

  @Test
  void aFailedNodeHaltsTheRolloutUntilTheAdminResumesPastIt() throws Exception {
    cluster = ControllerHarness.onKube(dir);
    daemons = cluster.daemons(150);
    cluster.example("00-worker.yaml");
    cluster.pool(3);
    cluster.startController();
    String base = cluster.awaitRendered(Optional.empty());
    IntStream.range(0, 10).forEach(i -> cluster.node("worker-" + i, null, base));
    cluster.awaitUpdated(base, 10, Duration.ofSeconds(60));

    daemons.failOn("worker-0", REASON); // the oldest node: in the first batch
    cluster.example("50-chrony.yaml");
    String next = cluster.awaitRendered(Optional.of(base));
    MachineConfigPoolCondition halted =
        cluster.awaitCondition("RolloutHalted", c -> "True".equals(c.getStatus()));
    assertThat(halted.getReason()).isEqualTo("NodesFailedTarget");
    assertThat(halted.getMessage())
        .startsWith(
            "Rollout of MachineConfig "
                + next
                + " halted: 1 node failed to take it (maxFailedNodes 1): worker-0: \"health check"
                + " 20-kubelet.sh failed after boot into I2: exit 1: \\\"kubelet is not ready\\\"\".")
        .endsWith(
            "'kubectl annotate mcp worker ocelot.io/rollout-resumed="
                + next
                + ":worker-0 --overwrite', or change the target");

    // The nodes started before the failure finish; no new one starts.
    await()
        .atMost(Duration.ofSeconds(20))
        .until(() -> cluster.doneOn(next) == cluster.targetedAt(next).size() - 1);
    Set<String> targeted = cluster.targetedAt(next);
    cluster.awaitLookedAgain("worker");
    assertThat(cluster.targetedAt(next)).isEqualTo(targeted);
    assertThat(targeted).contains("worker-0").hasSizeLessThan(10);
    assertThat(cluster.events("RolloutHalted")).hasSize(1);
    assertThat(cluster.metrics())
        .contains("mcc_pool_condition{pool=\"worker\",type=\"RolloutHalted\"} 1.0");

    // The admin resumes past worker-0: everyone else takes the config, worker-0 keeps failing.
    cluster.editPool(
        p -> {
          if (p.getMetadata().getAnnotations() == null) {
            p.getMetadata().setAnnotations(new HashMap<>());
          }
          p.getMetadata().getAnnotations().put(StopTheLine.RESUMED, next + ":worker-0");
          return p;
        });
    await().atMost(Duration.ofSeconds(60)).until(() -> cluster.doneOn(next) == 9);
    cluster.awaitCondition("RolloutHalted", c -> "False".equals(c.getStatus()));

    daemons.fix("worker-0");
    cluster.awaitUpdated(next, 10, Duration.ofSeconds(60));
    assertThat(daemons.updates().get("worker-0")).isEqualTo(1);
  }
}

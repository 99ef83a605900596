package io.ocelot.controller;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.fabric8.kubernetes.api.model.LabelSelector;
import io.fabric8.kubernetes.api.model.LabelSelectorBuilder;
import io.ocelot.api.model.MachineConfigPool;
import io.ocelot.controller.drain.DrainReconciler;
import io.ocelot.controller.mcn.McnReconciler;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What a pool leaves behind: no event flood for a bad selector, no metrics once deleted. */
class PoolHygieneIT {
  @TempDir Path dir;
  ControllerHarness cluster;

  @BeforeEach
  void onTheRealControlPlane() {
    cluster = ControllerHarness.onKube(dir);
  }

  @AfterEach
  void stop() {
    cluster.close();
  }

  @Test
  void anEmptyConfigSelectorIsReportedOncePerGenerationNotOncePerReconcile() {
    cluster.example("00-worker.yaml");
    cluster.pool(ControllerHarness.POOL, new LabelSelector(), ControllerHarness.WORKER_LABEL, 1);
    cluster.startController();
    await().atMost(Duration.ofSeconds(20)).until(() -> cluster.events("SelectingAll").size() == 1);
    // Each node event reconciles the pool again.
    for (int i = 0; i < 5; i++) {
      cluster.node("worker-" + i, "a", "rendered-worker-0");
    }
    await()
        .atMost(Duration.ofSeconds(20))
        .until(
            () ->
                cluster.pool().getStatus() != null
                    && cluster.pool().getStatus().getMachineCount() == 5);
    assertThat(cluster.events("SelectingAll"))
        .singleElement()
        .satisfies(
            e ->
                assertThat(e.getMessage())
                    .isEqualTo(
                        "This machineconfigpool is selecting all machineconfigs. A non-empty"
                            + " selector is required."));

    // A new generation (the admin edits the spec, still empty) is worth one more warning: the same
    // event again, so the stored one counts 2 (one Event object, as client-go's correlator keeps).
    cluster.editPool(
        p -> {
          p.getSpec().setPaused(true);
          return p;
        });
    await()
        .atMost(Duration.ofSeconds(20))
        .until(
            () ->
                cluster.events("SelectingAll").size() == 1
                    && cluster.events("SelectingAll").get(0).getCount() == 2);
  }

  @Test
  void aDeletedPoolLeavesNoSeriesBehind() {
    cluster.example("00-worker.yaml");
    cluster.pool(1);
    cluster.pool(
        "infra",
        new LabelSelectorBuilder().addToMatchLabels(ControllerHarness.ROLE, "infra").build(),
        "node-role.kubernetes.io/infra",
        1);
    cluster.startController();
    await()
        .atMost(Duration.ofSeconds(20))
        .until(
            () ->
                cluster.metrics().contains("mcc_pool_machines{kind=\"total\",pool=\"infra\"}")
                    && cluster.metrics().contains("mcc_pool_condition{pool=\"infra\"")
                    && cluster
                        .metrics()
                        .contains("mcc_pool_machines{kind=\"total\",pool=\"worker\"}"));
    cluster.client.resources(MachineConfigPool.class).withName("infra").delete();
    await()
        .atMost(Duration.ofSeconds(20))
        .until(() -> !cluster.metrics().contains("pool=\"infra\""));
    assertThat(cluster.metrics()).contains("mcc_pool_machines{kind=\"total\",pool=\"worker\"}");
  }

  @Test
  void nodeEventsLeaveNoResyncTimerBehindAndPoolsResyncEveryMinute() {
    cluster.startController();
    assertThat(cluster.maxReconciliationIntervals())
        .containsEntry(DrainReconciler.NAME, Optional.empty())
        .containsEntry(McnReconciler.NAME, Optional.empty())
        .containsEntry(PoolReconciler.NAME, Optional.of(PoolReconciler.RESYNC));
  }
}

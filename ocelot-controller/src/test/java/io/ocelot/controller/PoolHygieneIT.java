package io.ocelot.controller;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.fabric8.kubernetes.api.model.LabelSelector;
import io.fabric8.kubernetes.api.model.LabelSelectorBuilder;
import io.fabric8.kubernetes.api.model.NodeBuilder;
import io.ocelot.api.model.MachineConfigPool;
import io.ocelot.controller.drain.DrainReconciler;
import io.ocelot.controller.mcn.McnReconciler;
import io.ocelot.controller.pool.PoolReconciler;
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
                    && cluster.events("SelectingAll").get(0).getSeries() != null
                    && cluster.events("SelectingAll").get(0).getSeries().getCount() == 2);
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

  @Test
  void aNodeTwoCustomPoolsSelectDegradesBothAndIsNamed() {
    cluster.example("00-worker.yaml");
    cluster.pool(1);
    for (String custom : java.util.List.of("infra", "gpu")) {
      cluster.pool(
          custom,
          new LabelSelectorBuilder().addToMatchLabels(ControllerHarness.ROLE, "worker").build(),
          "node-role.kubernetes.io/" + custom,
          1);
    }
    cluster.startController();
    String rendered = cluster.awaitRendered(Optional.empty());
    cluster.node("worker-0", "a", rendered);
    label("worker-0", "node-role.kubernetes.io/infra", "");
    label("worker-0", "node-role.kubernetes.io/gpu", "");
    String says =
        "node worker-0 belongs to 2 custom roles (gpu, infra), cannot proceed with this Node";
    for (String custom : java.util.List.of("infra", "gpu")) {
      await()
          .atMost(Duration.ofSeconds(30))
          .until(() -> degraded(custom).filter(c -> "True".equals(c.getStatus())).isPresent());
      assertThat(degraded(custom).orElseThrow().getReason()).contains("NodeSelection");
      assertThat(degraded(custom).orElseThrow().getMessage()).contains(says);
    }
    // The admin takes one role away: the other pool has the node, nobody is degraded.
    label("worker-0", "node-role.kubernetes.io/gpu", null);
    for (String custom : java.util.List.of("infra", "gpu")) {
      await()
          .atMost(Duration.ofSeconds(30))
          .until(() -> degraded(custom).filter(c -> "False".equals(c.getStatus())).isPresent());
    }
    assertThat(cluster.pool("infra").getStatus().getMachineCount()).isEqualTo(1);
  }

  @Test
  void aRenderedConfigChangedByHandIsRestoredAndAnUntouchedOneIsLeftAlone() {
    cluster.example("00-worker.yaml");
    cluster.pool(1);
    cluster.startController();
    String rendered = cluster.awaitRendered(Optional.empty());
    var configs = cluster.client.resources(io.ocelot.api.model.MachineConfig.class);
    io.ocelot.api.model.MachineConfig original = configs.withName(rendered).get();
    assertThat(cluster.events("RenderedConfigGenerated"))
        .extracting(e -> e.getMessage())
        .containsExactly(rendered + " successfully generated (controller version: ocelot)");
    // Left alone: passes over the pool write nothing to it (no restore loop on a faithful copy).
    cluster.awaitLookedAgain(ControllerHarness.POOL);
    assertThat(configs.withName(rendered).get().getMetadata().getResourceVersion())
        .isEqualTo(original.getMetadata().getResourceVersion());

    configs
        .withName(rendered)
        .edit(
            mc -> {
              mc.getSpec().setKernelArguments(java.util.List.of("edited.by=hand"));
              return mc;
            });
    await()
        .atMost(Duration.ofSeconds(30))
        .until(() -> configs.withName(rendered).get().getSpec().equals(original.getSpec()));
    // The warning follows the restoring write: wait for it, then look at it.
    await()
        .atMost(Duration.ofSeconds(10))
        .until(() -> !cluster.events("RenderedConfigRestored").isEmpty());
    assertThat(cluster.events("RenderedConfigRestored"))
        .singleElement()
        .satisfies(
            e ->
                assertThat(e.getMessage())
                    .isEqualTo(
                        rendered
                            + " was changed by hand; its spec is restored from the MachineConfigs"
                            + " it is rendered from (change those instead)"));
    assertThat(cluster.pool().getSpec().getConfiguration().getName()).isEqualTo(rendered);
  }

  private Optional<io.ocelot.api.model.MachineConfigPoolCondition> degraded(String pool) {
    MachineConfigPool p = cluster.pool(pool);
    if (p.getStatus() == null) {
      return Optional.empty();
    }
    return p.getStatus().getConditions().stream()
        .filter(c -> "Degraded".equals(c.getType()))
        .findFirst();
  }

  private void label(String node, String key, String value) {
    var nodes = cluster.client.nodes().withName(node);
    io.ocelot.apiserver.Conflicts.retry(
        () ->
            nodes.edit(
                n ->
                    value == null
                        ? new NodeBuilder(n)
                            .editMetadata()
                            .removeFromLabels(key)
                            .endMetadata()
                            .build()
                        : new NodeBuilder(n)
                            .editMetadata()
                            .addToLabels(key, value)
                            .endMetadata()
                            .build()));
  }
}

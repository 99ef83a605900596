package io.ocelot.console;

import static io.ocelot.console.ClusterSnapshotTest.member;
import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.Node;
import io.ocelot.api.model.MachineConfigPool;
import io.ocelot.api.model.MachineConfigPoolCondition;
import io.ocelot.api.model.MachineConfigPoolSpec;
import io.ocelot.api.model.MachineConfigPoolStatus;
import io.ocelot.api.model.PoolConditionType;
import io.ocelot.api.model.PoolConfiguration;
import io.ocelot.api.node.NodeAnnotations;
import io.ocelot.api.node.StageAheadStatus;
import io.ocelot.console.PoolStatusReport.Assessment;
import io.ocelot.console.PoolStatusReport.Insight;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * Issue 40 item 6: a pool's assessment, counts, node phases and insights, as ocelot status says.
 */
class PoolStatusReportTest {
  static final String OLD = "2026-12-01T00:00:00Z";
  static final String R1 = "rendered-worker-1";
  static final String R2 = "rendered-worker-2";

  static MachineConfigPool pool(boolean paused, MachineConfigPoolCondition... conditions) {
    MachineConfigPool pool = new MachineConfigPool();
    pool.getMetadata().setName("worker");
    pool.setSpec(new MachineConfigPoolSpec());
    pool.getSpec().setConfiguration(new PoolConfiguration(R2, List.of()));
    pool.getSpec().setPaused(paused);
    MachineConfigPoolStatus status = new MachineConfigPoolStatus();
    status.getConditions().addAll(List.of(conditions));
    pool.setStatus(status);
    return pool;
  }

  static MachineConfigPoolCondition trueCondition(String type, String message) {
    return new MachineConfigPoolCondition(type, "True", OLD, "", message);
  }

  static Node with(Node n, String key, String value) {
    n.getMetadata().getAnnotations().put(key, value);
    return n;
  }

  /** worker-a on its way to R2, its drain refused by a budget. */
  static Node drainBlocked() {
    return with(
        with(
            member("worker-a", R1, R2, "Working", OLD),
            NodeAnnotations.DESIRED_DRAIN,
            "drain-" + R2),
        NodeAnnotations.DRAIN_BLOCKED,
        "cannot evict pod apps/web-0 (PodDisruptionBudget apps/web-pdb)");
  }

  @Test
  void aPoolWhoseNodesAllRunTheTargetIsCompletedWithNothingToSay() {
    PoolStatusReport r =
        PoolStatusReport.of(
            pool(false),
            List.of(
                member("worker-a", R2, R2, "Done", OLD), member("worker-b", R2, R2, "Done", OLD)));
    assertThat(r.assessment()).isEqualTo(Assessment.COMPLETED);
    assertThat(r.completion()).isEqualTo(100);
    assertThat(r.nodes()).extracting(PoolStatusReport.NodeLine::phase).containsOnly("Updated");
    assertThat(r.insights()).isEmpty();
  }

  @Test
  void aDrainingNodeNamesWhatBlocksItAndAWaitingNodeIsPending() {
    Node draining = drainBlocked();
    PoolStatusReport r =
        PoolStatusReport.of(
            pool(false),
            List.of(
                draining,
                member("worker-b", R1, R1, "Done", OLD),
                member("worker-c", R2, R2, "Done", OLD)));
    assertThat(r.assessment()).isEqualTo(Assessment.PROGRESSING);
    assertThat(r.completion()).isEqualTo(33);
    assertThat(r.draining()).isEqualTo(1);
    assertThat(r.inFlight()).isEqualTo(1);
    assertThat(r.unavailable()).isEqualTo(1); // cordoned
    assertThat(r.nodes())
        .extracting(PoolStatusReport.NodeLine::phase)
        .containsExactly("Draining", "Pending", "Updated");
    assertThat(r.insights())
        .containsExactly(
            new Insight(
                Optional.of("worker-a"),
                "drain blocked",
                "cannot evict pod apps/web-0 (PodDisruptionBudget apps/web-pdb)"));
  }

  @Test
  void waitingNodesSayHowFarTheirPullAheadGotAndAFailedPullOrAHeldLeaseIsAnInsight() {
    String image = "registry.local/os@sha256:" + "c".repeat(64);
    String ask = NodeAnnotations.STAGE_AHEAD;
    String status = NodeAnnotations.STAGE_AHEAD_STATUS;
    Node pulling = with(member("worker-a", R1, R1, "Done", OLD), ask, image);
    Node pulled =
        with(
            with(member("worker-b", R1, R1, "Done", OLD), ask, image),
            status,
            StageAheadStatus.pulled(image).value());
    Node failed =
        with(
            with(
                with(member("worker-c", R1, R1, "Done", OLD), ask, image),
                status,
                StageAheadStatus.failed(image, "manifest unknown").value()),
            NodeAnnotations.REBOOT_LEASE_HELD,
            "reboot lease reboot-worker-c is held by kured");
    PoolStatusReport r =
        PoolStatusReport.of(
            pool(false), List.of(pulling, pulled, failed, member("worker-d", R2, R2, "Done", OLD)));
    assertThat(r.nodes())
        .extracting(PoolStatusReport.NodeLine::phase)
        .containsExactly("Pending (pulling)", "Pending (pulled)", "Pending", "Updated");
    assertThat(r.insights())
        .containsExactly(
            new Insight(
                Optional.of("worker-c"),
                "lease held",
                "reboot lease reboot-worker-c is held by kured"),
            new Insight(
                Optional.of("worker-c"),
                "pull ahead failed",
                "manifest unknown; the node pulls " + image + " in its turn"));
  }

  @Test
  void aHaltedPoolSaysSoFirstAndNamesItsFailedAndHeldNodes() {
    Node failed =
        with(
            member("worker-a", R1, R2, "Degraded", OLD),
            NodeAnnotations.REASON,
            "reboot command failed: systemd-run exited 127");
    Node held =
        with(
            member("worker-b", R1, R2, "Degraded", OLD),
            NodeAnnotations.FAILED_TARGET,
            "{\"config\":\"" + R2 + "\",\"why\":\"health check failed\"}");
    PoolStatusReport r =
        PoolStatusReport.of(
            pool(
                false,
                trueCondition(
                    PoolConditionType.ROLLOUT_HALTED, "halted: 2 nodes failed to take it")),
            List.of(failed, held));
    assertThat(r.assessment()).isEqualTo(Assessment.HALTED);
    assertThat(r.degraded()).isEqualTo(2);
    assertThat(r.insights())
        .containsExactly(
            new Insight(Optional.empty(), "halted", "halted: 2 nodes failed to take it"),
            new Insight(
                Optional.of("worker-a"),
                "degraded",
                "reboot command failed: systemd-run exited 127"),
            new Insight(Optional.of("worker-b"), "degraded", "(no reason given)"),
            new Insight(
                Optional.of("worker-b"),
                "target held",
                R2
                    + " is held (its boot failed): health check failed; 'ocelot rollout retry'"
                    + " sends it again"));
  }

  @Test
  void aNodeThatCannotPinItsImagesIsAnInsightNotAFailedUpdate() {
    String why =
        "Node worker-a cannot pin tools (generation 2): storage available is less than minimum"
            + " required: …";
    PoolStatusReport r =
        PoolStatusReport.of(
            pool(false, trueCondition(PoolConditionType.PINNED_IMAGE_SETS_DEGRADED, why)),
            List.of(member("worker-a", R2, R2, "Done", OLD)));
    assertThat(r.assessment()).isEqualTo(Assessment.COMPLETED);
    assertThat(r.insights()).containsExactly(new Insight(Optional.empty(), "pinning failed", why));
  }

  @Test
  void theConsoleShowsTheSameAssessmentAndInsights() {
    Node draining = drainBlocked();
    var snapshot =
        ClusterSnapshot.of(
            new ClusterObjects(
                List.of(pool(false)),
                List.of(draining),
                List.of(ClusterSnapshotTest.mcn("worker-a", "worker")),
                List.of()),
            List.of(),
            java.util.Set.of(),
            false);
    var p = snapshot.path("pools").get(0);
    assertThat(p.path("assessment").asText()).isEqualTo("Progressing");
    assertThat(p.path("insights").toString())
        .isEqualTo(
            "[{\"node\":\"worker-a\",\"kind\":\"drain blocked\",\"message\":\"cannot evict pod"
                + " apps/web-0 (PodDisruptionBudget apps/web-pdb)\"}]");
  }

  @Test
  void whatTheRolloutWaitsForIsAnInsightButThePlainUpdatingMessageIsNot() {
    String batch =
        "batch 1 of 3 (1 of 7 nodes): waiting for 1 more to be done and healthy (1 of 1,"
            + " successThreshold 100%) before batch 2 starts";
    PoolStatusReport waiting =
        PoolStatusReport.of(
            pool(false, trueCondition(PoolConditionType.UPDATING, batch)),
            List.of(member("worker-a", R1, R2, "Working", OLD)));
    assertThat(waiting.insights()).containsExactly(new Insight(Optional.empty(), "waiting", batch));
    PoolStatusReport plain =
        PoolStatusReport.of(
            pool(
                false,
                trueCondition(PoolConditionType.UPDATING, "All nodes are updating to " + R2)),
            List.of(member("worker-a", R1, R2, "Working", OLD)));
    assertThat(plain.insights()).isEmpty();
  }

  @Test
  void aPausedPoolWithNodesBehindIsPausedAndADegradedOneOutranksIt() {
    PoolStatusReport paused =
        PoolStatusReport.of(pool(true), List.of(member("worker-a", R1, R1, "Done", OLD)));
    assertThat(paused.assessment()).isEqualTo(Assessment.PAUSED);
    assertThat(paused.insights())
        .containsExactly(
            new Insight(
                Optional.empty(),
                "paused",
                "the pool is paused: 1 nodes wait for it to be unpaused"));
    PoolStatusReport degraded =
        PoolStatusReport.of(pool(true), List.of(member("worker-a", R1, R1, "Degraded", OLD)));
    assertThat(degraded.assessment()).isEqualTo(Assessment.DEGRADED);
  }
}

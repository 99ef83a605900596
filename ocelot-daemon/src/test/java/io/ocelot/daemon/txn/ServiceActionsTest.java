package io.ocelot.daemon.txn;

import static io.ocelot.daemon.txn.SeedScenarioTest.BASE;
import static io.ocelot.daemon.txn.SeedScenarioTest.R1;
import static org.assertj.core.api.Assertions.assertThat;

import io.ocelot.daemon.plan.Step;
import io.ocelot.daemon.plan.UpdatePlan;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A rebootless update under a node disruption policy runs its service actions as the last steps;
 * when one fails, the rollback restores the files and then runs every service action again, in
 * order, so that each service reads its old files.
 */
class ServiceActionsTest {
  @TempDir Path dir;

  private HostFixture settled() throws Exception {
    HostFixture h = new HostFixture(dir.resolve("root"), BASE);
    h.settle(R1, Optional.empty());
    return h;
  }

  private static List<String> serviceLog(HostFixture h) throws Exception {
    Path log = h.root.resolve("var/lib/fakehost/service-actions");
    return Files.exists(log) ? Files.readAllLines(log) : List.of();
  }

  @Test
  void theServicesRunAfterTheFilesAndNothingReboots() throws Exception {
    HostFixture h = settled();
    UpdatePlan plan = HostFixture.rebootlessServicesPlan();
    assertThat(plan.steps())
        .extracting(Step::summary)
        .containsExactly(
            "update file /etc/chrony.conf (0644 root:root, 19 bytes)",
            "update file /etc/keep.conf (0644 root:root, 8 bytes)",
            "restart chronyd.service",
            "reload crio.service");

    EngineOutcome outcome = h.engine().apply(plan, Attempt.FIRST);

    assertThat(outcome).isInstanceOf(EngineOutcome.Completed.class);
    assertThat(serviceLog(h)).containsExactly("restart chronyd.service", "reload crio.service");
    assertThat(h.fake.rebootRequested()).isFalse();
    assertThat(Files.readString(h.root.resolve("etc/chrony.conf")))
        .isEqualTo("pool c.example.com\n");
    assertThat(h.store().marker().orElseThrow().target().config()).isEqualTo("rendered-worker-1s");
    assertThat(h.store().journal()).isEmpty();
  }

  @Test
  void aFailedReloadRestoresTheFilesThenRunsEveryServiceActionAgain() throws Exception {
    HostFixture h = settled();
    Map<String, String> before = h.snapshot();
    Faults.failTool(
        h.root,
        "systemctl",
        "reload crio.service",
        1,
        "Job for crio.service failed because the control process exited with error code.",
        1,
        1);

    FailureRecord f =
        ((EngineOutcome.Failed)
                h.engine().apply(HostFixture.rebootlessServicesPlan(), Attempt.FIRST))
            .failure();

    assertThat(f.phase()).isEqualTo(FailureRecord.Phase.PREPARE);
    assertThat(f.step()).isEqualTo("reload crio.service");
    assertThat(f.cause())
        .isEqualTo(
            "reloading crio.service failed: systemctl exited 1: \"Job for crio.service failed"
                + " because the control process exited with error code.\"");
    assertThat(f.rolledBackCompletely()).isTrue();
    assertThat(f.message())
        .contains(
            "rolled back 4 steps (2 files restored, 2 service actions run again on the restored"
                + " files)");
    // The failed reload never reached the real tool; the undo ran both again, in order.
    assertThat(serviceLog(h))
        .containsExactly(
            "restart chronyd.service", "restart chronyd.service", "reload crio.service");
    assertThat(f.rollback())
        .extracting(FailureRecord.RollbackStep::step)
        .containsExactly(
            "write file /etc/keep.conf",
            "write file /etc/chrony.conf",
            "restart chronyd.service",
            "reload crio.service");
    Faults.healTool(h.root, "systemctl");
    assertThat(HostFixture.differences(before, h.snapshot())).isEmpty();
    assertThat(h.store().journal()).isEmpty();
    assertThat(h.store().marker().orElseThrow().target().config())
        .isEqualTo(R1.getMetadata().getName());
  }

  @Test
  void aServiceThatKeepsFailingLeavesAnIncompleteRollbackTheNextStartCompletes() throws Exception {
    HostFixture h = settled();
    Map<String, String> before = h.snapshot();
    Faults.failTool(
        h.root, "systemctl", "restart chronyd.service", 1, "Unit chronyd.service failed.");

    FailureRecord f =
        ((EngineOutcome.Failed)
                h.engine().apply(HostFixture.rebootlessServicesPlan(), Attempt.FIRST))
            .failure();

    assertThat(f.step()).isEqualTo("restart chronyd.service");
    assertThat(f.rolledBackCompletely()).isFalse();
    assertThat(f.message())
        .contains(
            "could not undo 1 step: restart chronyd.service: restart chronyd.service again:"
                + " restarting chronyd.service failed");
    // The files are back before the service is asked again.
    assertThat(Files.readString(h.root.resolve("etc/chrony.conf")))
        .isEqualTo("pool a.example.com\n");
    assertThat(h.store().journal()).isPresent();

    Faults.healTool(h.root, "systemctl");
    h.restartDaemon();
    FailureRecord resumed = ((EngineOutcome.Failed) h.recovery().start(Attempt.after(f))).failure();
    assertThat(resumed.rolledBackCompletely()).isTrue();
    assertThat(resumed.cause()).isEqualTo(f.cause());
    assertThat(serviceLog(h)).containsExactly("restart chronyd.service");
    assertThat(HostFixture.differences(before, h.snapshot())).isEmpty();
    assertThat(h.store().journal()).isEmpty();
  }

  @Test
  void aRebootlessSuccessAfterAFailureClearsTheRecordAndTheGauge() throws Exception {
    HostFixture h = settled();
    Faults.failTool(h.root, "systemctl", "restart chronyd.service", 1, "failed", 1, 1);
    assertThat(h.engine().apply(HostFixture.rebootlessServicesPlan(), Attempt.FIRST))
        .isInstanceOf(EngineOutcome.Failed.class);
    assertThat(h.store().lastFailure()).isPresent();
    assertThat(h.metrics.updateFailing()).isEqualTo(1.0);

    assertThat(h.engine().apply(HostFixture.rebootlessServicesPlan(), Attempt.FIRST))
        .isInstanceOf(EngineOutcome.Completed.class);
    assertThat(h.store().lastFailure()).isEmpty();
    // The engine counts failures; clearing the gauge is the node's transition to Done
    // (NodeReporter), tested in DaemonSeedScenarioIT.
    assertThat(h.metrics.updateFailing()).isEqualTo(1.0);
  }
}

package io.ocelot.daemon.node.mcn;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.Condition;
import io.ocelot.api.disruption.Disruption;
import io.ocelot.api.disruption.PostAction;
import io.ocelot.api.disruption.ServiceAction;
import io.ocelot.api.json.Json;
import io.ocelot.api.model.MachineConfigNodeStatus;
import io.ocelot.api.model.McnConditionType;
import io.ocelot.daemon.txn.Category;
import io.ocelot.daemon.txn.FailureRecord;
import io.ocelot.daemon.txn.Target;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * Every update kind as a sequence of milestones through the pure status function: the conditions at
 * the end (type → status/reason) and the number of status writes it costs.
 */
class McnTransitionsTest {
  static final String NODE = "worker-1";
  static final Target R1 = new Target("rendered-worker-1", Optional.empty());
  static final Target R2 = new Target("rendered-worker-2", Optional.empty());
  static final String IMAGE = "registry.example/os@sha256:" + "a".repeat(64);
  static final Target L2 = new Target("rendered-worker-2", Optional.of(IMAGE));

  /** One node's MachineConfigNode across milestones, counting the writes that change it. */
  static final class Run {
    MachineConfigNodeStatus status = new MachineConfigNodeStatus();
    Optional<McnMilestone.Started> started = Optional.empty();
    int writes;
    int clock;

    Run then(McnMilestone m) {
      if (m instanceof McnMilestone.Started s) {
        started = Optional.of(s);
      }
      MachineConfigNodeStatus next =
          McnStatuses.next(
              status,
              m,
              NODE,
              Optional.of(R1.config()),
              started,
              1,
              Instant.EPOCH.plusSeconds(++clock).toString());
      if (!Json.MAPPER.valueToTree(next).equals(Json.MAPPER.valueToTree(status))) {
        writes++;
        status = next;
      }
      if (m instanceof McnMilestone.Done) {
        started = Optional.empty();
      }
      return this;
    }

    /** The daemon restarts (a reboot): what it remembered of the update is gone. */
    Run reboot() {
      started = Optional.empty();
      return this;
    }

    Run settled() {
      return then(new McnMilestone.Done(R1));
    }

    String of(McnConditionType t) {
      Condition c = condition(t);
      return c.getStatus() + "/" + c.getReason();
    }

    Condition condition(McnConditionType t) {
      return status.getConditions().stream()
          .filter(c -> c.getType().equals(t.type()))
          .findFirst()
          .orElseThrow();
    }

    Map<String, String> all() {
      return status.getConditions().stream()
          .collect(
              Collectors.toMap(
                  Condition::getType,
                  c -> c.getStatus() + "/" + c.getReason(),
                  (a, b) -> a,
                  LinkedHashMap::new));
    }
  }

  /** An update's start; {@code SERVICES} stands for a crio reload. */
  static McnMilestone.Started start(Target to, boolean drain, PostAction action, boolean image) {
    return start(
        to,
        drain,
        action,
        action == PostAction.SERVICES ? List.of(ServiceAction.reload("crio.service")) : List.of(),
        image);
  }

  static McnMilestone.Started start(
      Target to, boolean drain, PostAction action, List<ServiceAction> services, boolean image) {
    Disruption d =
        new Disruption(
            action == PostAction.REBOOT, drain, services, List.of(), Disruption.Rules.LEGACY);
    return new McnMilestone.Started(R1.config(), to, d, image);
  }

  static Run settledNode() {
    Run r = new Run().settled();
    r.writes = 0;
    return r;
  }

  @Test
  void aNewNodeReportsEveryConditionAndUpdated() {
    Run r = new Run().settled();
    assertThat(r.writes).isEqualTo(1);
    assertThat(r.status.getConditions()).hasSize(McnConditionType.values().length);
    assertThat(r.of(McnConditionType.UPDATED)).isEqualTo("True/Updated");
    assertThat(r.of(McnConditionType.RESUMED)).isEqualTo("True/Resumed");
    assertThat(r.of(McnConditionType.NODE_DEGRADED)).isEqualTo("False/UpdateSucceeded");
    assertThat(r.of(McnConditionType.UPDATE_PREPARED)).isEqualTo("False/NotYetOccurred");
    assertThat(r.status.getConfigVersion().getCurrent()).isEqualTo(R1.config());
    // A second identical report writes nothing.
    r.settled();
    assertThat(r.writes).isEqualTo(1);
  }

  @Test
  void whatAnUpdateSkipsIsReportedFromItsStartUntilTheNextStart() {
    var disk =
        new io.ocelot.api.model.IrreconcilableChangeDiff(
            "spec.config.storage.disks", "- (none)\n+ [{\"device\":\"/dev/vdb\"}]");
    Run r =
        settledNode()
            .then(
                new McnMilestone.Started(
                    R1.config(),
                    R2,
                    io.ocelot.api.disruption.Disruption.NONE,
                    false,
                    java.util.List.of(disk)))
            .then(new McnMilestone.Done(R2));
    assertThat(r.status.getIrreconcilableChanges()).containsExactly(disk);
    r.then(
        new McnMilestone.Started(R2.config(), R1, io.ocelot.api.disruption.Disruption.NONE, false));
    assertThat(r.status.getIrreconcilableChanges()).isNull();
  }

  @Test
  void aHeldRebootLeaseIsShownOnceAndClearedOnceAndCostsNothingOtherwise() {
    String why = "reboot lease reboot-worker-1 is held by kured";
    Run r = new Run().settled();
    assertThat(r.then(new McnMilestone.LeaseHeld(Optional.empty())).writes).isEqualTo(1);
    assertThat(r.of(McnConditionType.REBOOT_LEASE_HELD)).isEqualTo("False/NotYetOccurred");
    r.then(new McnMilestone.LeaseHeld(Optional.of(why)))
        .then(new McnMilestone.LeaseHeld(Optional.of(why)));
    assertThat(r.writes).isEqualTo(2);
    assertThat(r.of(McnConditionType.REBOOT_LEASE_HELD)).isEqualTo("True/HeldByAnother");
    assertThat(r.condition(McnConditionType.REBOOT_LEASE_HELD).getMessage())
        .isEqualTo(why + "; the node waits for it");
    r.then(new McnMilestone.LeaseHeld(Optional.empty()))
        .then(new McnMilestone.LeaseHeld(Optional.empty()));
    assertThat(r.writes).isEqualTo(3);
    assertThat(r.of(McnConditionType.REBOOT_LEASE_HELD)).isEqualTo("False/Released");
  }

  @Test
  void theUpdateThatFollowsAHeldLeaseSaysItWasReleased() {
    Run r =
        new Run()
            .settled()
            .then(
                new McnMilestone.LeaseHeld(
                    Optional.of("reboot lease reboot-worker-1 is held by kured")))
            .then(start(R2, true, PostAction.REBOOT, false));
    // The start resets the previous update's phases; the lease's end is not one of them.
    assertThat(r.of(McnConditionType.REBOOT_LEASE_HELD)).isEqualTo("False/Released");
  }

  @Test
  void aBlockedDrainSaysWhatBlocksItUntilTheDrainIsDone() {
    String why = "cannot evict pod default/web-0 (PodDisruptionBudget web)";
    Run r =
        settledNode()
            .then(start(R2, true, PostAction.REBOOT, false))
            .then(new McnMilestone.DrainBlocked("drain-rendered-worker-2", Optional.of(why)));
    assertThat(r.of(McnConditionType.DRAINED)).isEqualTo("Unknown/DrainBlocked");
    assertThat(r.condition(McnConditionType.DRAINED).getMessage())
        .isEqualTo("Draining node. The drain is blocked: " + why);
    assertThat(r.condition(McnConditionType.UPDATE_EXECUTED).getMessage())
        .isEqualTo("Draining node. The drain is blocked: " + why);
    // The same report again writes nothing; the budget let go: no longer blocked, still draining.
    r.then(new McnMilestone.DrainBlocked("drain-rendered-worker-2", Optional.of(why)));
    assertThat(r.writes).isEqualTo(2);
    r.then(new McnMilestone.DrainBlocked("drain-rendered-worker-2", Optional.empty()));
    assertThat(r.of(McnConditionType.DRAINED)).isEqualTo("Unknown/UpdateExecutedDrained");
    assertThat(r.condition(McnConditionType.DRAINED).getMessage()).doesNotContain("blocked");
    r.then(new McnMilestone.Drained("drain-rendered-worker-2"));
    assertThat(r.of(McnConditionType.DRAINED)).isEqualTo("True/UpdateExecutedDrained");
  }

  @Test
  void rebootingUpdateTakesFourWritesAndEndsWithEveryPhaseTrue() {
    Run r =
        settledNode()
            .then(start(R2, true, PostAction.REBOOT, false))
            .then(new McnMilestone.Drained("drain-rendered-worker-2"))
            .then(new McnMilestone.Rebooting());
    assertThat(r.of(McnConditionType.UPDATED)).isEqualTo("False/Updated");
    assertThat(r.of(McnConditionType.UPDATE_EXECUTED)).isEqualTo("True/AppliedFilesAndOS");
    assertThat(r.of(McnConditionType.UPDATE_POST_ACTION_COMPLETE)).startsWith("Unknown/");
    assertThat(r.status.getConfigVersion().getDesired()).isEqualTo(R2.config());
    assertThat(r.status.getConfigVersion().getCurrent()).isEqualTo(R1.config());
    r.reboot().then(new McnMilestone.Done(R2));
    assertThat(r.writes).isEqualTo(4);
    assertThat(r.all())
        .containsEntry("UpdatePrepared", "True/UpdateCompatible")
        .containsEntry("UpdateCompatible", "True/UpdatePreparedUpdateCompatible")
        .containsEntry("UpdateExecuted", "True/AppliedFilesAndOS")
        .containsEntry("Cordoned", "True/UpdateExecutedCordoned")
        .containsEntry("Drained", "True/UpdateExecutedDrained")
        .containsEntry("AppliedFilesAndOS", "True/UpdateExecutedAppliedFilesAndOS")
        .containsEntry("UpdatePostActionComplete", "True/RebootedNode")
        .containsEntry("RebootedNode", "True/UpdatePostActionCompleteRebootedNode")
        .containsEntry("UpdateComplete", "True/Uncordoned")
        .containsEntry("Uncordoned", "True/UpdateCompleteUncordoned")
        .containsEntry("Resumed", "True/Resumed")
        .containsEntry("Updated", "True/Updated")
        .containsEntry("NodeDegraded", "False/UpdateSucceeded")
        .containsEntry("ReloadedCRIO", "False/NotYetOccurred")
        .containsEntry("ImagePulledFromRegistry", "False/NotYetOccurred");
    assertThat(r.status.getConfigVersion().getCurrent()).isEqualTo(R2.config());
  }

  @Test
  void rebootlessUpdatesTakeAtMostThreeWrites() {
    Run plain = settledNode().then(start(R2, false, PostAction.NONE, false));
    assertThat(plain.of(McnConditionType.APPLIED_FILES_AND_OS)).startsWith("Unknown/");
    plain.then(new McnMilestone.Done(R2));
    assertThat(plain.writes).isEqualTo(2);
    assertThat(plain.of(McnConditionType.UPDATE_POST_ACTION_COMPLETE)).isEqualTo("True/None");
    assertThat(plain.of(McnConditionType.REBOOTED_NODE)).isEqualTo("False/NotYetOccurred");
    assertThat(plain.of(McnConditionType.UPDATE_COMPLETE)).isEqualTo("True/Uncordoned");

    Run crio =
        settledNode()
            .then(start(R2, true, PostAction.SERVICES, false))
            .then(new McnMilestone.Drained("drain-rendered-worker-2"))
            .then(new McnMilestone.Done(R2));
    assertThat(crio.writes).isEqualTo(3);
    assertThat(crio.of(McnConditionType.RELOADED_CRIO))
        .isEqualTo("True/UpdatePostActionCompleteReloadedCRIO");
    assertThat(crio.of(McnConditionType.UPDATE_POST_ACTION_COMPLETE))
        .isEqualTo("True/ReloadedCRIO");

    Run chrony =
        settledNode()
            .then(
                start(
                    R2,
                    false,
                    PostAction.SERVICES,
                    List.of(ServiceAction.restart("chronyd.service")),
                    false))
            .then(new McnMilestone.Done(R2));
    assertThat(chrony.writes).isEqualTo(2);
    assertThat(chrony.of(McnConditionType.UPDATE_POST_ACTION_COMPLETE))
        .isEqualTo("True/ServiceActions");
    assertThat(chrony.condition(McnConditionType.UPDATE_POST_ACTION_COMPLETE).getMessage())
        .isEqualTo("Ran restart chronyd.service");
    assertThat(chrony.condition(McnConditionType.UPDATE_PREPARED).getMessage())
        .isEqualTo(
            "Update Compatible. Post Cfg Actions: restart chronyd.service Drain Required: false");
    assertThat(chrony.of(McnConditionType.RELOADED_CRIO)).isEqualTo("False/NotYetOccurred");
  }

  @Test
  void layeredOptInImageUpdateAndRevertReportTheImage() {
    Run optIn =
        settledNode()
            .then(start(L2, true, PostAction.REBOOT, true))
            .then(new McnMilestone.Drained("drain-rendered-worker-2"));
    assertThat(optIn.status.getConfigImage().getDesiredImage()).isEqualTo(IMAGE);
    optIn.then(new McnMilestone.Rebooting()).reboot().then(new McnMilestone.Done(L2));
    assertThat(optIn.writes).isEqualTo(4);
    assertThat(optIn.of(McnConditionType.IMAGE_PULLED_FROM_REGISTRY)).startsWith("True/");
    assertThat(optIn.of(McnConditionType.APPLIED_OS_IMAGE)).startsWith("True/");
    assertThat(optIn.status.getConfigImage().getCurrentImage()).isEqualTo(IMAGE);

    Target l3 = new Target("rendered-worker-3", Optional.of(IMAGE.replace('a', 'b')));
    optIn.then(start(l3, true, PostAction.REBOOT, true));
    // A new update starts from a clean slate: the last one's phases are not yet occurred.
    assertThat(optIn.of(McnConditionType.APPLIED_OS_IMAGE)).isEqualTo("False/NotYetOccurred");
    assertThat(optIn.of(McnConditionType.UPDATED)).isEqualTo("False/Updated");
    optIn
        .then(new McnMilestone.Drained("drain-rendered-worker-3"))
        .then(new McnMilestone.Rebooting())
        .reboot()
        .then(new McnMilestone.Done(l3));
    assertThat(optIn.status.getConfigImage().getCurrentImage()).isEqualTo(l3.image().get());

    Target revert = new Target("rendered-worker-4", Optional.empty());
    optIn
        .then(start(revert, true, PostAction.REBOOT, true))
        .then(new McnMilestone.Drained("drain-rendered-worker-4"))
        .then(new McnMilestone.Rebooting())
        .reboot()
        .then(new McnMilestone.Done(revert));
    assertThat(optIn.status.getConfigImage()).isNull();
    assertThat(optIn.of(McnConditionType.UPDATED)).isEqualTo("True/Updated");
  }

  @Test
  void unreconcilableReportsInUpdateCompatibleInOneWrite() {
    Run r =
        settledNode()
            .then(
                new McnMilestone.Unreconcilable(
                    R1.config(), R2.config(), "ignition kernelArguments cannot be changed"));
    assertThat(r.writes).isEqualTo(1);
    Condition compatible = r.condition(McnConditionType.UPDATE_COMPATIBLE);
    assertThat(compatible.getStatus()).isEqualTo("Unknown");
    assertThat(compatible.getMessage())
        .isEqualTo(
            "Error: MachineConfigs rendered-worker-1 and rendered-worker-2 are not compatible."
                + " Err: ignition kernelArguments cannot be changed");
    assertThat(r.of(McnConditionType.NODE_DEGRADED)).isEqualTo("True/Unreconcilable");
    assertThat(r.of(McnConditionType.UPDATED)).isEqualTo("False/Updated");
  }

  @Test
  void aBootThatFailsItsHealthCheckIsNotCompleteAndItsStepsAreRolledBack() {
    String reason =
        "health check 20-kubelet.sh failed after boot into I2: exit 1; rolled back to I1";
    FailureRecord health =
        failure(
            FailureRecord.Phase.HEALTH_CHECK,
            "health check 20-kubelet.sh",
            List.of(
                new FailureRecord.RollbackStep(
                    "write file /etc/motd",
                    Category.FILE,
                    FailureRecord.Outcome.REVERTED,
                    Optional.empty())));
    Run r =
        settledNode()
            .then(start(R2, true, PostAction.REBOOT, false))
            .then(new McnMilestone.Drained("drain-rendered-worker-2"))
            .then(new McnMilestone.Rebooting())
            .reboot()
            .then(new McnMilestone.Failed(reason, "health-check-failed", Optional.of(health)));
    assertThat(r.of(McnConditionType.NODE_DEGRADED)).isEqualTo("True/HealthCheckFailed");
    assertThat(r.condition(McnConditionType.NODE_DEGRADED).getMessage())
        .isEqualTo("Node worker-1 upgrade failure. " + reason);
    assertThat(r.of(McnConditionType.UPDATE_COMPLETE)).isEqualTo("False/HealthCheckFailed");
    assertThat(r.of(McnConditionType.UPDATE_EXECUTED)).isEqualTo("False/RolledBack");
    assertThat(r.of(McnConditionType.UPDATED)).isEqualTo("False/Updated");
  }

  @Test
  void aFailedRebootSaysWhereItStoppedAndRecoveryClearsIt() {
    String reason =
        "reboot command failed: systemd-run exited 127: command not found; rolled back 1 step";
    Run r =
        settledNode()
            .then(start(R2, true, PostAction.REBOOT, false))
            .then(new McnMilestone.Drained("drain-rendered-worker-2"))
            .then(new McnMilestone.Rebooting())
            .then(new McnMilestone.Failed(reason, "reboot-failed", Optional.of(rebootFailure())));
    assertThat(r.writes).isEqualTo(4);
    Condition degraded = r.condition(McnConditionType.NODE_DEGRADED);
    assertThat(degraded.getStatus()).isEqualTo("True");
    assertThat(degraded.getReason()).isEqualTo("RebootFailed");
    assertThat(degraded.getMessage()).isEqualTo("Node worker-1 upgrade failure. " + reason);
    assertThat(r.of(McnConditionType.UPDATE_POST_ACTION_COMPLETE))
        .isEqualTo("False/RebootCommandFailed");
    assertThat(r.condition(McnConditionType.UPDATE_POST_ACTION_COMPLETE).getMessage())
        .isEqualTo("Error: " + reason);
    assertThat(r.of(McnConditionType.REBOOTED_NODE)).isEqualTo("False/RebootCommandFailed");
    // The rollback undid the files: the executed phase no longer holds.
    assertThat(r.of(McnConditionType.UPDATE_EXECUTED)).isEqualTo("False/RolledBack");
    assertThat(r.of(McnConditionType.APPLIED_FILES)).isEqualTo("False/RolledBack");

    // The retry (the cause fixed) starts afresh but stays degraded until it succeeds.
    r.then(start(R2, true, PostAction.REBOOT, false));
    assertThat(r.of(McnConditionType.NODE_DEGRADED)).isEqualTo("True/RebootFailed");
    assertThat(r.of(McnConditionType.REBOOTED_NODE)).isEqualTo("False/NotYetOccurred");
    r.then(new McnMilestone.Drained("drain-rendered-worker-2"))
        .then(new McnMilestone.Rebooting())
        .reboot()
        .then(new McnMilestone.Done(R2));
    assertThat(r.of(McnConditionType.NODE_DEGRADED)).isEqualTo("False/UpdateSucceeded");
    assertThat(r.of(McnConditionType.UPDATED)).isEqualTo("True/Updated");
    assertThat(r.of(McnConditionType.REBOOTED_NODE))
        .isEqualTo("True/UpdatePostActionCompleteRebootedNode");
  }

  @Test
  void aPrepareFailureNamesTheStepsClassAndADrainFailureTheDrain() {
    Run files =
        settledNode()
            .then(start(R2, false, PostAction.NONE, false))
            .then(
                new McnMilestone.Failed(
                    "write file /etc/x: EACCES",
                    "file-failed",
                    Optional.of(prepareFailure("write file /etc/x"))));
    assertThat(files.of(McnConditionType.UPDATE_EXECUTED)).isEqualTo("False/FileFailed");
    assertThat(files.of(McnConditionType.APPLIED_FILES_AND_OS)).isEqualTo("False/FileFailed");
    assertThat(files.of(McnConditionType.NODE_DEGRADED)).isEqualTo("True/FileFailed");

    Run drain =
        settledNode()
            .then(start(R2, true, PostAction.REBOOT, false))
            .then(
                new McnMilestone.Failed(
                    "drain timed out",
                    "drain-failed",
                    Optional.of(prepareFailure("request drain (drain-rendered-worker-2)"))));
    assertThat(drain.of(McnConditionType.DRAINED)).isEqualTo("False/DrainFailed");

    Run uncordon =
        settledNode()
            .then(new McnMilestone.Failed("uncordon refused", "uncordon-failed", Optional.empty()));
    assertThat(uncordon.of(McnConditionType.UNCORDONED)).isEqualTo("False/UncordonFailed");
  }

  @Test
  void aTransitionTimeMovesOnlyWithItsStatus() {
    Run r = settledNode().then(start(R2, false, PostAction.NONE, false));
    String prepared = r.condition(McnConditionType.UPDATE_PREPARED).getLastTransitionTime();
    String degraded = r.condition(McnConditionType.NODE_DEGRADED).getLastTransitionTime();
    r.then(new McnMilestone.Done(R2));
    assertThat(r.condition(McnConditionType.UPDATE_PREPARED).getLastTransitionTime())
        .isEqualTo(prepared);
    assertThat(r.condition(McnConditionType.NODE_DEGRADED).getLastTransitionTime())
        .isEqualTo(degraded);
    assertThat(r.condition(McnConditionType.UPDATED).getLastTransitionTime())
        .isNotEqualTo(prepared);
    assertThat(r.status.getObservedGeneration()).isEqualTo(1L);
  }

  static FailureRecord rebootFailure() {
    return failure(
        FailureRecord.Phase.REBOOT,
        "request reboot",
        List.of(
            new FailureRecord.RollbackStep(
                "write file /etc/motd",
                Category.FILE,
                FailureRecord.Outcome.REVERTED,
                Optional.empty())));
  }

  /** A prepare step's failure; the step's category as the engine records it. */
  static FailureRecord prepareFailure(String step) {
    Category c = step.startsWith("request drain") ? Category.DRAIN : Category.FILE;
    return failure(FailureRecord.Phase.PREPARE, step, List.of(), Optional.of(c));
  }

  static FailureRecord failure(
      FailureRecord.Phase phase, String step, List<FailureRecord.RollbackStep> rollback) {
    return failure(phase, step, rollback, Optional.empty());
  }

  static FailureRecord failure(
      FailureRecord.Phase phase,
      String step,
      List<FailureRecord.RollbackStep> rollback,
      Optional<Category> category) {
    Instant t = Instant.parse("2026-12-04T12:00:00Z");
    return new FailureRecord(
        phase,
        step,
        Optional.of("systemd-run"),
        Optional.of(127),
        "command not found",
        "cause",
        rollback,
        1,
        t,
        t,
        R2,
        R1,
        Optional.empty(),
        List.of(),
        0,
        category);
  }
}

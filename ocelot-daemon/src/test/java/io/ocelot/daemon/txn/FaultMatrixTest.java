package io.ocelot.daemon.txn;

import static io.ocelot.daemon.txn.SeedScenarioTest.BASE;
import static io.ocelot.daemon.txn.SeedScenarioTest.I1;
import static io.ocelot.daemon.txn.SeedScenarioTest.I2;
import static io.ocelot.daemon.txn.SeedScenarioTest.R1;
import static io.ocelot.daemon.txn.SeedScenarioTest.R2;
import static org.assertj.core.api.Assertions.assertThat;

import io.ocelot.api.disruption.ConfigTarget;
import io.ocelot.api.model.MachineConfig;
import io.ocelot.api.model.MachineConfigs;
import io.ocelot.daemon.plan.Step;
import io.ocelot.daemon.plan.UpdatePlan;
import io.ocelot.fakehost.FakeHost;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * For every prepare step and the reboot: the tool exits non-zero, the tool is missing, a write
 * fails, the step's undo fails too. Each case asserts the host state, the message and the metrics.
 */
class FaultMatrixTest {
  static final String MISSING = "exited 127";

  /** Which update a case runs. */
  enum Update {
    OCL, // R1/I1 -> R2/I2
    CLASSIC_KARGS, // R1 -> R2 + kernel arguments, same image
    REVERT, // R1/I1 -> R1 on the base image
    CLASSIC_REMOVALS, // R2 -> R1, same image: a file and a unit go
    CLASSIC_KERNEL, // R1 -> R1 with the realtime kernel and an extension, same image
    CLASSIC_SERVICES // R1 -> two changed files under a policy: restart chronyd, reload crio
  }

  /** Updates on the base image without layering. */
  private static boolean classic(Update u) {
    return u == Update.CLASSIC_KARGS
        || u == Update.CLASSIC_REMOVALS
        || u == Update.CLASSIC_KERNEL
        || u == Update.CLASSIC_SERVICES;
  }

  record Case(
      String name,
      Update update,
      Consumer<Setup> inject,
      String step,
      FailureRecord.Phase phase,
      String causeStart,
      boolean undoFails,
      double pivotErrors) {
    @Override
    public String toString() {
      return name;
    }
  }

  /** The host under test and its failing-files decorator. */
  record Setup(HostFixture host, Faults.FailingFiles files) {
    Path root() {
      return host.root;
    }
  }

  static final String KEYS = AccountActions.KEYS_FILE;

  static Stream<Arguments> cases() {
    String stage = "stage OS image " + I2;
    return Stream.of(
            new Case(
                "stage: image cannot be pulled",
                Update.OCL,
                s -> s.host().fake.markUnpullable(I2),
                stage,
                FailureRecord.Phase.PREPARE,
                "failed to update OS to "
                    + I2
                    + ": rpm-ostree exited 1: \"error: Creating importer",
                false,
                1),
            new Case(
                "stage: rpm-ostree rebase exits 1",
                Update.OCL,
                s ->
                    Faults.failTool(
                        s.root(), "rpm-ostree", "rebase", 1, "error: Timeout was reached"),
                stage,
                FailureRecord.Phase.PREPARE,
                "failed to update OS to "
                    + I2
                    + ": rpm-ostree exited 1: \"error: Timeout was reached\"",
                false,
                1),
            new Case(
                "stage: rpm-ostree rebase exits 0 and stages nothing",
                Update.OCL,
                s -> Faults.failTool(s.root(), "rpm-ostree", "rebase", 0, ""),
                stage,
                FailureRecord.Phase.PREPARE,
                "failed to update OS to "
                    + I2
                    + ": rpm-ostree exited 0 but no deployment of it is staged",
                false,
                1),
            new Case(
                "stage: rpm-ostree missing",
                Update.OCL,
                s -> s.host().fake.breakTool("rpm-ostree"),
                stage,
                FailureRecord.Phase.PREPARE,
                "rpm-ostree status: rpm-ostree exited 127: \"rpm-ostree: command not found\"",
                false,
                0),
            new Case(
                "stage: undo (cleanup -p) fails too",
                Update.OCL,
                s -> {
                  Faults.failTool(
                      s.root(), "rpm-ostree", "cleanup", 1, "error: Device or resource busy");
                  s.host().fake.breakTool("systemd-run");
                },
                "request reboot",
                FailureRecord.Phase.REBOOT,
                "reboot command failed: systemd-run " + MISSING,
                true,
                0),
            new Case(
                "file: read-only file system",
                Update.OCL,
                s -> s.files().failWrites("/etc/chrony.conf", "Read-only file system", 1),
                "write file /etc/chrony.conf",
                FailureRecord.Phase.PREPARE,
                "cannot write /etc/chrony.conf: Read-only file system",
                false,
                0),
            new Case(
                "file: disk full",
                Update.OCL,
                s ->
                    s.files().failWrites("/etc/ocelot/new/deep.conf", "No space left on device", 1),
                "write file /etc/ocelot/new/deep.conf",
                FailureRecord.Phase.PREPARE,
                "cannot write /etc/ocelot/new/deep.conf: No space left on device",
                false,
                0),
            new Case(
                "file: undo fails too",
                Update.OCL,
                s -> {
                  s.files().failWrites("/etc/chrony.conf", "Read-only file system", 2);
                  s.host().fake.breakTool("systemd-run");
                },
                "request reboot",
                FailureRecord.Phase.REBOOT,
                "reboot command failed: systemd-run " + MISSING,
                true,
                0),
            new Case(
                "unit: systemctl enable exits 1",
                Update.OCL,
                s ->
                    Faults.failTool(
                        s.root(), "systemctl", "enable", 1, "Failed to enable unit: Access denied"),
                "write unit hello.service",
                FailureRecord.Phase.PREPARE,
                // The undo needs enable too (hello.service was enabled): the journal keeps it.
                "error enabling units: systemctl exited 1: \"Failed to enable unit: Access denied\"",
                true,
                0),
            new Case(
                "unit: systemctl enable exits 0 and enables nothing",
                Update.OCL,
                s -> Faults.failTool(s.root(), "systemctl", "enable", 0, ""),
                "write unit hello.service",
                FailureRecord.Phase.PREPARE,
                "systemctl enable hello.service exited 0 but did not take: systemctl is-enabled"
                    + " says disabled",
                // The undo's enable does nothing either: the journal keeps it.
                true,
                0),
            new Case(
                "unit: systemctl missing",
                Update.OCL,
                s -> s.host().fake.breakTool("systemctl"),
                "write unit hello.service",
                FailureRecord.Phase.PREPARE,
                "systemctl is-enabled hello.service: systemctl " + MISSING,
                false,
                0),
            new Case(
                "unit: unit file not writable",
                Update.OCL,
                s ->
                    s.files()
                        .failWrites(
                            "/etc/systemd/system/extra.service", "Read-only file system", 1),
                "write unit extra.service",
                FailureRecord.Phase.PREPARE,
                "cannot write /etc/systemd/system/extra.service: Read-only file system",
                false,
                0),
            new Case(
                "unit: undo fails too",
                Update.OCL,
                s -> {
                  Faults.failTool(
                      s.root(),
                      "systemctl",
                      "disable",
                      1,
                      "Failed to disable unit: Transport endpoint is not connected",
                      2);
                  s.host().fake.breakTool("systemd-run");
                },
                "request reboot",
                FailureRecord.Phase.REBOOT,
                "reboot command failed: systemd-run " + MISSING,
                true,
                0),
            new Case(
                "ssh keys: read-only",
                Update.OCL,
                s -> s.files().failWrites(KEYS, "Read-only file system", 1),
                "write SSH keys of core",
                FailureRecord.Phase.PREPARE,
                "cannot write " + KEYS + ": Read-only file system",
                false,
                0),
            new Case(
                "ssh keys: undo fails too",
                Update.OCL,
                s -> {
                  s.files().failWrites(KEYS, "Read-only file system", 2);
                  s.host().fake.breakTool("systemd-run");
                },
                "request reboot",
                FailureRecord.Phase.REBOOT,
                "reboot command failed: systemd-run " + MISSING,
                true,
                0),
            new Case(
                "password: usermod exits 10",
                Update.OCL,
                s ->
                    Faults.failTool(
                        s.root(),
                        "usermod",
                        "-p",
                        10,
                        "usermod: cannot lock /etc/shadow; try again later."),
                "set password hash of core",
                FailureRecord.Phase.PREPARE,
                "Failed to reset password for core: usermod exited 10: \"usermod: cannot lock /etc/shadow; try again later.\"",
                false,
                0),
            new Case(
                "password: usermod exits 0 and writes nothing",
                Update.OCL,
                s -> Faults.failTool(s.root(), "usermod", "-p", 0, ""),
                "set password hash of core",
                FailureRecord.Phase.PREPARE,
                "Failed to reset password for core: usermod exited 0 but /etc/shadow does not hold"
                    + " the new hash",
                false,
                0),
            new Case(
                "password: usermod missing",
                Update.OCL,
                s -> s.host().fake.breakTool("usermod"),
                "set password hash of core",
                FailureRecord.Phase.PREPARE,
                "Failed to reset password for core: usermod " + MISSING,
                false,
                0),
            new Case(
                "password: undo fails too",
                Update.OCL,
                s -> {
                  // The undo writes /etc/shadow back byte for byte; a read-only /etc stops it.
                  s.files().failWrites("/etc/shadow", "Read-only file system", 1);
                  s.host().fake.breakTool("systemd-run");
                },
                "request reboot",
                FailureRecord.Phase.REBOOT,
                "reboot command failed: systemd-run " + MISSING,
                true,
                0),
            new Case(
                "kargs: rpm-ostree kargs exits 1",
                Update.CLASSIC_KARGS,
                s ->
                    Faults.failTool(
                        s.root(),
                        "rpm-ostree",
                        // The change, not the read of the deployment's arguments before it.
                        "kargs --append=nosmt",
                        1,
                        "error: Failed to parse kernel arguments"),
                "set kernel arguments",
                FailureRecord.Phase.PREPARE,
                "failed to update kernel arguments: rpm-ostree exited 1: \"error: Failed to parse kernel arguments\"",
                false,
                0),
            new Case(
                "kargs: rpm-ostree kargs exits 0 and changes nothing",
                Update.CLASSIC_KARGS,
                s ->
                    Faults.failTool(
                        s.root(),
                        "rpm-ostree",
                        // The change, not the read of the deployment's arguments before it.
                        "kargs --append=nosmt",
                        0,
                        ""),
                "set kernel arguments",
                FailureRecord.Phase.PREPARE,
                "failed to update kernel arguments: rpm-ostree exited 0 but the deployment's arguments"
                    + " did not follow (still to delete: [], to append: [nosmt])",
                false,
                0),
            new Case(
                "kargs: undo (cleanup -p) fails too",
                Update.CLASSIC_KARGS,
                s -> {
                  Faults.failTool(
                      s.root(), "rpm-ostree", "cleanup", 1, "error: Device or resource busy");
                  s.host().fake.breakTool("systemd-run");
                },
                "request reboot",
                FailureRecord.Phase.REBOOT,
                "reboot command failed: systemd-run " + MISSING,
                true,
                0),
            new Case(
                "revert artifacts: read-only",
                Update.REVERT,
                s -> s.files().failWrites(RevertArtifacts.CONFIG, "Read-only file system", 1),
                "write revert-from-layering artifacts for rendered-worker-1",
                FailureRecord.Phase.PREPARE,
                "cannot write " + RevertArtifacts.CONFIG + ": Read-only file system",
                false,
                0),
            new Case(
                "revert artifacts: undo fails too",
                Update.REVERT,
                s -> {
                  s.files().failWrites(RevertArtifacts.CONFIG, "Read-only file system", 2);
                  s.host().fake.breakTool("systemd-run");
                },
                "request reboot",
                FailureRecord.Phase.REBOOT,
                "reboot command failed: systemd-run " + MISSING,
                true,
                0),
            new Case(
                "reboot: systemd-run missing",
                Update.OCL,
                s -> s.host().fake.breakTool("systemd-run"),
                "request reboot",
                FailureRecord.Phase.REBOOT,
                "reboot command failed: systemd-run exited 127: \"systemd-run: command not found\"",
                false,
                0),
            new Case(
                "reboot: systemd-run exits 1",
                Update.OCL,
                s ->
                    Faults.failTool(
                        s.root(),
                        "systemd-run",
                        "--unit",
                        1,
                        "Failed to start transient service unit: Unit machine-config-daemon-reboot.service already exists."),
                "request reboot",
                FailureRecord.Phase.REBOOT,
                "reboot command failed: systemd-run exited 1: \"Failed to start transient service unit: Unit"
                    + " machine-config-daemon-reboot.service already exists.\"",
                false,
                0))
        .map(Arguments::of);
  }

  /** Faults of the step kinds the three updates above do not reach. */
  static Stream<Case> moreCases() {
    return Stream.of(
        new Case(
            "remove file: read-only",
            Update.CLASSIC_REMOVALS,
            s -> s.files().failWrites("/etc/ocelot/new/deep.conf", "Read-only file system", 1),
            "remove file /etc/ocelot/new/deep.conf",
            FailureRecord.Phase.PREPARE,
            "cannot delete /etc/ocelot/new/deep.conf: Read-only file system",
            false,
            0),
        new Case(
            // The undo disables the unit's links before restoring them, so it fails as well until
            // systemctl is healed; the next start then completes it.
            "remove unit: systemctl disable exits 1, also in the undo",
            Update.CLASSIC_REMOVALS,
            s ->
                Faults.failTool(
                    s.root(),
                    "systemctl",
                    "disable extra.service",
                    1,
                    "Failed to disable unit: Access denied"),
            "remove unit extra.service",
            FailureRecord.Phase.PREPARE,
            "error disabling unit: systemctl exited 1: \"Failed to disable unit: Access denied\"",
            true,
            0),
        new Case(
            "kernel: rpm-ostree override exits 1",
            Update.CLASSIC_KERNEL,
            s ->
                Faults.failTool(
                    s.root(), "rpm-ostree", "override", 1, "error: Packages not found: kernel-rt"),
            "switch kernel default -> realtime",
            FailureRecord.Phase.PREPARE,
            "failed to switch kernel to realtime: rpm-ostree exited 1",
            false,
            0),
        new Case(
            "extensions: rpm-ostree update exits 1",
            Update.CLASSIC_KERNEL,
            s ->
                Faults.failTool(
                    s.root(), "rpm-ostree", "update", 1, "error: Packages not found: usbguard"),
            "set extensions [] -> [usbguard]",
            FailureRecord.Phase.PREPARE,
            "failed to change packages: rpm-ostree exited 1",
            false,
            0),
        new Case(
            "service: systemctl reload exits 1 once",
            Update.CLASSIC_SERVICES,
            s ->
                Faults.failTool(
                    s.root(),
                    "systemctl",
                    "reload crio.service",
                    1,
                    "Job for crio.service failed.",
                    1,
                    1),
            "reload crio.service",
            FailureRecord.Phase.PREPARE,
            "reloading crio.service failed: systemctl exited 1: \"Job for crio.service failed.\"",
            false,
            0),
        new Case(
            "service: systemctl restart exits 1, also in the undo",
            Update.CLASSIC_SERVICES,
            s -> Faults.failTool(s.root(), "systemctl", "restart", 1, "Access denied"),
            "restart chronyd.service",
            FailureRecord.Phase.PREPARE,
            "restarting chronyd.service failed: systemctl exited 1: \"Access denied\"",
            true,
            0),
        new Case(
            "service: systemctl missing",
            Update.CLASSIC_SERVICES,
            // Missing from the first step on: the unit steps probe enablement with it.
            s -> s.host().fake.breakTool("systemctl"),
            "restart chronyd.service",
            FailureRecord.Phase.PREPARE,
            "restarting chronyd.service failed: systemctl " + MISSING,
            true,
            0));
  }

  /**
   * Every kind of step the planner can emit has rows in the matrix: a new step kind fails the build
   * until its faults are added here. A drain request is a handshake with the controller that
   * changes nothing on the host (its faults are the daemon's: DaemonScenariosIT).
   */
  @Test
  void everyStepKindHasRows() {
    Map<Class<?>, String> rows =
        Map.ofEntries(
            Map.entry(Step.StageImage.class, "stage OS image"),
            Map.entry(Step.SwitchKernel.class, "switch kernel"),
            Map.entry(Step.UpdateExtensions.class, "set extensions"),
            Map.entry(Step.WriteFile.class, "write file"),
            Map.entry(Step.RemoveFile.class, "remove file"),
            Map.entry(Step.WriteUnit.class, "write unit"),
            Map.entry(Step.RemoveUnit.class, "remove unit"),
            Map.entry(Step.WriteSshKeys.class, "write SSH keys"),
            Map.entry(Step.SetPasswordHash.class, "set password hash"),
            Map.entry(Step.SetKernelArguments.class, "set kernel arguments"),
            Map.entry(Step.WriteRevertArtifacts.class, "write revert-from-layering"),
            Map.entry(Step.RunService.class, "re"));
    List<String> steps =
        Stream.concat(cases(), moreCases().map(Arguments::of))
            .map(a -> ((Case) a.get()[0]).step())
            .toList();
    for (Class<?> kind : Step.class.getPermittedSubclasses()) {
      if (kind == Step.RequestDrain.class) {
        continue;
      }
      assertThat(rows).as("fault matrix rows for %s", kind.getSimpleName()).containsKey(kind);
      assertThat(steps)
          .as("a fault of %s", kind.getSimpleName())
          .anyMatch(step -> step.startsWith(rows.get(kind)));
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("moreCases")
  void moreFaultsRollBackAndNameTheCause(Case c) throws Exception {
    faultRollsBackAndNamesTheCause(c);
  }

  @TempDir Path dir;

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void faultRollsBackAndNamesTheCause(Case c) throws Exception {
    Faults.FailingFiles[] failing = new Faults.FailingFiles[1];
    String booted = classic(c.update()) ? BASE : I1;
    HostFixture h =
        new HostFixture(dir.resolve("root"), booted, f -> failing[0] = new Faults.FailingFiles(f));
    Setup setup = new Setup(h, failing[0]);
    Optional<String> currentImage = classic(c.update()) ? Optional.empty() : Optional.of(I1);
    h.settle(c.update() == Update.CLASSIC_REMOVALS ? R2 : R1, currentImage);
    Map<String, String> before = h.snapshot();
    UpdatePlan plan = plan(c.update());

    c.inject().accept(setup);
    EngineOutcome outcome = h.engine().apply(plan, Attempt.FIRST);

    FailureRecord f = ((EngineOutcome.Failed) outcome).failure();
    assertThat(f.step()).isEqualTo(c.step());
    assertThat(f.phase()).isEqualTo(c.phase());
    // A prepare step's failure names what the step changes: the metrics' reason class comes from
    // it, not from the step's wording.
    assertThat(f.category().isPresent())
        .as("category of %s", f.step())
        .isEqualTo(c.phase() == FailureRecord.Phase.PREPARE);
    assertThat(f.cause()).startsWith(c.causeStart());
    assertThat(f.message()).startsWith(f.cause());
    assertThat(f.rolledBackCompletely()).as(f.message()).isEqualTo(!c.undoFails());
    assertThat(h.metrics.updateFailing()).isEqualTo(1.0);
    assertThat(h.metrics.pivotErrors()).isEqualTo(c.pivotErrors());
    assertThat(h.metrics.rebootsFailedTotal())
        .isEqualTo(c.phase() == FailureRecord.Phase.REBOOT ? 1.0 : 0.0);
    String settled =
        c.update() == Update.CLASSIC_REMOVALS ? "rendered-worker-2" : "rendered-worker-1";
    assertThat(h.store().marker().orElseThrow().target())
        .isEqualTo(new Target(settled, currentImage));

    if (c.undoFails()) {
      assertThat(f.message()).contains("could not undo ").contains("rollback incomplete");
      assertThat(h.store().journal()).isPresent();
      // Healed, the next start finishes the undo from the journal.
      heal(setup);
      h.restartDaemon();
      FailureRecord resumed =
          ((EngineOutcome.Failed) h.recovery().start(Attempt.after(f))).failure();
      assertThat(resumed.rolledBackCompletely()).isTrue();
      // The record is still the failure's: its phase, cause and attempt, plus what recovery did.
      assertThat(resumed.phase()).isEqualTo(f.phase());
      assertThat(resumed.cause()).isEqualTo(f.cause());
      assertThat(resumed.attempt()).isEqualTo(f.attempt());
      assertThat(resumed.firstFailedAt()).isEqualTo(f.firstFailedAt());
      assertThat(resumed.message())
          .startsWith(f.cause())
          .contains("; node remains on ")
          .endsWith("; the rollback was completed at the next start (" + h.clock.instant() + ")");
      assertThat(h.store().lastFailure()).contains(resumed);
    }
    heal(setup);
    assertThat(HostFixture.differences(before, h.snapshot())).isEmpty();
    assertThat(h.fake.image(FakeHost.Slot.STAGED)).isEmpty();
    assertThat(h.store().journal()).isEmpty();
  }

  private static void heal(Setup s) {
    s.files().heal();
    for (String tool : List.of("rpm-ostree", "systemctl", "systemd-run", "usermod")) {
      Faults.healTool(s.root(), tool);
      if (s.root().resolve("usr/bin/" + tool + "2").toFile().exists()) {
        s.host().fake.fixTool(tool);
      }
    }
    java.nio.file.Path faults = s.root().resolve("var/lib/fakehost/faults/unpullable");
    faults.toFile().delete();
  }

  private static UpdatePlan plan(Update u) {
    return switch (u) {
      case OCL -> HostFixture.plan(ConfigTarget.layered(R1, I1), ConfigTarget.layered(R2, I2), I1);
      case CLASSIC_KARGS -> {
        MachineConfig r2 = MachineConfigs.copy(R2);
        r2.getSpec().setKernelArguments(List.of("nosmt"));
        yield HostFixture.plan(ConfigTarget.of(R1), ConfigTarget.of(r2), BASE);
      }
      case REVERT -> HostFixture.plan(ConfigTarget.layered(R1, I1), ConfigTarget.of(R1), I1);
      case CLASSIC_REMOVALS -> HostFixture.plan(ConfigTarget.of(R2), ConfigTarget.of(R1), BASE);
      case CLASSIC_SERVICES -> HostFixture.rebootlessServicesPlan();
      case CLASSIC_KERNEL -> {
        MachineConfig rt = MachineConfigs.copy(R1);
        rt.getMetadata().setName("rendered-worker-rt");
        rt.getSpec().setKernelType("realtime");
        rt.getSpec().setExtensions(List.of("usbguard"));
        yield HostFixture.plan(ConfigTarget.of(R1), ConfigTarget.of(rt), BASE);
      }
    };
  }
}

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
import io.ocelot.daemon.plan.UpdatePlan;
import io.ocelot.fakehost.FakeHost;
import io.ocelot.runtime.OcelotVersion;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Each kind of update end to end on a simulated host: apply, reboot, finalize. */
class UpdateKindsTest {
  @TempDir Path dir;

  HostFixture host(String booted) throws Exception {
    return new HostFixture(dir.resolve("root"), booted);
  }

  EngineOutcome rebootAndStart(HostFixture h) throws Exception {
    h.fake.reboot();
    h.restartDaemon();
    return h.recovery().start(Attempt.FIRST);
  }

  @Test
  void classicConfigChangeWithKernelArguments() throws Exception {
    HostFixture h = host(BASE);
    h.settle(R1, Optional.empty());
    MachineConfig r2 = MachineConfigs.copy(R2);
    r2.getSpec().setKernelArguments(List.of("nosmt", "mitigations=auto"));
    UpdatePlan plan = HostFixture.plan(ConfigTarget.of(R1), ConfigTarget.of(r2), BASE);

    assertThat(h.engine().apply(plan, Attempt.FIRST))
        .isEqualTo(
            new EngineOutcome.RebootRequested(
                new Target("rendered-worker-2", Optional.empty()),
                "Node will reboot into config rendered-worker-2"));
    // The kernel arguments live in a staged deployment of the same image.
    assertThat(h.fake.image(FakeHost.Slot.STAGED)).contains(BASE);
    assertThat(h.fake.kernelArguments(FakeHost.Slot.STAGED))
        .contains("rw quiet nosmt mitigations=auto");

    assertThat(rebootAndStart(h))
        .isEqualTo(new EngineOutcome.Completed(new Target("rendered-worker-2", Optional.empty())));
    assertThat(h.fake.kernelArguments(FakeHost.Slot.BOOTED))
        .contains("rw quiet nosmt mitigations=auto");
    // As MCO: the rollback deployment is removed once the new one validated.
    assertThat(h.fake.image(FakeHost.Slot.ROLLBACK)).isEmpty();
  }

  @Test
  void kernelArgumentsTheDeploymentCarriesAreNotAppendedTwice() throws Exception {
    HostFixture h = host(BASE);
    h.settle(R1, Optional.empty());
    MachineConfig r2 = MachineConfigs.copy(R2);
    // "quiet" is on the booted deployment already (the fixture boots with "rw quiet").
    r2.getSpec().setKernelArguments(List.of("quiet", "a=1"));
    UpdatePlan plan = HostFixture.plan(ConfigTarget.of(R1), ConfigTarget.of(r2), BASE);

    h.engine().apply(plan, Attempt.FIRST);
    rebootAndStart(h);
    assertThat(h.fake.kernelArguments(FakeHost.Slot.BOOTED)).contains("rw quiet a=1");

    MachineConfig r3 = MachineConfigs.copy(R2);
    r3.getMetadata().setName("rendered-worker-3");
    r3.getSpec().setKernelArguments(List.of());
    h.engine()
        .apply(HostFixture.plan(ConfigTarget.of(r2), ConfigTarget.of(r3), BASE), Attempt.FIRST);
    rebootAndStart(h);
    assertThat(h.fake.kernelArguments(FakeHost.Slot.BOOTED)).contains("rw");
  }

  @Test
  void optInToLayering() throws Exception {
    HostFixture h = host(BASE);
    h.settle(R1, Optional.empty());
    UpdatePlan plan = HostFixture.plan(ConfigTarget.of(R1), ConfigTarget.layered(R1, I1), BASE);
    assertThat(h.engine().apply(plan, Attempt.FIRST))
        .isInstanceOf(EngineOutcome.RebootRequested.class);
    assertThat(h.fake.image(FakeHost.Slot.STAGED)).contains(I1);
    assertThat(rebootAndStart(h))
        .isEqualTo(new EngineOutcome.Completed(new Target("rendered-worker-1", Optional.of(I1))));
    assertThat(h.fake.image(FakeHost.Slot.BOOTED)).contains(I1);
  }

  @Test
  void revertFromLayeringWritesArtifactsAndRemovesThemAfterTheBoot() throws Exception {
    HostFixture h = host(I1);
    h.settle(R1, Optional.of(I1));
    UpdatePlan plan = HostFixture.plan(ConfigTarget.layered(R1, I1), ConfigTarget.of(R1), I1);

    assertThat(h.engine().apply(plan, Attempt.FIRST))
        .isEqualTo(
            new EngineOutcome.RebootRequested(
                new Target("rendered-worker-1", Optional.empty()),
                "Node will reboot into image " + BASE + " / MachineConfig rendered-worker-1"));
    assertThat(h.fake.image(FakeHost.Slot.STAGED)).contains(BASE);
    assertThat(h.root.resolve("etc/mco/machineconfig-revert.json")).exists();
    assertThat(
            h.root.resolve(
                "etc/systemd/system/multi-user.target.requires/machine-config-daemon-revert.service"))
        .isSymbolicLink();
    // The unit runs the CLI image of the daemon's own version, never a moving `latest`.
    assertThat(h.root.resolve("etc/systemd/system/machine-config-daemon-revert.service"))
        .content()
        .contains(" quay.io/ocelot/ocelot:" + OcelotVersion.release() + " host firstboot ")
        .doesNotContain(":latest");
    assertThat(OcelotVersion.release()).matches("\\d+\\.\\d+\\.\\d+");

    // The base image's /etc lacks a file the layered image carried: the first boot re-applies it.
    Files.delete(h.root.resolve("etc/chrony.conf"));
    assertThat(rebootAndStart(h))
        .isEqualTo(new EngineOutcome.Completed(new Target("rendered-worker-1", Optional.empty())));
    assertThat(h.fake.image(FakeHost.Slot.BOOTED)).contains(BASE);
    assertThat(h.root.resolve("etc/chrony.conf")).hasContent("pool a.example.com");
    assertThat(h.root.resolve("etc/mco/machineconfig-revert.json")).doesNotExist();
    assertThat(h.root.resolve("etc/systemd/system/machine-config-daemon-revert.service"))
        .doesNotExist();
  }

  @Test
  void alreadyBootedIntoTheDesiredImageStagesNothing() throws Exception {
    // Torn state: annotations and marker say I1, but the host booted I2 (a manual rollback).
    HostFixture h = host(I2);
    h.settle(R1, Optional.of(I1));
    UpdatePlan plan =
        HostFixture.plan(ConfigTarget.layered(R1, I1), ConfigTarget.layered(R2, I2), I2);
    assertThat(plan.notes()).containsExactly("staging skipped: the node already booted " + I2);
    assertThat(h.engine().apply(plan, Attempt.FIRST))
        .isInstanceOf(EngineOutcome.RebootRequested.class);
    assertThat(h.fake.image(FakeHost.Slot.STAGED)).isEmpty();
    assertThat(Files.readString(h.root.resolve("var/log/fakehost.log"))).doesNotContain("rebase");
    assertThat(rebootAndStart(h))
        .isEqualTo(new EngineOutcome.Completed(new Target("rendered-worker-2", Optional.of(I2))));
  }

  @Test
  void bootingTheOldDeploymentRollsBackAndSaysWhy() throws Exception {
    HostFixture h = host(I1);
    h.settle(R1, Optional.of(I1));
    Map<String, String> before = h.snapshot();
    UpdatePlan plan =
        HostFixture.plan(ConfigTarget.layered(R1, I1), ConfigTarget.layered(R2, I2), I1);
    assertThat(h.engine().apply(plan, Attempt.FIRST))
        .isInstanceOf(EngineOutcome.RebootRequested.class);

    // The staged deployment was never finalized: the node comes back on I1.
    Files.walk(h.root.resolve("var/lib/fakehost/ostree/deployments/staged"))
        .sorted(java.util.Comparator.reverseOrder())
        .forEach(p -> p.toFile().delete());
    EngineOutcome outcome = rebootAndStart(h);

    FailureRecord f = ((EngineOutcome.Failed) outcome).failure();
    assertThat(f.cause()).isEqualTo("booted image " + I1 + ", expected " + I2);
    assertThat(f.phase()).isEqualTo(FailureRecord.Phase.FINALIZE);
    assertThat(f.message())
        .startsWith("booted image " + I1 + ", expected " + I2 + "; rolled back ");
    assertThat(f.message())
        .endsWith("node remains on MachineConfig rendered-worker-1 / image " + I1);
    assertThat(h.store().marker().orElseThrow().target())
        .isEqualTo(new Target("rendered-worker-1", Optional.of(I1)));
    Map<String, String> diff = HostFixture.differences(before, h.snapshot());
    // Only what a reboot changes anyway: the boot id, the previous boot's log, the cleared run/.
    assertThat(diff.keySet())
        .allMatch(
            k ->
                k.equals("var/lib/fakehost/boot_id")
                    || k.startsWith("var/lib/fakehost/previous-boot")
                    || k.startsWith("run"));
  }

  @Test
  void aFailedFinalizationIsNamedAsThePossibleRootCause() throws Exception {
    HostFixture h = host(I1);
    h.settle(R1, Optional.of(I1));
    UpdatePlan plan =
        HostFixture.plan(ConfigTarget.layered(R1, I1), ConfigTarget.layered(R2, I2), I1);
    h.engine().apply(plan, Attempt.FIRST);
    h.fake.failNextFinalize(
        "error: Finalizing staged deployment: opendir(/sysroot/ostree): No space left on device");
    FailureRecord f = ((EngineOutcome.Failed) rebootAndStart(h)).failure();
    assertThat(f.cause())
        .isEqualTo(
            "booted image "
                + I1
                + ", expected "
                + I2
                + "; possible root cause: error: Finalizing staged"
                + " deployment: opendir(/sysroot/ostree): No space left on device");
    assertThat(h.fake.image(FakeHost.Slot.BOOTED)).contains(I1);
  }

  @Test
  void aKernelArgumentUpdateThatBootsTheOldDeploymentIsCaught() throws Exception {
    HostFixture h = host(BASE);
    h.settle(R1, Optional.empty());
    MachineConfig r2 = MachineConfigs.copy(R2);
    r2.getSpec().setKernelArguments(List.of("nosmt"));
    h.engine()
        .apply(HostFixture.plan(ConfigTarget.of(R1), ConfigTarget.of(r2), BASE), Attempt.FIRST);
    h.fake.failNextFinalize("error: Finalizing staged deployment: (injected)");
    // Same image before and after: only the kernel arguments show the staged deployment was lost.
    FailureRecord f = ((EngineOutcome.Failed) rebootAndStart(h)).failure();
    assertThat(f.cause())
        .isEqualTo(
            "booted kernel arguments lack nosmt of MachineConfig rendered-worker-2; possible root"
                + " cause: error: Finalizing staged deployment: (injected)");
    assertThat(h.fake.kernelArguments(FakeHost.Slot.BOOTED))
        .hasValueSatisfying(k -> assertThat(k).doesNotContain("nosmt"));
  }

  /**
   * Issue 43: an entry holding two arguments, as the CRD allows, is applied as two and must be
   * compared as two after the boot (compared unsplit, the node rebooted 11 times in 90 s; since the
   * retry policy it would have held a good update).
   */
  @Test
  void anEntryOfSeveralKernelArgumentsIsComparedAsItWasApplied() throws Exception {
    HostFixture h = host(BASE);
    h.settle(R1, Optional.empty());
    MachineConfig r2 = MachineConfigs.copy(R2);
    r2.getSpec().setKernelArguments(List.of("hugepagesz=1G hugepages=2", "nosmt"));
    h.engine()
        .apply(HostFixture.plan(ConfigTarget.of(R1), ConfigTarget.of(r2), BASE), Attempt.FIRST);
    EngineOutcome outcome = rebootAndStart(h);
    assertThat(outcome).isInstanceOf(EngineOutcome.Completed.class);
    assertThat(h.fake.kernelArguments(FakeHost.Slot.BOOTED))
        .hasValueSatisfying(
            k -> assertThat(k).contains("hugepagesz=1G").contains("hugepages=2").contains("nosmt"));
  }

  /**
   * Issue 43: a rendered config without {@code osImageURL} names no image; a rebooting change to it
   * (kernel arguments) must finish, not fail with "booted image …, expected " and leave the new
   * arguments booted under the old config.
   */
  @Test
  void aConfigWithoutAnOsImageFinishesItsRebootingUpdate() throws Exception {
    HostFixture h = host(BASE);
    MachineConfig r1 = MachineConfigs.copy(R1);
    r1.getSpec().setOsImageURL(null);
    h.settle(r1, Optional.empty());
    MachineConfig r2 = MachineConfigs.copy(R2);
    r2.getSpec().setOsImageURL(null);
    r2.getSpec().setKernelArguments(List.of("nosmt"));
    h.engine()
        .apply(HostFixture.plan(ConfigTarget.of(r1), ConfigTarget.of(r2), BASE), Attempt.FIRST);
    assertThat(rebootAndStart(h)).isInstanceOf(EngineOutcome.Completed.class);
    assertThat(h.store().marker().orElseThrow().target().config()).isEqualTo("rendered-worker-2");
    assertThat(h.fake.kernelArguments(FakeHost.Slot.BOOTED))
        .hasValueSatisfying(k -> assertThat(k).contains("nosmt"));
  }

  @Test
  void onDiskMismatchAfterTheBootIsReportedWithMcosMessage() throws Exception {
    HostFixture h = host(I1);
    h.settle(R1, Optional.of(I1));
    UpdatePlan plan =
        HostFixture.plan(ConfigTarget.layered(R1, I1), ConfigTarget.layered(R2, I2), I1);
    h.engine().apply(plan, Attempt.FIRST);
    Files.writeString(h.root.resolve("etc/keep.conf"), "edited by hand\n");
    FailureRecord f = ((EngineOutcome.Failed) rebootAndStart(h)).failure();
    assertThat(f.cause())
        .isEqualTo(
            "unexpected on-disk state validating against "
                + I2
                + ": content mismatch for file \"/etc/keep.conf\"");
    assertThat(h.store().lastFailure()).contains(f);
    assertThat(h.metrics.updateFailing()).isEqualTo(1.0);
    // Fixed by hand, the daemon's next try finalizes, and the failure is cleared.
    Files.writeString(h.root.resolve("etc/keep.conf"), "unchanged\n");
    assertThat(h.recovery().start(Attempt.after(f))).isInstanceOf(EngineOutcome.Completed.class);
    assertThat(h.store().lastFailure()).isEmpty();
    // The engine counts failures; clearing the gauge is the node's transition to Done
    // (NodeReporter), tested in DaemonSeedScenarioIT.
    assertThat(h.metrics.updateFailing()).isEqualTo(1.0);
  }

  @Test
  void anUpdateThatNeverValidatesIsUndoneOnceTheNodeIsWantedBack() throws Exception {
    HostFixture h = host(I1);
    h.settle(R1, Optional.of(I1));
    Map<String, String> before = HealthRollbackTest.config(h);
    h.engine()
        .apply(
            HostFixture.plan(ConfigTarget.layered(R1, I1), ConfigTarget.layered(R2, I2), I1),
            Attempt.FIRST);
    // Something at the boot rewrites a file the update wrote: the boot never validates.
    h.fake.reboot();
    h.restartDaemon();
    Files.writeString(h.root.resolve("etc/chrony.conf"), "server rewritten.at.boot\n");
    Target r1 = new Target("rendered-worker-1", Optional.of(I1));
    Target r2 = new Target("rendered-worker-2", Optional.of(I2));
    // Still wanted there: the node says so and waits for a fix, as MCO's does.
    assertThat(
            new Recovery(h.host, h.store(), h.metrics, Clock.systemUTC(), Optional.of(r2))
                .start(Attempt.FIRST))
        .isInstanceOf(EngineOutcome.Failed.class);
    assertThat(h.store().marker().orElseThrow().phase()).isEqualTo(CommitMarker.Phase.COMMITTED);

    // The admin withdrew it (deleted the MachineConfig): the update is undone, through a boot.
    Recovery wantedBack =
        new Recovery(h.host, h.store(), h.metrics, Clock.systemUTC(), Optional.of(r1));
    assertThat(wantedBack.start(Attempt.FIRST)).isInstanceOf(EngineOutcome.RebootRequested.class);
    h.fake.reboot();
    h.restartDaemon();
    FailureRecord f =
        ((EngineOutcome.Failed)
                new Recovery(h.host, h.store(), h.metrics, Clock.systemUTC(), Optional.of(r1))
                    .start(Attempt.FIRST))
            .failure();
    assertThat(f.step()).isEqualTo(Recovery.VALIDATE_ON_DISK);
    assertThat(f.cause())
        .isEqualTo(
            "unexpected on-disk state validating against "
                + I2
                + ": content mismatch for file \"/etc/chrony.conf\"; the node is wanted on "
                + r1.describe()
                + " now, so the update is undone rather than finished");
    assertThat(f.rolledBackCompletely()).isTrue();
    assertThat(f.remainsOn()).isEqualTo(r1);
    assertThat(h.store().marker().orElseThrow().phase()).isEqualTo(CommitMarker.Phase.STABLE);
    assertThat(h.store().marker().orElseThrow().target()).isEqualTo(r1);
    assertThat(h.store().journal()).isEmpty();
    assertThat(h.fake.image(FakeHost.Slot.BOOTED)).contains(I1);
    // Configuration byte for byte as before (the deployments and the marker are the engine's).
    assertThat(HostFixture.differences(before, HealthRollbackTest.config(h))).isEmpty();
    assertThat(h.metrics.healthCheckFailures()).as("no health check failed").isZero();
  }

  /** Records what the cluster side is told (events and post-config-action come from it). */
  static final class Heard implements StepListener {
    final java.util.List<String> said = new java.util.ArrayList<>();

    @Override
    public void stepStarting(io.ocelot.daemon.plan.Step step) {
      said.add("starting " + step.getClass().getSimpleName());
    }

    @Override
    public void stepApplied(io.ocelot.daemon.plan.Step step) {
      said.add("applied " + step.getClass().getSimpleName());
    }

    @Override
    public void stepFailed(io.ocelot.daemon.plan.Step step, String error) {
      said.add("failed " + step.getClass().getSimpleName() + ": " + error);
    }

    @Override
    public void rebooting(String rationale) {
      said.add("rebooting: " + rationale);
    }
  }

  UpdateEngine engine(HostFixture h, StepListener listener) {
    return new UpdateEngine(
        h.host, h.store(), DrainHandshake.NO_CLUSTER, h.metrics, h.clock, () -> "a", listener);
  }

  @Test
  void theListenerHearsEachStepAndTheRebootAndAFailedStaging() throws Exception {
    HostFixture h = host(I1);
    h.settle(R1, Optional.of(I1));
    UpdatePlan plan =
        HostFixture.plan(ConfigTarget.layered(R1, I1), ConfigTarget.layered(R2, I2), I1);
    Faults.failTool(h.root, "rpm-ostree", "rebase", 1, "error: pull failed", 1, 1);
    Heard failing = new Heard();

    assertThat(engine(h, failing).apply(plan, Attempt.FIRST))
        .isInstanceOf(EngineOutcome.Failed.class);
    assertThat(failing.said.get(failing.said.size() - 1))
        .startsWith("failed StageImage: ")
        .contains("error: pull failed");
    assertThat(h.metrics.updateFailing()).isEqualTo(1.0);

    Heard heard = new Heard();
    assertThat(engine(h, heard).apply(plan, Attempt.FIRST))
        .isInstanceOf(EngineOutcome.RebootRequested.class);
    java.util.List<String> expected = new java.util.ArrayList<>();
    for (io.ocelot.daemon.plan.Step step : plan.steps()) {
      expected.add("starting " + step.getClass().getSimpleName());
      expected.add("applied " + step.getClass().getSimpleName());
    }
    expected.add(
        "rebooting: Node will reboot into image " + I2 + " / MachineConfig rendered-worker-2");
    assertThat(heard.said).isEqualTo(expected);
  }
}

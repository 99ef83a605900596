package io.ocelot.daemon.txn;

import static io.ocelot.daemon.txn.SeedScenarioTest.I1;
import static io.ocelot.daemon.txn.SeedScenarioTest.I2;
import static io.ocelot.daemon.txn.SeedScenarioTest.R1;
import static io.ocelot.daemon.txn.SeedScenarioTest.R2;
import static org.assertj.core.api.Assertions.assertThat;

import io.ocelot.api.disruption.ConfigTarget;
import io.ocelot.daemon.plan.UpdatePlan;
import io.ocelot.fakehost.FakeHost;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The boot counter (greenboot's, in GRUB's environment): armed before the reboot into a new
 * deployment, so that one that never boots far enough to be checked is left by the bootloader after
 * three boots; disarmed by a healthy boot and by an undone update.
 */
class BootCounterTest {
  @TempDir Path dir;

  UpdatePlan plan() {
    return HostFixture.plan(ConfigTarget.layered(R1, I1), ConfigTarget.layered(R2, I2), I1);
  }

  HostFixture settled() throws Exception {
    HostFixture h = new HostFixture(dir.resolve("root"), I1);
    h.settle(R1, Optional.of(I1));
    return h;
  }

  @Test
  void aDeploymentThatNeverBootsFarEnoughIsLeftAfterThreeBoots() throws Exception {
    HostFixture h = settled();
    Map<String, String> before = HealthRollbackTest.config(h);
    assertThat(h.engine().apply(plan(), Attempt.FIRST))
        .isInstanceOf(EngineOutcome.RebootRequested.class);
    assertThat(h.fake.bootCounter()).contains(3);

    // Three boots into I2 that crash before any daemon runs; the fourth is the fallback.
    for (int boot = 1; boot <= 3; boot++) {
      h.fake.reboot();
      assertThat(h.fake.image(FakeHost.Slot.BOOTED)).as("boot %d", boot).contains(I2);
    }
    h.fake.reboot();
    assertThat(h.fake.image(FakeHost.Slot.BOOTED)).contains(I1);
    assertThat(h.fake.bootCounter()).contains(-1);

    h.restartDaemon();
    FailureRecord f = ((EngineOutcome.Failed) h.recovery().start(Attempt.FIRST)).failure();
    assertThat(f.phase()).isEqualTo(FailureRecord.Phase.FINALIZE);
    assertThat(f.cause())
        .isEqualTo(
            "the boot into MachineConfig rendered-worker-2 / image "
                + I2
                + " never became healthy: after 3 boots the boot counter fell back to the previous"
                + " deployment ("
                + I1
                + ")");
    assertThat(f.rolledBackCompletely()).isTrue();
    assertThat(HostFixture.differences(before, HealthRollbackTest.config(h))).isEmpty();
    assertThat(h.store().marker().orElseThrow().target())
        .isEqualTo(new Target("rendered-worker-1", Optional.of(I1)));
    assertThat(h.fake.bootCounter()).isEmpty(); // disarmed
  }

  @Test
  void aHealthyBootDisarmsTheCounter() throws Exception {
    HostFixture h = settled();
    h.engine().apply(plan(), Attempt.FIRST);
    h.fake.reboot();
    h.restartDaemon();
    assertThat(h.recovery().start(Attempt.FIRST)).isInstanceOf(EngineOutcome.Completed.class);
    assertThat(h.fake.bootCounter()).isEmpty();
    // Later reboots stay on the update.
    for (int boot = 0; boot < 4; boot++) {
      h.fake.reboot();
    }
    assertThat(h.fake.image(FakeHost.Slot.BOOTED)).contains(I2);
  }

  @Test
  void aFailedRebootRequestDisarmsTheCounter() throws Exception {
    HostFixture h = settled();
    h.fake.breakTool("systemd-run");
    assertThat(h.engine().apply(plan(), Attempt.FIRST)).isInstanceOf(EngineOutcome.Failed.class);
    assertThat(h.fake.bootCounter()).isEmpty();
  }

  @Test
  void aRebootWithoutANewDeploymentArmsNothing() throws Exception {
    HostFixture h = settled();
    // Same image, other files: nothing for a bootloader to fall back from.
    UpdatePlan filesOnly =
        HostFixture.plan(ConfigTarget.layered(R1, I1), ConfigTarget.layered(R2, I1), I1);
    assertThat(h.engine().apply(filesOnly, Attempt.FIRST))
        .isInstanceOf(EngineOutcome.RebootRequested.class);
    assertThat(h.fake.bootCounter()).isEmpty();
  }
}

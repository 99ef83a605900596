package io.ocelot.daemon.txn;

import static io.ocelot.daemon.txn.SeedScenarioTest.I1;
import static io.ocelot.daemon.txn.SeedScenarioTest.I2;
import static io.ocelot.daemon.txn.SeedScenarioTest.R1;
import static io.ocelot.daemon.txn.SeedScenarioTest.R2;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.ocelot.api.disruption.ConfigTarget;
import io.ocelot.daemon.host.HostException;
import io.ocelot.daemon.plan.UpdatePlan;
import io.ocelot.fakehost.FakeHost;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Probes whose answer the engine cannot interpret stop the update and are undone, named. */
class ProbeFaultsTest {
  @TempDir Path dir;

  private HostFixture settled() throws Exception {
    HostFixture h = new HostFixture(dir.resolve("root"), I1);
    h.settle(R1, Optional.of(I1));
    return h;
  }

  private static UpdatePlan toR2() {
    return HostFixture.plan(ConfigTarget.layered(R1, I1), ConfigTarget.layered(R2, I2), I1);
  }

  @Test
  void aFailingIsEnabledProbeIsAFaultAndLeavesNoDanglingLink() throws Exception {
    HostFixture h = settled();
    Map<String, String> before = h.snapshot();
    Faults.failTool(
        h.root,
        "systemctl",
        "is-enabled extra.service",
        4,
        "Failed to get unit file state for extra.service: Input/output error");

    FailureRecord f = ((EngineOutcome.Failed) h.engine().apply(toR2(), Attempt.FIRST)).failure();

    assertThat(f.cause())
        .isEqualTo(
            "systemctl is-enabled extra.service answered what the engine cannot interpret:"
                + " systemctl exited 4: \"Failed to get unit file state for extra.service:"
                + " Input/output error\"");
    assertThat(f.rolledBackCompletely()).isTrue();
    assertThat(h.root.resolve("etc/systemd/system/multi-user.target.wants/extra.service").toFile())
        .doesNotExist();
    Faults.healTool(h.root, "systemctl");
    assertThat(HostFixture.differences(before, h.snapshot())).isEmpty();
  }

  @Test
  void aShadowThatIsADirectoryIsNoticedBeforeTheStepRuns() throws Exception {
    HostFixture h = settled();
    Path shadow = h.root.resolve("etc/shadow");
    byte[] original = Files.readAllBytes(shadow);
    Files.delete(shadow);
    Files.createDirectory(shadow);

    FailureRecord f = ((EngineOutcome.Failed) h.engine().apply(toR2(), Attempt.FIRST)).failure();

    assertThat(f.step()).isEqualTo("set password hash of core");
    assertThat(f.cause())
        .isEqualTo(
            "/etc/shadow is not a regular file (a directory); the password of core cannot be set");
    assertThat(f.rolledBackCompletely()).isTrue();
    assertThat(Files.isDirectory(shadow, LinkOption.NOFOLLOW_LINKS)).isTrue();
    Files.delete(shadow);
    Files.write(shadow, original);
  }

  /** Stages {@code image} as an admin's {@code rpm-ostree rebase} would, outside any update. */
  private static void stageByHand(HostFixture h, String image) throws Exception {
    assertThat(
            h.runner
                .run(
                    io.ocelot.daemon.host.Command.of(
                        "rpm-ostree",
                        "rebase",
                        "--experimental",
                        "ostree-unverified-registry:" + image))
                .ok())
        .isTrue();
  }

  @Test
  void anUpdateThatWouldTakeAStagedDeploymentFromBeforeItDoesNotStart() throws Exception {
    HostFixture h = settled();
    String foreign = "quay.io/someone/else@sha256:" + "e".repeat(64);
    stageByHand(h, foreign);
    Map<String, String> before = h.snapshot();

    assertThatThrownBy(() -> h.engine().apply(toR2(), Attempt.FIRST))
        .isInstanceOf(HostException.class)
        .hasMessage(
            "a deployment of "
                + foreign
                + " is staged on the host, not by this update (an upgrade or rebase waiting for a"
                + " reboot?): the update would discard it and could not put it back, so it does"
                + " not start; nothing on the host was changed. Reboot into it or discard it"
                + " (rpm-ostree cleanup -p), and the update goes ahead");
    assertThat(HostFixture.differences(before, h.snapshot())).isEmpty();
    assertThat(h.fake.image(FakeHost.Slot.STAGED)).contains(foreign);
    assertThat(h.store().journal()).isEmpty();

    // Discarded by the admin: the same update goes ahead.
    assertThat(h.runner.run(io.ocelot.daemon.host.Command.of("rpm-ostree", "cleanup", "-p")).ok())
        .isTrue();
    assertThat(h.engine().apply(toR2(), Attempt.FIRST))
        .isInstanceOf(EngineOutcome.RebootRequested.class);
    assertThat(h.fake.image(FakeHost.Slot.STAGED)).contains(I2);
  }

  @Test
  void aRebootlessUpdateGoesAheadAndLeavesTheStagedDeploymentAlone() throws Exception {
    HostFixture h = new HostFixture(dir.resolve("rebootless"), SeedScenarioTest.BASE);
    h.settle(R1, Optional.empty());
    String foreign = "quay.io/someone/else@sha256:" + "e".repeat(64);
    stageByHand(h, foreign);

    assertThat(h.engine().apply(HostFixture.rebootlessServicesPlan(), Attempt.FIRST))
        .isInstanceOf(EngineOutcome.Completed.class);
    assertThat(h.fake.image(FakeHost.Slot.STAGED)).contains(foreign);
  }
}

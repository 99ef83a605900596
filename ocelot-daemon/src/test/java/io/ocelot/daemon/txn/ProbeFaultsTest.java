package io.ocelot.daemon.txn;

import static io.ocelot.daemon.txn.SeedScenarioTest.I1;
import static io.ocelot.daemon.txn.SeedScenarioTest.I2;
import static io.ocelot.daemon.txn.SeedScenarioTest.R1;
import static io.ocelot.daemon.txn.SeedScenarioTest.R2;
import static org.assertj.core.api.Assertions.assertThat;

import io.ocelot.api.disruption.ConfigTarget;
import io.ocelot.daemon.plan.UpdatePlan;
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

  @Test
  void aStagedDeploymentFromBeforeTheUpdateIsDiscardedAndTheRecordSaysSo() throws Exception {
    HostFixture h = settled();
    String foreign = "quay.io/someone/else@sha256:" + "e".repeat(64);
    assertThat(
            h.runner
                .run(
                    io.ocelot.daemon.host.Command.of(
                        "rpm-ostree",
                        "rebase",
                        "--experimental",
                        "ostree-unverified-registry:" + foreign))
                .ok())
        .isTrue();
    h.fake.breakTool("systemd-run");

    FailureRecord f = ((EngineOutcome.Failed) h.engine().apply(toR2(), Attempt.FIRST)).failure();

    assertThat(f.notes())
        .containsExactly(
            "the staged deployment of "
                + foreign
                + " from before the update was discarded and is not restored");
    assertThat(f.message())
        .endsWith(
            "; the staged deployment of "
                + foreign
                + " from before the update was discarded and is not restored");
    assertThat(h.fake.image(io.ocelot.fakehost.FakeHost.Slot.STAGED)).isEmpty();
  }
}

package io.ocelot.daemon.txn;

import static io.ocelot.daemon.txn.SeedScenarioTest.BASE;
import static io.ocelot.daemon.txn.SeedScenarioTest.I1;
import static io.ocelot.daemon.txn.SeedScenarioTest.I2;
import static io.ocelot.daemon.txn.SeedScenarioTest.R1;
import static org.assertj.core.api.Assertions.assertThat;

import io.ocelot.api.disruption.ConfigTarget;
import io.ocelot.api.ignition.IgnitionBuilder;
import io.ocelot.api.model.MachineConfig;
import io.ocelot.api.model.MachineConfigs;
import io.ocelot.daemon.plan.UpdatePlan;
import io.ocelot.fakehost.FakeHost;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A boot into the target that fails a required health check goes back by itself: the config
 * pre-images from the journal, the previous deployment by the boot order (rpm-ostree and bootc
 * alike), a reboot, and then the failure — naming the check and what it said — with the host byte
 * for byte as before. Wanted checks only warn. A daemon killed anywhere on the way still ends
 * there.
 */
public class HealthRollbackTest {
  public static final String KUBELET_CHECK = "/etc/ocelot/health.d/required.d/20-kubelet.sh";
  public static final String FAILING =
      "#!/bin/sh\necho checking >&2\necho 'kubelet is not ready' >&2\nexit 1\n";

  /** R1 changed as an update would, plus a health check that fails on the new boot. */
  static MachineConfig withCheck(String path, String script, String osImage) {
    return withCheck("rendered-worker-2", path, script, osImage);
  }

  public static MachineConfig withCheck(String name, String path, String script, String osImage) {
    return MachineConfigs.create(
        name,
        "worker",
        IgnitionBuilder.v3()
            .file("/etc/chrony.conf", "pool b.example.com\n")
            .file("/etc/keep.conf", "unchanged\n")
            .file(path, script, 0755)
            .unit(
                "hello.service",
                "[Service]\nExecStart=/bin/true\n[Install]\nWantedBy=multi-user.target\n",
                true)
            .build(),
        osImage);
  }

  static final MachineConfig R2_FAILING = withCheck(KUBELET_CHECK, FAILING, BASE);

  @TempDir Path dir;

  UpdatePlan layeredPlan() {
    return HostFixture.plan(ConfigTarget.layered(R1, I1), ConfigTarget.layered(R2_FAILING, I2), I1);
  }

  /** Boots and starts fresh daemons until the node rests; returns the last outcome. */
  static EngineOutcome drive(HostFixture h, EngineOutcome outcome, List<String> trail)
      throws Exception {
    EngineOutcome o = outcome;
    for (int boots = 0; o instanceof EngineOutcome.RebootRequested && boots < 5; boots++) {
      trail.add("reboot");
      h.fake.reboot();
      h.restartDaemon();
      o = h.recovery().start(Attempt.FIRST);
      trail.add(o.getClass().getSimpleName());
    }
    return o;
  }

  /** A host on R1/I1, laid out under {@code name}. */
  HostFixture onR1(String name) throws Exception {
    HostFixture h = new HostFixture(dir.resolve(name), I1);
    h.settle(R1, Optional.of(I1));
    return h;
  }

  /** Updates {@code h} from R1/I1 to {@code to}/I2 and boots until the node rests. */
  static EngineOutcome updateTo(HostFixture h, MachineConfig to) throws Exception {
    return drive(
        h,
        h.engine()
            .apply(
                HostFixture.plan(ConfigTarget.layered(R1, I1), ConfigTarget.layered(to, I2), I1),
                Attempt.FIRST),
        new ArrayList<>());
  }

  /** The host's configuration, without the deployments and the markers that must differ. */
  static Map<String, String> config(HostFixture h) {
    Map<String, String> all = h.snapshot();
    all.keySet()
        .removeIf(
            k ->
                k.startsWith("var/lib/fakehost/")
                    || k.equals("var/lib/ocelot/marker.json")
                    || k.startsWith("run/"));
    return all;
  }

  @Test
  void layeredImageFailingItsCheckBootsBackIntoTheOldImageOnRpmOstree() throws Exception {
    rollsBack(new HostFixture(dir.resolve("root"), I1), "rpm-ostree");
  }

  @Test
  void layeredImageFailingItsCheckBootsBackIntoTheOldImageOnBootc() throws Exception {
    rollsBack(HostFixture.bootc(dir.resolve("root"), I1), "bootc");
  }

  private void rollsBack(HostFixture h, String tool) throws Exception {
    assertThat(h.host.images().tool()).isEqualTo(tool);
    h.settle(R1, Optional.of(I1));
    Map<String, String> before = config(h);
    EngineOutcome update = h.engine().apply(layeredPlan(), Attempt.FIRST);
    assertThat(update).isInstanceOf(EngineOutcome.RebootRequested.class);
    h.fake.reboot();
    h.restartDaemon();
    assertThat(h.fake.image(FakeHost.Slot.BOOTED)).contains(I2);

    // The first start after the boot runs the check, which fails: back to the old deployment.
    EngineOutcome afterBoot = h.recovery().start(Attempt.FIRST);
    String cause =
        "health check 20-kubelet.sh failed after boot into "
            + I2
            + ": exit 1: \"kubelet is not ready\"";
    assertThat(afterBoot)
        .isEqualTo(
            new EngineOutcome.RebootRequested(
                new Target("rendered-worker-1", Optional.of(I1)),
                "Rolling back after a failed health check: " + cause));
    assertThat(h.host.images().status().rollbackQueued()).isTrue();
    assertThat(h.store().marker().orElseThrow().phase()).isEqualTo(CommitMarker.Phase.REVERTING);
    assertThat(h.fake.rebootRequested()).isTrue();
    assertThat(h.metrics.healthCheckFailures()).isZero(); // reported after the boot back

    List<String> trail = new ArrayList<>();
    EngineOutcome end = drive(h, afterBoot, trail);
    assertThat(trail).containsExactly("reboot", "Failed");
    FailureRecord f = ((EngineOutcome.Failed) end).failure();
    assertThat(f.phase()).isEqualTo(FailureRecord.Phase.HEALTH_CHECK);
    assertThat(f.step()).isEqualTo("health check 20-kubelet.sh");
    assertThat(f.cause()).isEqualTo(cause);
    assertThat(f.command()).contains(KUBELET_CHECK);
    assertThat(f.exitCode()).contains(1);
    assertThat(f.message())
        .isEqualTo(
            cause
                + "; rolled back to "
                + I1
                + " (2 files restored); node remains on MachineConfig rendered-worker-1 / image "
                + I1);
    assertThat(h.fake.image(FakeHost.Slot.BOOTED)).contains(I1);
    assertThat(h.fake.image(FakeHost.Slot.ROLLBACK)).contains(I2);
    assertThat(HostFixture.differences(before, config(h))).isEmpty();
    CommitMarker marker = h.store().marker().orElseThrow();
    assertThat(marker.phase()).isEqualTo(CommitMarker.Phase.STABLE);
    assertThat(marker.target()).isEqualTo(new Target("rendered-worker-1", Optional.of(I1)));
    assertThat(h.store().journal()).isEmpty();
    assertThat(h.store().lastFailure()).contains(f);
    assertThat(h.metrics.healthCheckFailures()).isEqualTo(1.0);
    assertThat(h.metrics.updateFailing()).isEqualTo(1.0);

    // A fixed image (here: the same target without the failing check) goes through on retry.
    MachineConfig healthy = withCheck(KUBELET_CHECK, "#!/bin/sh\nexit 0\n", BASE);
    UpdatePlan retry =
        HostFixture.plan(ConfigTarget.layered(R1, I1), ConfigTarget.layered(healthy, I2), I1);
    EngineOutcome done = drive(h, h.engine().apply(retry, Attempt.after(f)), new ArrayList<>());
    assertThat(done)
        .isEqualTo(new EngineOutcome.Completed(new Target("rendered-worker-2", Optional.of(I2))));
    assertThat(h.fake.image(FakeHost.Slot.BOOTED)).contains(I2);
    assertThat(h.store().lastFailure()).isEmpty();
  }

  @Test
  void configOnlyUpdateFailingItsCheckRestoresTheFilesAndRebootsOnce() throws Exception {
    HostFixture h = new HostFixture(dir.resolve("root"), BASE);
    h.settle(R1, Optional.empty());
    Map<String, String> before = config(h);
    UpdatePlan plan = HostFixture.plan(ConfigTarget.of(R1), ConfigTarget.of(R2_FAILING), BASE);
    List<String> trail = new ArrayList<>();
    EngineOutcome end = drive(h, h.engine().apply(plan, Attempt.FIRST), trail);

    assertThat(trail).containsExactly("reboot", "RebootRequested", "reboot", "Failed");
    FailureRecord f = ((EngineOutcome.Failed) end).failure();
    assertThat(f.message())
        .isEqualTo(
            "health check 20-kubelet.sh failed after boot into "
                + BASE
                + ": exit 1: \"kubelet is not ready\"; rolled back to "
                + BASE
                + " (2 files restored); node remains on MachineConfig rendered-worker-1 / image "
                + BASE);
    assertThat(HostFixture.differences(before, config(h))).isEmpty();
    assertThat(h.fake.image(FakeHost.Slot.BOOTED)).contains(BASE);
    assertThat(h.fake.image(FakeHost.Slot.ROLLBACK)).isEmpty(); // no deployment was made
    assertThat(h.store().marker().orElseThrow().target())
        .isEqualTo(new Target("rendered-worker-1", Optional.empty()));
  }

  @Test
  void greenbootRequiredChecksCountAndWantedChecksOnlyWarn() throws Exception {
    HostFixture h = onR1("root");
    MachineConfig greenboot =
        withCheck("/etc/greenboot/check/required.d/10-disk.sh", FAILING, BASE);
    EngineOutcome end = updateTo(h, greenboot);
    assertThat(((EngineOutcome.Failed) end).failure().step()).isEqualTo("health check 10-disk.sh");

    HostFixture w = onR1("wanted");
    MachineConfig wanted = withCheck("/etc/ocelot/health.d/wanted.d/50-ntp.sh", FAILING, BASE);
    EngineOutcome done = updateTo(w, wanted);
    EngineOutcome.Completed c = (EngineOutcome.Completed) done;
    assertThat(c.target()).isEqualTo(new Target("rendered-worker-2", Optional.of(I2)));
    assertThat(c.warnings()).hasSize(1);
    assertThat(c.warnings().get(0).check().name()).isEqualTo("50-ntp.sh");
    assertThat(c.warnings().get(0).describe()).isEqualTo("exit 1: \"kubelet is not ready\"");
    assertThat(w.fake.image(FakeHost.Slot.BOOTED)).contains(I2);
    assertThat(w.fake.image(FakeHost.Slot.ROLLBACK)).isEmpty(); // healthy: no way back kept
  }

  @Test
  void aCheckThatHangsTimesOutAndFails() throws Exception {
    HostFixture h = onR1("root");
    MachineConfig hangs = withCheck(KUBELET_CHECK, "#!/bin/sh\nexec sleep 60\n", BASE);
    EngineOutcome end = updateTo(h, hangs);
    assertThat(((EngineOutcome.Failed) end).failure().cause())
        .isEqualTo(
            "health check 20-kubelet.sh failed after boot into " + I2 + ": timed out after 3s");
    assertThat(h.fake.image(FakeHost.Slot.BOOTED)).contains(I1);
  }

  @Test
  void aFailedRebootIntoThePreviousStateIsReportedAndRetried() throws Exception {
    HostFixture h = onR1("root");
    h.engine().apply(layeredPlan(), Attempt.FIRST);
    h.fake.reboot();
    h.restartDaemon();
    h.fake.breakTool("systemd-run");
    FailureRecord f = ((EngineOutcome.Failed) h.recovery().start(Attempt.FIRST)).failure();
    assertThat(f.rolledBackCompletely()).isFalse();
    assertThat(f.message())
        .contains("could not undo 1 step: reboot into the previous state: reboot command failed:")
        .contains("rollback incomplete");
    assertThat(h.metrics.rebootsFailedTotal()).isEqualTo(1.0);
    assertThat(h.fake.image(FakeHost.Slot.BOOTED)).contains(I2);

    h.fake.fixTool("systemd-run");
    EngineOutcome again = h.recovery().start(Attempt.FIRST);
    assertThat(again).isInstanceOf(EngineOutcome.RebootRequested.class);
    FailureRecord end = ((EngineOutcome.Failed) drive(h, again, new ArrayList<>())).failure();
    assertThat(end.rolledBackCompletely()).isTrue();
    assertThat(end.cause()).isEqualTo(f.cause());
    assertThat(h.fake.image(FakeHost.Slot.BOOTED)).contains(I1);
  }

  /** The durable points of the way back: the check, a pass and a reboot, a pass and the end. */
  static final List<String> WAY_BACK = wayBack();

  private static List<String> wayBack() {
    List<String> pass = new ArrayList<>(List.of("journal:undoing"));
    for (int i = 3; i >= 0; i--) {
      pass.addAll(List.of("undo:done:" + i, "journal:undone:" + i));
    }
    List<String> out = new ArrayList<>(List.of("health:start", "marker:reverting"));
    out.addAll(pass);
    out.addAll(List.of("revert:reboot", "marker:reverting-boot"));
    out.addAll(pass);
    out.addAll(List.of("journal:cleared", "marker:stable"));
    return out;
  }

  static Stream<Integer> crashPoints() {
    return IntStream.rangeClosed(1, WAY_BACK.size()).boxed();
  }

  /**
   * Killed at the n-th durable point of the two starts after the boot into the bad image (the
   * health check, the first rollback pass, the boot back): the next starts still end with the node
   * on R1/I1 and the health failure reported.
   */
  @ParameterizedTest
  @MethodSource("crashPoints")
  void killedAnywhereOnTheWayBackStillEndsOnTheOldState(int n) throws Exception {
    HostFixture h = onR1("root");
    Map<String, String> before = config(h);
    h.engine().apply(layeredPlan(), Attempt.FIRST);
    h.fake.reboot();
    h.restartDaemon();
    List<String> seen = new ArrayList<>();
    h.checkpoint = CrashSafetyTest.haltAt(n, seen);
    boolean halted = false;
    try {
      drive(h, h.recovery().start(Attempt.FIRST), new ArrayList<>());
    } catch (CrashSafetyTest.Halt e) {
      halted = true;
    }
    assertThat(halted).as("halted at " + WAY_BACK.get(n - 1)).isTrue();
    h.checkpoint = Checkpoint.NONE;
    // The daemon died; a fresh one starts (in the same boot, unless a reboot was under way).
    if (h.fake.rebootRequested()) {
      h.fake.reboot();
    }
    h.restartDaemon();
    EngineOutcome o = drive(h, h.recovery().start(Attempt.FIRST), new ArrayList<>());
    // Killed after the last write, the way back is complete and its record is on the host; the
    // start finds nothing in flight (the daemon then reports the record it finds unreported).
    FailureRecord f =
        n == WAY_BACK.size()
            ? h.store().lastFailure().orElseThrow()
            : ((EngineOutcome.Failed) o).failure();
    assertThat(o)
        .isInstanceOf(n == WAY_BACK.size() ? EngineOutcome.Idle.class : EngineOutcome.Failed.class);
    assertThat(f.phase()).isEqualTo(FailureRecord.Phase.HEALTH_CHECK);
    assertThat(f.cause()).startsWith("health check 20-kubelet.sh failed after boot into " + I2);
    assertThat(f.rolledBackCompletely()).isTrue();
    assertThat(h.fake.image(FakeHost.Slot.BOOTED)).contains(I1);
    assertThat(HostFixture.differences(before, config(h))).isEmpty();
    assertThat(h.store().marker().orElseThrow().phase()).isEqualTo(CommitMarker.Phase.STABLE);
    assertThat(h.store().journal()).isEmpty();
  }

  /** Pins the crash points the parameterized test walks, so a new durable write extends it. */
  @Test
  void theWayBackHasItsCrashPointsPinned() throws Exception {
    HostFixture h = onR1("root");
    h.engine().apply(layeredPlan(), Attempt.FIRST);
    h.fake.reboot();
    h.restartDaemon();
    List<String> seen = new ArrayList<>();
    h.checkpoint = seen::add;
    drive(h, h.recovery().start(Attempt.FIRST), new ArrayList<>());
    assertThat(seen).isEqualTo(WAY_BACK);
  }
}

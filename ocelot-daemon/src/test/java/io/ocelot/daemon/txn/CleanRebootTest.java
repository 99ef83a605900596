package io.ocelot.daemon.txn;

import static io.ocelot.daemon.txn.SeedScenarioTest.I1;
import static io.ocelot.daemon.txn.SeedScenarioTest.R1;
import static org.assertj.core.api.Assertions.assertThat;

import io.ocelot.fakehost.FakeHost;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A clean reboot (an admin, a watchdog) at every point of preparing an update: the staged
 * deployment, if any, is finalized at shutdown and boots. Whatever booted, the next starts end on
 * the old image with the old config — never the new image with the old files.
 */
class CleanRebootTest {
  @TempDir Path dir;

  /** journal:start, then observed / done / applied for each of the plan's 8 steps. */
  static Stream<Integer> preparePoints() {
    return IntStream.rangeClosed(1, 25).boxed();
  }

  @ParameterizedTest(name = "clean reboot at point {0} of preparing")
  @MethodSource("preparePoints")
  void theNodeEndsOnTheOldImageAndConfigWhateverBooted(int point) throws Exception {
    HostFixture h = new HostFixture(dir.resolve("root"), I1);
    h.settle(R1, Optional.of(I1));
    Map<String, String> before = HealthRollbackTest.config(h);
    List<String> seen = new ArrayList<>();
    h.checkpoint = CrashSafetyTest.haltAt(point, seen);
    boolean halted = false;
    try {
      h.engine().apply(new CrashSafetyTest().plan(), Attempt.FIRST);
    } catch (CrashSafetyTest.Halt e) {
      halted = true;
    }
    assertThat(halted).as("a prepare point, not the commit").isTrue();
    assertThat(seen.get(seen.size() - 1)).doesNotStartWith("marker:");
    h.checkpoint = Checkpoint.NONE;
    boolean staged = h.fake.image(FakeHost.Slot.STAGED).isPresent();

    h.fake.reboot(); // finalizes and boots what is staged, as a clean shutdown does
    h.restartDaemon();
    EngineOutcome o =
        HealthRollbackTest.drive(h, h.recovery().start(Attempt.FIRST), new ArrayList<>());

    String at = "after a reboot at " + seen.get(seen.size() - 1);
    FailureRecord f = ((EngineOutcome.Failed) o).failure();
    assertThat(f.phase()).as(at).isEqualTo(FailureRecord.Phase.RECOVERY);
    assertThat(f.step()).as(at).isEqualTo(staged ? HealthRollback.INTERRUPTED : "resume");
    if (staged) {
      assertThat(f.cause())
          .as(at)
          .startsWith(
              "the node rebooted in the middle of the update to MachineConfig rendered-worker-2"
                  + " / image ")
          .endsWith(" with the previous config");
    }
    assertThat(f.rolledBackCompletely()).as(at).isTrue();
    assertThat(h.fake.image(FakeHost.Slot.BOOTED)).as(at).contains(I1);
    assertThat(h.fake.image(FakeHost.Slot.STAGED)).as(at).isEmpty();
    assertThat(HostFixture.differences(before, HealthRollbackTest.config(h))).as(at).isEmpty();
    assertThat(h.store().journal()).as(at).isEmpty();
    assertThat(h.store().marker().orElseThrow())
        .as(at)
        .satisfies(
            m -> {
              assertThat(m.phase()).isEqualTo(CommitMarker.Phase.STABLE);
              assertThat(m.target()).isEqualTo(new Target("rendered-worker-1", Optional.of(I1)));
            });
  }
}

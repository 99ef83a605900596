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
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The engine is stopped dead at every durable write of the journal or the marker — while preparing,
 * committing, rolling back, finalizing — and a fresh daemon starts on the same host. The host
 * always ends in one of its two stable states: fully on R1/I1, or fully on R2/I2.
 */
class CrashSafetyTest {
  /** Stops the engine like a kill would: nothing after the point runs. */
  static final class Halt extends Error {
    private static final long serialVersionUID = 1L;

    Halt(String point) {
      super("halted at " + point, null, false, false);
    }
  }

  static Checkpoint haltAt(int n, List<String> seen) {
    AtomicInteger count = new AtomicInteger();
    return point -> {
      seen.add(point);
      if (count.incrementAndGet() == n) {
        throw new Halt(point);
      }
    };
  }

  static Stream<Integer> prepareAndCommitPoints() {
    return IntStream.rangeClosed(1, 27).boxed();
  }

  static Stream<Integer> rollbackPoints() {
    return IntStream.rangeClosed(28, 46).boxed();
  }

  static Stream<Integer> finalizePoints() {
    return IntStream.rangeClosed(1, 3).boxed();
  }

  @TempDir Path dir;

  UpdatePlan plan() {
    return HostFixture.plan(ConfigTarget.layered(R1, I1), ConfigTarget.layered(R2, I2), I1);
  }

  /** The crash points of the R1/I1 → R2/I2 update, whose plan has 8 steps. */
  static List<String> applyPoints() {
    List<String> points = new ArrayList<>(List.of("journal:start"));
    for (int i = 0; i < 8; i++) {
      points.addAll(List.of("journal:observed:" + i, "action:done:" + i, "journal:applied:" + i));
    }
    points.addAll(List.of("marker:committed", "journal:committed"));
    return points;
  }

  /**
   * Pins where the engine can be stopped, so that the parameterized tests below halt at each: every
   * durable write (a write dropped or moved changes this list) and every action done before its
   * journal entry says so, on the way forward and on the way back.
   */
  @org.junit.jupiter.api.Test
  void crashPointsAreEveryDurableWriteAndEveryActionBeforeItsJournalEntry() throws Exception {
    HostFixture h = new HostFixture(dir.resolve("root"), I1);
    h.settle(R1, Optional.of(I1));
    List<String> seen = new ArrayList<>();
    h.checkpoint = haltAt(0, seen);
    h.engine().apply(plan(), Attempt.FIRST);
    assertThat(seen).isEqualTo(applyPoints());

    HostFixture f = new HostFixture(dir.resolve("failing"), I1);
    f.settle(R1, Optional.of(I1));
    f.fake.breakTool("systemd-run");
    List<String> failing = new ArrayList<>();
    f.checkpoint = haltAt(0, failing);
    f.engine().apply(plan(), Attempt.FIRST);
    List<String> back = new ArrayList<>(applyPoints());
    back.addAll(List.of("marker:reverted", "journal:undoing"));
    for (int i = 7; i >= 0; i--) {
      back.addAll(List.of("undo:done:" + i, "journal:undone:" + i));
    }
    back.add("journal:cleared");
    assertThat(failing).isEqualTo(back);
    assertThat(prepareAndCommitPoints()).hasSize(applyPoints().size());
    assertThat(rollbackPoints()).hasSize(back.size() - applyPoints().size());
  }

  @ParameterizedTest(name = "halt at point {0} of a successful apply")
  @MethodSource("prepareAndCommitPoints")
  void haltWhilePreparingOrCommitting(int point) throws Exception {
    HostFixture h = new HostFixture(dir.resolve("root"), I1);
    h.settle(R1, Optional.of(I1));
    Map<String, String> before = h.snapshot();
    List<String> seen = new ArrayList<>();
    h.checkpoint = haltAt(point, seen);
    boolean halted = run(() -> h.engine().apply(plan(), Attempt.FIRST));
    if (!halted) {
      assertThat(h.fake.rebootRequested()).isTrue();
      return; // every point of this run was covered by lower numbers
    }
    restart(h);
    EngineOutcome outcome = h.recovery().start(Attempt.FIRST);
    assertThat(outcome).as("after %s", seen).isInstanceOf(EngineOutcome.class);
    assertOnR1(h, before);
  }

  @ParameterizedTest(name = "halt at point {0} of a failing apply")
  @MethodSource("rollbackPoints")
  void haltWhileRollingBack(int point) throws Exception {
    HostFixture h = new HostFixture(dir.resolve("root"), I1);
    h.settle(R1, Optional.of(I1));
    Map<String, String> before = h.snapshot();
    h.fake.breakTool("systemd-run");
    List<String> seen = new ArrayList<>();
    h.checkpoint = haltAt(point, seen);
    run(() -> h.engine().apply(plan(), Attempt.FIRST));
    h.fake.fixTool("systemd-run");
    restart(h);
    h.recovery().start(Attempt.FIRST);
    assertOnR1(h, before);
  }

  @ParameterizedTest(name = "halt at point {0} of finalizing")
  @MethodSource("finalizePoints")
  void haltWhileFinalizing(int point) throws Exception {
    HostFixture h = new HostFixture(dir.resolve("root"), I1);
    h.settle(R1, Optional.of(I1));
    assertThat(h.engine().apply(plan(), Attempt.FIRST))
        .isInstanceOf(EngineOutcome.RebootRequested.class);
    h.fake.reboot();
    restart(h);
    h.checkpoint = haltAt(point, new ArrayList<>());
    run(() -> h.recovery().start(Attempt.FIRST));
    restart(h);
    EngineOutcome again = h.recovery().start(Attempt.FIRST);
    assertThat(again)
        .isIn(
            new EngineOutcome.Completed(new Target("rendered-worker-2", Optional.of(I2))),
            new EngineOutcome.Idle(new Target("rendered-worker-2", Optional.of(I2))));
    assertThat(h.store().marker().orElseThrow().phase()).isEqualTo(CommitMarker.Phase.STABLE);
    assertThat(h.store().journal()).isEmpty();
    assertThat(h.fake.image(FakeHost.Slot.BOOTED)).contains(I2);
    assertThat(h.root.resolve("etc/chrony.conf")).hasContent("pool b.example.com\niburst");
  }

  static Stream<Integer> rebootlessPoints() {
    return IntStream.rangeClosed(1, 8).boxed();
  }

  @ParameterizedTest(name = "halt at point {0} of a rebootless update")
  @MethodSource("rebootlessPoints")
  void haltWhileCompletingARebootlessUpdate(int point) throws Exception {
    HostFixture h = new HostFixture(dir.resolve("root"), I1);
    h.settle(R1, Optional.of(I1));
    Map<String, String> before = h.snapshot();
    io.ocelot.api.model.MachineConfig keysOnly = io.ocelot.api.model.MachineConfigs.copy(R1);
    keysOnly.getMetadata().setName("rendered-worker-3");
    ((com.fasterxml.jackson.databind.node.ObjectNode) keysOnly.getSpec().getConfig())
        .putObject("passwd")
        .putArray("users")
        .addObject()
        .put("name", "core")
        .putArray("sshAuthorizedKeys")
        .add("ssh-ed25519 AAAAkey");
    UpdatePlan rebootless =
        HostFixture.plan(ConfigTarget.layered(R1, I1), ConfigTarget.layered(keysOnly, I1), I1);
    h.checkpoint = haltAt(point, new ArrayList<>());
    boolean halted = run(() -> h.engine().apply(rebootless, Attempt.FIRST));
    restart(h);
    h.recovery().start(Attempt.FIRST);
    CommitMarker m = h.store().marker().orElseThrow();
    assertThat(m.phase()).isEqualTo(CommitMarker.Phase.STABLE);
    assertThat(h.store().journal()).isEmpty();
    if (m.target().config().equals("rendered-worker-1")) {
      assertThat(halted).isTrue();
      assertThat(HostFixture.differences(before, h.snapshot())).isEmpty();
    } else {
      assertThat(m.target()).isEqualTo(new Target("rendered-worker-3", Optional.of(I1)));
      assertThat(h.root.resolve("var/home/core/.ssh/authorized_keys.d/ignition"))
          .hasContent("ssh-ed25519 AAAAkey");
    }
  }

  @FunctionalInterface
  interface Run {
    void run() throws Exception;
  }

  /** Runs until done or halted; true when halted. */
  private static boolean run(Run r) throws Exception {
    try {
      r.run();
      return false;
    } catch (Halt halt) {
      return true;
    }
  }

  private static void restart(HostFixture h) {
    h.checkpoint = Checkpoint.NONE;
    h.restartDaemon();
  }

  private static void assertOnR1(HostFixture h, Map<String, String> before) throws Exception {
    assertThat(HostFixture.differences(before, h.snapshot())).isEmpty();
    assertThat(h.store().journal()).isEmpty();
    assertThat(h.store().marker().orElseThrow())
        .satisfies(
            m -> {
              assertThat(m.phase()).isEqualTo(CommitMarker.Phase.STABLE);
              assertThat(m.target()).isEqualTo(new Target("rendered-worker-1", Optional.of(I1)));
            });
    assertThat(h.fake.image(FakeHost.Slot.STAGED)).isEmpty();
  }
}

package io.ocelot.daemon.txn;

import static io.ocelot.daemon.txn.SeedScenarioTest.BASE;
import static io.ocelot.daemon.txn.SeedScenarioTest.I1;
import static io.ocelot.daemon.txn.SeedScenarioTest.I2;
import static io.ocelot.daemon.txn.SeedScenarioTest.R1;
import static org.assertj.core.api.Assertions.assertThat;

import io.ocelot.api.disruption.ConfigTarget;
import io.ocelot.api.model.MachineConfig;
import io.ocelot.daemon.host.FileHostLock;
import io.ocelot.fakehost.FakeHost;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A sample of {@link CrashSafetyTest}'s points with a real {@code kill -9}: the engine runs in a
 * child JVM ({@link KilledEngine}) that is killed at a durable write; this process then recovers.
 * What the in-process halt cannot show: nothing depends on the JVM unwinding (no finally block, no
 * buffered write, no lock release — the kernel drops the dead process's host lock).
 */
class KillNineTest {
  @TempDir Path dir;

  @ParameterizedTest(name = "kill -9 at write {0} of an apply")
  @ValueSource(ints = {1, 4, 9, 14, 19})
  void aKilledApplyIsRecoveredToTheOldConfig(int point) throws Exception {
    HostFixture h = settled();
    Map<String, String> before = h.snapshot();

    Optional<String> at = runAndKill("apply", point);

    assertThat(at).as("the child reached write %d", point).isPresent();
    h.restartDaemon();
    h.recovery().start(Attempt.FIRST);
    assertOnR1(h, before);
  }

  @Test
  void aSecondKillDuringRecoveryIsRecoveredToo() throws Exception {
    HostFixture h = settled();
    Map<String, String> before = h.snapshot();

    assertThat(runAndKill("apply", 14)).isPresent();
    assertThat(runAndKill("recover", 2)).isPresent();

    h.restartDaemon();
    h.recovery().start(Attempt.FIRST);
    assertOnR1(h, before);
  }

  /** Fails, and the first time only takes its time, saying so in a file: a kill lands in it. */
  static final String SLOW_FAILING_CHECK =
      "#!/bin/sh\n"
          + "ran=\"$(dirname \"$0\")/../../../../run/20-kubelet.ran\"\n"
          + "if [ ! -f \"$ran\" ]; then : > \"$ran\"; sleep 30; fi\n"
          + "echo 'kubelet is not ready' >&2\nexit 1\n";

  /**
   * kill -9 while a boot's health check runs, and at two points of the way back (the marker turned
   * REVERTING, an undo done): the next start still rolls back and reports the check.
   */
  @ParameterizedTest(name = "kill -9 {0}")
  @ValueSource(strings = {"during the check", "2", "5"})
  void aKilledHealthCheckOrRollbackEndsOnTheOldStateReported(String when) throws Exception {
    HostFixture h = settled();
    Map<String, String> before = HealthRollbackTest.config(h);
    MachineConfig bad =
        HealthRollbackTest.withCheck(
            "rendered-worker-2", HealthRollbackTest.KUBELET_CHECK, SLOW_FAILING_CHECK, BASE);
    h.engine()
        .apply(
            HostFixture.plan(ConfigTarget.layered(R1, I1), ConfigTarget.layered(bad, I2), I1),
            Attempt.FIRST);
    h.fake.reboot();
    Path ran = dir.resolve("root/run/20-kubelet.ran");
    if (!when.startsWith("during")) {
      Files.createFile(ran); // the check fails at once: the kill lands on the way back
    }
    Optional<String> at =
        when.startsWith("during") ? runUntil(ran) : runAndKill("recover", Integer.parseInt(when));
    assertThat(at).isPresent();
    if (h.fake.rebootRequested()) {
      h.fake.reboot();
    }
    h.restartDaemon();
    EngineOutcome end =
        HealthRollbackTest.drive(h, h.recovery().start(Attempt.FIRST), new java.util.ArrayList<>());
    FailureRecord f = ((EngineOutcome.Failed) end).failure();
    assertThat(f.phase()).isEqualTo(FailureRecord.Phase.HEALTH_CHECK);
    assertThat(f.cause()).endsWith(": exit 1: \"kubelet is not ready\"");
    assertThat(h.fake.image(FakeHost.Slot.BOOTED)).contains(I1);
    assertThat(HostFixture.differences(before, HealthRollbackTest.config(h))).isEmpty();
    assertThat(h.store().marker().orElseThrow().phase()).isEqualTo(CommitMarker.Phase.STABLE);
  }

  /** Runs a recovery in a child until {@code file} exists (its health check runs), then kills. */
  private Optional<String> runUntil(Path file) throws Exception {
    Process child = child("recover", Integer.MAX_VALUE);
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
    while (!Files.exists(file) && System.nanoTime() < deadline && child.isAlive()) {
      Thread.sleep(20);
    }
    if (!Files.exists(file)) {
      child.destroyForcibly();
      return Optional.empty();
    }
    // SIGKILL to the engine and to the check it runs (a dead engine's check would run on).
    child.descendants().forEach(ProcessHandle::destroyForcibly);
    child.destroyForcibly();
    assertThat(child.waitFor(60, TimeUnit.SECONDS)).isTrue();
    new FileHostLock(dir.resolve("root"), Clock.systemUTC()).acquire("test").close();
    return Optional.of("the health check");
  }

  private HostFixture settled() throws Exception {
    HostFixture h = new HostFixture(dir.resolve("root"), I1);
    h.settle(R1, Optional.of(I1));
    return h;
  }

  /** Runs the child until it reports the write it stopped at, then kills it with SIGKILL. */
  private Optional<String> runAndKill(String mode, int point) throws Exception {
    Process child = child(mode, point);
    Optional<String> at = Optional.empty();
    StringBuilder output = new StringBuilder();
    try (BufferedReader out =
        new BufferedReader(new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8))) {
      for (String line; (line = out.readLine()) != null; ) {
        output.append(line).append('\n');
        if (line.startsWith("AT ")) {
          at = Optional.of(line.substring(3));
          child.destroyForcibly(); // SIGKILL: no shutdown hook, no finally
          break;
        }
      }
    }
    assertThat(child.waitFor(60, TimeUnit.SECONDS)).as(output.toString()).isTrue();
    if (at.isPresent()) {
      assertThat(child.exitValue()).as("killed by SIGKILL").isEqualTo(128 + 9);
      // The kernel released the dead engine's lock: a new engine takes the host at once.
      new FileHostLock(dir.resolve("root"), Clock.systemUTC()).acquire("test").close();
    }
    return at;
  }

  private Process child(String mode, int point) throws Exception {
    return new ProcessBuilder(
            Path.of(System.getProperty("java.home"), "bin", "java").toString(),
            "-cp",
            System.getProperty("java.class.path"),
            KilledEngine.class.getName(),
            mode,
            dir.resolve("root").toString(),
            String.valueOf(point))
        .redirectErrorStream(true)
        .start();
  }

  private static void assertOnR1(HostFixture h, Map<String, String> before) throws Exception {
    assertThat(HostFixture.differences(before, h.snapshot())).isEmpty();
    assertThat(h.store().journal()).isEmpty();
    CommitMarker m = h.store().marker().orElseThrow();
    assertThat(m.phase()).isEqualTo(CommitMarker.Phase.STABLE);
    assertThat(m.target()).isEqualTo(new Target("rendered-worker-1", Optional.of(I1)));
    assertThat(h.fake.image(FakeHost.Slot.STAGED)).isEmpty();
  }
}

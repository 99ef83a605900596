package io.ocelot.daemon.txn;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class FailureRecordTest {
  static final Target R1 = new Target("rendered-worker-1", Optional.of("img@sha256:1"));
  static final Target R2 = new Target("rendered-worker-2", Optional.of("img@sha256:2"));

  static FailureRecord record(String cause, List<FailureRecord.RollbackStep> steps) {
    Instant t = Instant.parse("2026-12-02T12:00:00Z");
    return new FailureRecord(
        FailureRecord.Phase.REBOOT,
        "request reboot",
        Optional.of("systemd-run ..."),
        Optional.of(127),
        "systemd-run: command not found",
        cause,
        steps,
        3,
        t,
        t,
        R2,
        R1,
        Optional.empty(),
        List.of(),
        0,
        Optional.empty());
  }

  static FailureRecord.RollbackStep step(Category c, FailureRecord.Outcome o) {
    return new FailureRecord.RollbackStep(
        "step " + c,
        c,
        o,
        o == FailureRecord.Outcome.FAILED ? Optional.of("boom") : Optional.empty());
  }

  @Test
  void messageLeadsWithTheCauseAndNeverExceeds2000Characters() {
    String huge = "reboot command failed: " + "x".repeat(5000);
    FailureRecord r =
        record(
            huge,
            List.of(
                step(Category.IMAGE, FailureRecord.Outcome.REVERTED),
                step(Category.FILE, FailureRecord.Outcome.REVERTED)));
    assertThat(r.message()).hasSizeLessThanOrEqualTo(2000).startsWith("reboot command failed: xxx");
    assertThat(r.message())
        .contains("...; rolled back 2 steps (staged image discarded, 1 file restored)");
  }

  @Test
  void failedUndosAreListedAndTheNodeIsNotSaidToBeBack() {
    FailureRecord r =
        record(
            "reboot command failed",
            List.of(
                step(Category.UNIT, FailureRecord.Outcome.FAILED),
                step(Category.FILE, FailureRecord.Outcome.REVERTED),
                step(Category.DRAIN, FailureRecord.Outcome.NOT_NEEDED)));
    assertThat(r.message())
        .isEqualTo(
            "reboot command failed; rolled back 1 step (1 file restored); could not undo 1 step: step UNIT:"
                + " boom; rollback incomplete: the node is between MachineConfig rendered-worker-1 /"
                + " image img@sha256:1 and MachineConfig rendered-worker-2 / image img@sha256:2");
  }

  @Test
  void jsonRoundTrip() {
    FailureRecord r =
        record(
            "reboot command failed", List.of(step(Category.IMAGE, FailureRecord.Outcome.REVERTED)));
    assertThat(FailureJson.read(FailureJson.write(r))).isEqualTo(r);
    assertThat(FailureJson.write(r).path("rollback").get(0).path("outcome").asText())
        .isEqualTo("reverted");
    assertThat(FailureJson.write(r).path("phase").asText()).isEqualTo("reboot");
  }

  /** The engine's record of a failure at {@code step}, after {@code previous}. */
  static FailureRecord after(
      FailureRecord previous, FailureRecord.Phase phase, String step, String cause) {
    Instant t = Instant.parse("2026-12-02T12:00:00Z");
    return Failures.of(
        phase, step, cause, Optional.empty(), List.of(), Attempt.after(previous), t, R2, R1);
  }

  @Test
  void bootsIntoTheTargetAddUpOverTheIncidentAndSurviveJson() {
    FailureRecord.Phase check = FailureRecord.Phase.HEALTH_CHECK;
    String step = "health check 20-kubelet.sh";
    FailureRecord first =
        after(record("reboot command failed", List.of()), check, step, step + " failed");
    assertThat(first.boots()).isEqualTo(1);
    assertThat(first.attempt()).isEqualTo(4);
    FailureRecord again = after(first, check, step, step + " failed");
    assertThat(again.boots()).isEqualTo(2);
    // A failure before the boot costs none but keeps the count.
    FailureRecord pull =
        after(again, FailureRecord.Phase.PREPARE, "stage OS image", "failed to update OS");
    assertThat(pull.boots()).isEqualTo(2);
    assertThat(FailureJson.read(FailureJson.write(again))).isEqualTo(again);
    assertThat(FailureJson.write(again).path("retryCost").asText()).isEqualTo("proven-bad");
    // A record written before boots were counted reads as none.
    assertThat(FailureJson.read(FailureJson.write(again).without("boots")).boots()).isZero();
  }

  @Test
  void aRetryOfTheSameIncidentKeepsWhenItStarted() {
    FailureRecord first = record("reboot command failed", List.of());
    Instant later = Instant.parse("2026-12-02T13:00:00Z");
    FailureRecord again =
        new FailureRecord(
            first.phase(),
            first.step(),
            first.command(),
            first.exitCode(),
            first.stderrTail(),
            first.cause(),
            List.of(),
            4,
            later,
            later,
            R2,
            R1,
            Optional.empty(),
            List.of(),
            0,
            Optional.empty());
    assertThat(again.continuing(first).firstFailedAt()).isEqualTo(first.firstFailedAt());
    FailureRecord different =
        new FailureRecord(
            FailureRecord.Phase.PREPARE,
            "stage OS image",
            Optional.empty(),
            Optional.empty(),
            "",
            "failed to update OS",
            List.of(),
            4,
            later,
            later,
            R2,
            R1,
            Optional.empty(),
            List.of(),
            0,
            Optional.empty());
    assertThat(different.continuing(first).firstFailedAt()).isEqualTo(later);
    assertThat(different.continuing(first).replacedCause()).contains("reboot command failed");
    assertThat(different.continuing(first).message())
        .endsWith("(replaces the earlier failure: reboot command failed)");
    assertThat(again.continuing(first).replacedCause()).isEmpty();
  }

  @Test
  void theSummaryNamesEveryKindOfStepUndone() {
    List<FailureRecord.RollbackStep> steps = new java.util.ArrayList<>();
    for (Category c : Category.values()) {
      steps.add(step(c, FailureRecord.Outcome.REVERTED));
    }
    steps.add(step(Category.FILE, FailureRecord.Outcome.REVERTED));
    steps.add(step(Category.SERVICE, FailureRecord.Outcome.REVERTED));
    steps.add(step(Category.UNIT, FailureRecord.Outcome.NOT_NEEDED));
    assertThat(FailureMessage.rollbackSummary(record("c", steps)))
        .isEqualTo(
            "rolled back 13 steps (staged image discarded, staged kernel switch discarded, staged"
                + " extensions discarded, staged kernel arguments discarded, revert artifacts"
                + " removed, 2 files, 1 unit, SSH keys and password hash restored, 2 service"
                + " actions run again on the restored files)");
    assertThat(
            FailureMessage.rollbackSummary(
                record("c", List.of(step(Category.SERVICE, FailureRecord.Outcome.REVERTED)))))
        .isEqualTo("rolled back 1 step (1 service action run again on the restored files)");
  }

  @Test
  void nothingUndoneIsSaidAndNoStepsAtAllSayNothing() {
    assertThat(
            FailureMessage.rollbackSummary(
                record("c", List.of(step(Category.DRAIN, FailureRecord.Outcome.NOT_NEEDED)))))
        .isEqualTo("nothing to roll back");
    assertThat(FailureMessage.rollbackSummary(record("c", List.of()))).isEmpty();
    assertThat(record("c", List.of()).message())
        .isEqualTo("c; node remains on MachineConfig rendered-worker-1 / image img@sha256:1");
    assertThat(
            FailureMessage.rollbackSummary(
                record(
                    "c",
                    List.of(
                        step(Category.FILE, FailureRecord.Outcome.FAILED),
                        step(Category.UNIT, FailureRecord.Outcome.FAILED)))))
        .isEqualTo("could not undo 2 steps: step FILE: boom; step UNIT: boom");
  }

  @Test
  void aCauseIsCutAt1400CharactersExactly() {
    String at = "x".repeat(1400);
    assertThat(record(at, List.of()).message()).startsWith(at + "; node remains on");
    String over = "y".repeat(1401);
    assertThat(record(over, List.of()).message())
        .startsWith("y".repeat(1397) + "...; node remains on");
  }
}

package io.ocelot.daemon.sync;

import static org.assertj.core.api.Assertions.assertThat;

import io.ocelot.daemon.txn.FailureRecord;
import io.ocelot.daemon.txn.RetryCost;
import io.ocelot.daemon.txn.Target;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The retry table of docs/daemon.md, one test per row (pure). */
class RetryPolicyTest {
  static final Instant FAILED = Instant.parse("2026-12-06T12:00:00Z");
  static final Target R1 = new Target("rendered-1", Optional.empty());
  static final Target R2 = new Target("rendered-2", Optional.of("img@sha256:2"));
  static final RetrySettings S = RetrySettings.DEFAULTS;

  static FailureRecord failed(FailureRecord.Phase phase, String step, int attempt, int boots) {
    return new FailureRecord(
        phase,
        step,
        Optional.empty(),
        Optional.of(1),
        "",
        step + " failed",
        List.of(),
        attempt,
        FAILED.minusSeconds(600),
        FAILED,
        R2,
        R1,
        Optional.empty(),
        List.of(),
        boots,
        Optional.empty());
  }

  @Test
  void aFailureBeforeAnyBootIsRetriedWithMcosBackoffUntilFixed() {
    for (FailureRecord f :
        List.of(
            failed(FailureRecord.Phase.REBOOT, "request reboot", 4, 0),
            failed(FailureRecord.Phase.PREPARE, "stage OS image img@sha256:2", 4, 0),
            failed(FailureRecord.Phase.POST_ACTION, "reload crio.service", 4, 0),
            failed(FailureRecord.Phase.FINALIZE, "validate on-disk state", 4, 0))) {
      assertThat(f.retryCost()).as(f.step()).isEqualTo(RetryCost.NONE);
      assertThat(RetryPolicy.after(f, S))
          .as(f.step())
          .isEqualTo(new RetryPolicy.Retry(R2, FAILED.plusSeconds(8)));
    }
    // No limit: the fortieth attempt waits the cap and goes again.
    assertThat(RetryPolicy.after(failed(FailureRecord.Phase.REBOOT, "request reboot", 40, 0), S))
        .isEqualTo(new RetryPolicy.Retry(R2, FAILED.plusSeconds(60)));
  }

  @Test
  void aBootThatProvedTheTargetBadHoldsItAtOnce() {
    for (FailureRecord f :
        List.of(
            failed(FailureRecord.Phase.HEALTH_CHECK, "health check 20-kubelet.sh", 1, 1),
            failed(FailureRecord.Phase.FINALIZE, FailureRecord.VALIDATE_BOOT, 1, 1))) {
      assertThat(f.retryCost()).as(f.step()).isEqualTo(RetryCost.PROVEN_BAD);
      RetryPolicy.Rule rule = RetryPolicy.after(f, S);
      assertThat(rule)
          .as(f.step())
          .isEqualTo(
              new RetryPolicy.Hold(
                  new TargetHold(
                      R2,
                      RetryCost.PROVEN_BAD,
                      1,
                      FAILED,
                      "its boot on this node failed (" + f.step() + ")")));
    }
  }

  @Test
  void aBootThatOnlySpentItselfIsRetriedOnTheBootBackoffWithinTheBudget() {
    FailureRecord first = failed(FailureRecord.Phase.HEALTH_CHECK, "health check node-ready", 1, 1);
    assertThat(first.retryCost()).isEqualTo(RetryCost.BOOT);
    assertThat(RetryPolicy.after(first, S))
        .isEqualTo(new RetryPolicy.Retry(R2, FAILED.plus(Duration.ofMinutes(5))));
    FailureRecord second =
        failed(FailureRecord.Phase.HEALTH_CHECK, "health check node-ready", 2, 2);
    assertThat(RetryPolicy.after(second, S))
        .isEqualTo(new RetryPolicy.Retry(R2, FAILED.plus(Duration.ofMinutes(10))));
    FailureRecord third = failed(FailureRecord.Phase.HEALTH_CHECK, "health check node-ready", 5, 3);
    assertThat(RetryPolicy.after(third, S))
        .isEqualTo(
            new RetryPolicy.Hold(
                new TargetHold(
                    R2,
                    RetryCost.BOOT,
                    3,
                    FAILED,
                    "it spent 3 boots on this node without becoming healthy (the budget is 3)")));
  }

  @Test
  void theHoldsReasonKeepsTheCauseFirstAndFitsTheAnnotation() {
    TargetHold hold = new TargetHold(R2, RetryCost.PROVEN_BAD, 1, FAILED, "its boot failed");
    String reason = hold.reason("x".repeat(3000), "worker-0");
    assertThat(reason).hasSize(2000).startsWith("xxx");
    assertThat(reason)
        .endsWith(
            "...; held: node worker-0 will not apply MachineConfig rendered-2 / image"
                + " img@sha256:2 again by itself because its boot failed; it tries again when its"
                + " desired config or image changes, or after 'ocelot rollout retry worker-0'");
    assertThat(hold.reason("short", "worker-0")).startsWith("short; held: ");
  }
}

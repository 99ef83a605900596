package io.ocelot.daemon.sync;

import static org.assertj.core.api.Assertions.assertThat;

import io.ocelot.daemon.txn.FailureRecord;
import io.ocelot.daemon.txn.Target;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The sync loop's failure backoff: per target, doubling, and counting across reboots. */
class RetryBackoffTest {
  static final Instant NOW = Instant.parse("2026-12-05T20:00:00Z");
  static final RetrySettings SETTINGS = RetrySettings.DEFAULTS;
  static final Target R1 = new Target("rendered-1", Optional.empty());
  static final Target R2 = new Target("rendered-2", Optional.empty());

  static FailureRecord attempt(int n, Target target) {
    return new FailureRecord(
        FailureRecord.Phase.REBOOT,
        "request reboot",
        Optional.empty(),
        Optional.of(1),
        "kubelet is not ready",
        "health check 20-kubelet.sh failed",
        List.of(),
        n,
        NOW.minusSeconds(600),
        NOW,
        target,
        R1,
        Optional.empty(),
        List.of(),
        0,
        Optional.empty());
  }

  @Test
  void failuresOfOneTargetDoubleTheDelayAndANewTargetStartsAgain() {
    RetryBackoff b = RetryBackoff.NONE;
    b = b.failed(R2, Optional.empty(), NOW, SETTINGS);
    assertThat(b.delayFrom(NOW)).isEqualTo(Duration.ofSeconds(1));
    b = b.failed(R2, Optional.empty(), NOW, SETTINGS);
    b = b.failed(R2, Optional.empty(), NOW, SETTINGS);
    assertThat(b.delayFrom(NOW)).isEqualTo(Duration.ofSeconds(4));
    b = b.failed(R1, Optional.empty(), NOW, SETTINGS);
    assertThat(b.target()).contains(R1);
    assertThat(b.delayFrom(NOW)).isEqualTo(Duration.ofSeconds(1));
  }

  @Test
  void aFreshProcessCountsFromTheFailureRecordsAttemptNumber() {
    // The boot after the fifth failed attempt: the process's own count is zero.
    RetryBackoff b = RetryBackoff.NONE.failed(R2, Optional.of(attempt(5, R2)), NOW, SETTINGS);
    assertThat(b.failures()).isEqualTo(5);
    assertThat(b.delayFrom(NOW)).isEqualTo(Duration.ofSeconds(16));
    assertThat(b.nextAttempt()).isEqualTo(NOW.plusSeconds(16));
    // The cap still holds.
    assertThat(
            RetryBackoff.NONE
                .failed(R2, Optional.of(attempt(40, R2)), NOW, SETTINGS)
                .delayFrom(NOW))
        .isEqualTo(Duration.ofSeconds(60));
  }

  @Test
  void aRecordOfAnotherTargetDoesNotCount() {
    RetryBackoff b = RetryBackoff.NONE.failed(R1, Optional.of(attempt(5, R2)), NOW, SETTINGS);
    assertThat(b.failures()).isEqualTo(1);
  }

  @Test
  void theProcessCountWinsWhenItIsHigher() {
    RetryBackoff b = RetryBackoff.NONE;
    for (int i = 0; i < 3; i++) {
      b = b.failed(R2, Optional.empty(), NOW, SETTINGS);
    }
    b = b.failed(R2, Optional.of(attempt(1, R2)), NOW, SETTINGS);
    assertThat(b.failures()).isEqualTo(4);
  }

  @Test
  void aSyncThatCouldNotObserveCountsOneMoreForTheSameTarget() {
    RetryBackoff b = RetryBackoff.NONE.failed(R2, Optional.empty(), NOW, SETTINGS);
    b = b.again(NOW, SETTINGS);
    assertThat(b.target()).contains(R2);
    assertThat(b.delayFrom(NOW)).isEqualTo(Duration.ofSeconds(2));
    assertThat(b.delayFrom(NOW.plusSeconds(5))).isEqualTo(Duration.ZERO);
  }
}

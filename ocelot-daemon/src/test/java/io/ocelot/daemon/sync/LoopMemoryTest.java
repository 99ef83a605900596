package io.ocelot.daemon.sync;

import static org.assertj.core.api.Assertions.assertThat;

import io.ocelot.daemon.txn.Attempt;
import io.ocelot.daemon.txn.FailureJson;
import io.ocelot.daemon.txn.FailureRecord;
import io.ocelot.daemon.txn.Target;
import java.time.Instant;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The sync loop's memory between syncs: one value, replaced whole. */
class LoopMemoryTest {
  static final Instant NOW = RetryBackoffTest.NOW;
  static final Target R2 = RetryBackoffTest.R2;
  static final RetrySettings S = RetrySettings.DEFAULTS;

  @Test
  void aFailureCarriesItsAttemptIntoTheNextUpdateOfTheSameTargetOnly() {
    FailureRecord third = RetryBackoffTest.attempt(3, R2);
    LoopMemory m = LoopMemory.FRESH.failed(R2, Optional.of(third), NOW, S);
    assertThat(m.attempt(Optional.of(R2))).isEqualTo(Attempt.after(third));
    assertThat(m.attempt(Optional.of(RetryBackoffTest.R1))).isEqualTo(Attempt.FIRST);
    assertThat(m.backoff().delayFrom(NOW)).isPositive();
    // A failure without a record (an API error) keeps the record it had.
    assertThat(m.failed(R2, Optional.empty(), NOW, S).lastFailure()).contains(third);
    assertThat(m.noBackoff().backoff()).isEqualTo(RetryBackoff.NONE);
    assertThat(m.noBackoff().lastFailure()).contains(third);
    assertThat(m.settled()).isEqualTo(LoopMemory.FRESH);
  }

  @Test
  void aFreshProcessRemembersThePreviousProcesssReportUnlessItKnowsBetter() {
    FailureRecord second = RetryBackoffTest.attempt(2, R2);
    String annotation = FailureJson.write(second).toString();
    LoopMemory fresh = LoopMemory.FRESH.remembering(Optional.of(annotation));
    assertThat(fresh.lastFailure()).contains(second);
    assertThat(LoopMemory.FRESH.remembering(Optional.of("{not json"))).isEqualTo(LoopMemory.FRESH);
    FailureRecord third = RetryBackoffTest.attempt(3, R2);
    LoopMemory known = LoopMemory.FRESH.failed(R2, Optional.of(third), NOW, S);
    assertThat(known.remembering(Optional.of(annotation)).lastFailure()).contains(third);
    assertThat(known.rebooting().rebootRequested()).isTrue();
  }
}

package io.ocelot.controller;

import static org.assertj.core.api.Assertions.assertThat;

import io.javaoperatorsdk.operator.processing.retry.RetryExecution;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class ForeverRetryTest {
  @Test
  void oneSecondDoublingToAMinuteAndNeverGivingUp() {
    RetryExecution r = ForeverRetry.defaults().initExecution();
    assertThat(IntStream.range(0, 9).mapToObj(i -> r.nextDelay().orElseThrow()))
        .containsExactly(1000L, 2000L, 4000L, 8000L, 16000L, 32000L, 60000L, 60000L, 60000L);
    IntStream.range(0, 1000).forEach(i -> r.nextDelay());
    assertThat(r.nextDelay()).contains(60000L);
    assertThat(r.isLastAttempt()).isFalse();
    assertThat(r.getAttemptCount()).isEqualTo(1010);
  }
}

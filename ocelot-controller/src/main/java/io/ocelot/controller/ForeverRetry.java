package io.ocelot.controller;

import io.javaoperatorsdk.operator.processing.retry.Retry;
import io.javaoperatorsdk.operator.processing.retry.RetryExecution;
import java.time.Duration;
import java.util.Optional;

/**
 * Retry of a failed reconcile as MCO retries a failed sync: after {@code first}, doubling, capped
 * at {@code cap}, never giving up (JOSDK's default gives up after a few attempts and then waits for
 * the next event, up to 10 h when nothing else changes).
 */
public record ForeverRetry(Duration first, Duration cap) implements Retry {

  public static ForeverRetry defaults() {
    return new ForeverRetry(Duration.ofSeconds(1), Duration.ofSeconds(60));
  }

  @Override
  public RetryExecution initExecution() {
    return new RetryExecution() {
      private int attempts;

      @Override
      public Optional<Long> nextDelay() {
        attempts++;
        return Optional.of(delay(attempts).toMillis());
      }

      @Override
      public int getAttemptCount() {
        return attempts;
      }

      @Override
      public boolean isLastAttempt() {
        return false;
      }
    };
  }

  /** The wait before retry number {@code n} (1-based). */
  Duration delay(int n) {
    Duration d = first.multipliedBy(1L << Math.min(n - 1, 30));
    return d.compareTo(cap) > 0 ? cap : d;
  }
}

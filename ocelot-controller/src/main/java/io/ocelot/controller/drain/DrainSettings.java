package io.ocelot.controller.drain;

import java.time.Duration;

/**
 * How the drain controller retries. A blocked drain is retried after {@code firstRetry}, doubling
 * up to {@code retry}; once it has failed for {@code failingAfter} the cap becomes {@code
 * failingRetry}. A drain whose evictions were all accepted looks again every {@code
 * terminatingPoll} until the pods are gone (it is not failing, only waiting). After {@code timeout}
 * it is reported ({@code mcc_drain_err}, an event) and still retried. MCO's values: 1 h, 1 min, 10
 * min, 5 min (it starts at 1 min; Ocelot starts sooner).
 */
public record DrainSettings(
    Duration timeout,
    Duration firstRetry,
    Duration retry,
    Duration failingAfter,
    Duration failingRetry,
    Duration terminatingPoll) {

  /**
   * With evicted pods still terminating every {@link #TERMINATING_POLL} (kubectl drain's wait for
   * deletion): nothing is refused then, the drain is only waiting for its end.
   */
  public DrainSettings(
      Duration timeout,
      Duration firstRetry,
      Duration retry,
      Duration failingAfter,
      Duration failingRetry) {
    this(timeout, firstRetry, retry, failingAfter, failingRetry, TERMINATING_POLL);
  }

  public static final Duration TERMINATING_POLL = Duration.ofSeconds(1);

  public static DrainSettings defaults() {
    return new DrainSettings(
        Duration.ofHours(1),
        Duration.ofSeconds(1),
        Duration.ofMinutes(1),
        Duration.ofMinutes(10),
        Duration.ofMinutes(5));
  }

  /** The delay before retry number {@code attempt} (1-based) of a drain failing for {@code age}. */
  public Duration delay(int attempt, Duration age) {
    Duration cap = age.compareTo(failingAfter) > 0 ? failingRetry : retry;
    Duration d = firstRetry.multipliedBy(1L << Math.min(attempt - 1, 30));
    return d.compareTo(cap) > 0 ? cap : d;
  }
}

package io.ocelot.controller.drain;

import java.time.Duration;

/**
 * How the drain controller retries. A blocked drain is retried after {@code firstRetry}, doubling
 * up to {@code retry}; once it has failed for {@code failingAfter} the cap becomes {@code
 * failingRetry}. After {@code timeout} it is reported ({@code mcc_drain_err}, an event) and still
 * retried. MCO's values: 1 h, 1 min, 10 min, 5 min (it starts at 1 min; Ocelot starts sooner).
 */
public record DrainSettings(
    Duration timeout,
    Duration firstRetry,
    Duration retry,
    Duration failingAfter,
    Duration failingRetry) {

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

package io.ocelot.bench;

import java.io.IOException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.function.BooleanSupplier;

/**
 * How every benchmark waits and tells time: it asks a condition until a deadline (on an injected
 * clock), and says durations in seconds.
 */
final class Waits {
  /**
   * A condition that may not be readable yet: an IOException (a log not written, a port not
   * listening) counts as "not yet".
   */
  @FunctionalInterface
  interface Check {
    boolean holds() throws IOException, InterruptedException;
  }

  /** What {@link #first} looks for: present once seen. */
  @FunctionalInterface
  interface Look<T> {
    Optional<T> seen() throws InterruptedException;
  }

  private static final Duration EVERY = Duration.ofMillis(50);

  private final Clock clock;

  Waits(Clock clock) {
    this.clock = clock;
  }

  Instant now() {
    return clock.instant();
  }

  /** True once {@code check} holds; false when the deadline passes first. */
  boolean until(Check check, Instant deadline) throws InterruptedException {
    return until(check, deadline, EVERY, () -> true);
  }

  /**
   * True once {@code check} holds, asked every {@code every}; false when the deadline passes first
   * or {@code alive} stops holding (the process measured died).
   */
  boolean until(Check check, Instant deadline, Duration every, BooleanSupplier alive)
      throws InterruptedException {
    while (true) {
      try {
        if (check.holds()) {
          return true;
        }
      } catch (IOException e) {
        // not readable yet: ask again
      }
      if (!alive.getAsBoolean() || clock.instant().isAfter(deadline)) {
        return false;
      }
      Thread.sleep(every.toMillis());
    }
  }

  /** The first value {@code look} sees before the deadline, or empty. */
  <T> Optional<T> first(Look<T> look, Instant deadline) throws InterruptedException {
    while (clock.instant().isBefore(deadline)) {
      Optional<T> seen = look.seen();
      if (seen.isPresent()) {
        return seen;
      }
      Thread.sleep(EVERY.toMillis());
    }
    return Optional.empty();
  }

  /** The time since {@code start}, in seconds with two decimals. */
  String since(Instant start) {
    return seconds(Duration.between(start, clock.instant()));
  }

  static String seconds(Duration d) {
    return String.format("%.2f s", d.toMillis() / 1000.0);
  }

  /** Sleeps; an interrupt ends the benchmark. */
  static void pause(Duration d) {
    try {
      Thread.sleep(d.toMillis());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }
}

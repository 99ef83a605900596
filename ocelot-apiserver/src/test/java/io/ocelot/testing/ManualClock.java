package io.ocelot.testing;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;

/**
 * A clock a test moves by hand (a maintenance window opens, a soak or a timeout ends, without
 * waiting): standing still at an instant, or running like the wall clock from a start the test
 * picks.
 */
public final class ManualClock extends Clock {
  private final boolean running;
  private volatile Instant base;
  private volatile Duration moved = Duration.ZERO;

  private ManualClock(Instant base, boolean running) {
    this.base = base;
    this.running = running;
  }

  /** Stands at {@code now} until moved. */
  public static ManualClock at(Instant now) {
    return new ManualClock(now, false);
  }

  /** Runs like the wall clock, from {@code start} on (for code that also needs time to pass). */
  public static ManualClock runningFrom(Instant start) {
    ManualClock c = new ManualClock(Instant.now(), true);
    c.moved = Duration.between(Instant.now(), start);
    return c;
  }

  public void advance(Duration d) {
    moved = moved.plus(d);
  }

  @Override
  public Instant instant() {
    return (running ? Instant.now() : base).plus(moved);
  }

  @Override
  public ZoneId getZone() {
    return ZoneOffset.UTC;
  }

  @Override
  public Clock withZone(ZoneId zone) {
    return this;
  }
}

package io.ocelot.sim;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;

/**
 * The wall clock, shifted: it runs like real time from a start the test picks, and the test moves
 * it ahead (a maintenance window opens, a soak ends) without waiting.
 */
final class OffsetClock extends Clock {
  private volatile Duration offset;

  OffsetClock(Instant start) {
    this.offset = Duration.between(Instant.now(), start);
  }

  void advance(Duration d) {
    offset = offset.plus(d);
  }

  @Override
  public Instant instant() {
    return Instant.now().plus(offset);
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

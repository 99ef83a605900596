package io.ocelot.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class WaitsTest {
  private static final Instant T0 = Instant.parse("2026-12-06T00:00:00Z");

  /** A clock one second further on every time it is read. */
  private static final class Ticking extends Clock {
    private final AtomicInteger reads = new AtomicInteger();

    @Override
    public Instant instant() {
      return T0.plusSeconds(reads.getAndIncrement());
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

  private final Waits waits = new Waits(new Ticking());

  @Test
  void untilAsksAgainUntilTheCheckHoldsAndCountsUnreadableAsNotYet() throws Exception {
    AtomicInteger asked = new AtomicInteger();
    boolean held =
        waits.until(
            () -> {
              int n = asked.incrementAndGet();
              if (n == 1) {
                throw new IOException("log not written yet");
              }
              return n == 3;
            },
            T0.plusSeconds(60),
            Duration.ofMillis(1),
            () -> true);
    assertThat(held).isTrue();
    assertThat(asked).hasValue(3);
  }

  @Test
  void untilGivesUpAtTheDeadlineOrWhenTheProcessDied() throws Exception {
    AtomicInteger asked = new AtomicInteger();
    assertThat(
            waits.until(
                () -> asked.incrementAndGet() < 0, T0.plusSeconds(3), Duration.ZERO, () -> true))
        .isFalse();
    // The clock is read once per ask: asked at 0, 1, 2, 3 s and given up after the 4th read.
    assertThat(asked.get()).isBetween(3, 5);
    assertThat(waits.until(() -> false, T0.plusSeconds(3600), Duration.ZERO, () -> false))
        .isFalse();
  }

  @Test
  void firstReturnsWhatIsSeenBeforeTheDeadline() throws Exception {
    AtomicInteger asked = new AtomicInteger();
    assertThat(
            waits.first(
                () ->
                    asked.incrementAndGet() == 2
                        ? Optional.of("rendered-worker-2")
                        : Optional.empty(),
                T0.plusSeconds(3600)))
        .contains("rendered-worker-2");
    assertThat(waits.first(Optional::empty, T0)).isEmpty();
  }

  @Test
  void secondsHaveTwoDecimals() {
    assertThat(Waits.seconds(Duration.ofMillis(1234))).isEqualTo("1.23 s");
  }
}

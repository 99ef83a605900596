package io.ocelot.controller.render;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The render quiet period: a burst of changes is adopted once, when it has settled. */
class RenderDebounceTest {
  Instant now = Instant.parse("2026-12-04T10:00:00Z");
  final RenderDebounce debounce =
      new RenderDebounce(
          Duration.ofSeconds(5),
          new Clock() {
            @Override
            public ZoneOffset getZone() {
              return ZoneOffset.UTC;
            }

            @Override
            public Clock withZone(java.time.ZoneId zone) {
              return this;
            }

            @Override
            public Instant instant() {
              return now;
            }
          });
  static final Optional<String> CURRENT = Optional.of("rendered-worker-1");

  @Test
  void aPoolsFirstRenderAndItsCurrentConfigAreNotDelayed() {
    assertThat(debounce.waitFor("pool", "rendered-worker-1", Optional.empty())).isEmpty();
    assertThat(debounce.waitFor("pool", "rendered-worker-1", CURRENT)).isEmpty();
  }

  @Test
  void aNewRenderWaitsForTheQuietPeriodAndEachFurtherChangeRestartsIt() {
    assertThat(debounce.waitFor("pool", "rendered-worker-2", CURRENT))
        .contains(Duration.ofSeconds(5));
    now = now.plusSeconds(3);
    assertThat(debounce.waitFor("pool", "rendered-worker-2", CURRENT))
        .contains(Duration.ofSeconds(2));
    // The second MachineConfig of the burst: another render, the quiet period starts again.
    assertThat(debounce.waitFor("pool", "rendered-worker-3", CURRENT))
        .contains(Duration.ofSeconds(5));
    now = now.plusSeconds(5);
    assertThat(debounce.waitFor("pool", "rendered-worker-3", CURRENT)).isEmpty();
    // Adopted: the pool's current config is the render.
    assertThat(debounce.waitFor("pool", "rendered-worker-3", Optional.of("rendered-worker-3")))
        .isEmpty();
  }

  @Test
  void poolsWaitEachOnTheirOwnAndZeroRendersAtOnce() {
    assertThat(debounce.waitFor("a", "rendered-a-2", Optional.of("rendered-a-1"))).isPresent();
    now = now.plusSeconds(4);
    assertThat(debounce.waitFor("b", "rendered-b-2", Optional.of("rendered-b-1")))
        .contains(Duration.ofSeconds(5));
    assertThat(
            new RenderDebounce(Duration.ZERO, Clock.systemUTC())
                .waitFor("a", "rendered-a-2", Optional.of("rendered-a-1")))
        .isEmpty();
  }
}

package io.ocelot.controller.policy;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class SoakTest {
  static final Instant T = Instant.parse("2026-12-05T12:00:00Z");

  @Test
  void theFirstBatchDoesNotWaitAndNoSoakNeverWaits() {
    assertThat(Soak.evaluate(List.of(), Duration.ofMinutes(10), T)).isEmpty();
    assertThat(
            Soak.evaluate(
                List.of(new Soak.Updated("worker-0", T, true)), Duration.ZERO, T.plusSeconds(1)))
        .isEmpty();
  }

  @Test
  void theNextNodeWaitsUntilTheLastUpdatedOneSoakedItsTime() {
    List<Soak.Updated> updated =
        List.of(
            new Soak.Updated("worker-0", T, true),
            new Soak.Updated("worker-1", T.plus(Duration.ofMinutes(2)), true));
    Soak.Wait w =
        Soak.evaluate(updated, Duration.ofMinutes(10), T.plus(Duration.ofMinutes(5))).orElseThrow();
    assertThat(w.message())
        .isEqualTo(
            "soak: worker-1 took the update at 2026-12-05T12:02:00Z; the next node starts in 7m");
    assertThat(w.until()).contains(T.plus(Duration.ofMinutes(12)));
    assertThat(Soak.evaluate(updated, Duration.ofMinutes(10), T.plus(Duration.ofMinutes(12))))
        .isEmpty();
  }

  @Test
  void anUnhealthyUpdatedNodeHoldsTheNextWhateverTheTime() {
    Soak.Wait w =
        Soak.evaluate(
                List.of(new Soak.Updated("worker-0", T, false)),
                Duration.ofMinutes(1),
                T.plus(Duration.ofHours(1)))
            .orElseThrow();
    assertThat(w.message()).isEqualTo("soak: waiting for updated nodes to be healthy: worker-0");
    assertThat(w.until()).isEmpty();
  }

  @Test
  void soakTimesInThePoliciesWords() {
    assertThat(Soak.of(Optional.of("1h30m"))).isEqualTo(Duration.ofMinutes(90));
    assertThat(Soak.of(Optional.empty())).isEqualTo(Duration.ZERO);
  }
}

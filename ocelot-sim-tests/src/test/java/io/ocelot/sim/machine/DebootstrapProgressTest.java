package io.ocelot.sim.machine;

import static org.assertj.core.api.Assertions.assertThat;

import io.ocelot.testing.ManualClock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class DebootstrapProgressTest {
  private final List<String> said = new ArrayList<>();
  private final ManualClock clock = ManualClock.at(Instant.parse("2026-12-06T10:00:00Z"));

  private DebootstrapProgress progress() {
    return new DebootstrapProgress(said::add, clock, clock.instant(), Duration.ofSeconds(15));
  }

  @Test
  void saysTheFirstLineOfEachStageWithItsSeconds() {
    DebootstrapProgress p = progress();
    p.accept("I: Retrieving InRelease");
    p.accept("I: Validating Packages");
    p.accept("I: Retrieving adduser 3.134");
    clock.advance(Duration.ofSeconds(20));
    p.accept("I: Extracting adduser...");
    p.accept("I: Extracting apt...");

    assertThat(said)
        .containsExactly(
            "machine base: I: Retrieving InRelease (0 s)",
            "machine base: I: Extracting adduser... (20 s)");
    assertThat(p.last()).isEqualTo("I: Extracting apt...");
  }

  @Test
  void aLongStageIsReportedAgainNowAndThen() {
    DebootstrapProgress p = progress();
    p.accept("I: Retrieving a");
    clock.advance(Duration.ofSeconds(16));
    p.accept("I: Validating b");
    p.accept("I: Retrieving c");

    assertThat(said)
        .containsExactly(
            "machine base: I: Retrieving a (0 s)", "machine base: I: Validating b (16 s)");
  }

  @Test
  void aWarningOrErrorIsAlwaysSaid() {
    DebootstrapProgress p = progress();
    p.accept("I: Retrieving a");
    p.accept("E: Couldn't download http://deb.debian.org/debian/dists/bookworm/InRelease");

    assertThat(said).hasSize(2).last().asString().startsWith("machine base: E: Couldn't");
  }
}

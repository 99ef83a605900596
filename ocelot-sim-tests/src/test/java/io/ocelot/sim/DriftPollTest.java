package io.ocelot.sim;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class DriftPollTest {
  @Test
  void smallFleetsPollEveryTwoSecondsLargeOnesKeepTheFleetAt500ChecksASecond() {
    assertThat(SimCluster.driftPoll(3)).isEqualTo(Duration.ofSeconds(2));
    assertThat(SimCluster.driftPoll(1000)).isEqualTo(Duration.ofSeconds(2));
    assertThat(SimCluster.driftPoll(5000)).isEqualTo(Duration.ofSeconds(10));
  }
}

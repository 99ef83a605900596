package io.ocelot.bench;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class MachineSpeedTest {
  @Test
  void hashingTakesSomeMillisecondsAndPrintsThemWhole() {
    // 64 MiB of SHA-256 takes tens of milliseconds on any machine this runs on: never zero.
    assertThat(MachineSpeed.sha256Millis()).isGreaterThan(1.0);
    assertThat(MachineSpeed.describe(45.6)).isEqualTo("46 ms");
  }
}

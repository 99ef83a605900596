package io.ocelot.controller.pool;

import static org.assertj.core.api.Assertions.assertThat;

import io.ocelot.api.model.MachineConfigPoolCondition;
import io.ocelot.api.model.MachineConfigPoolStatus;
import io.ocelot.api.model.PoolConfiguration;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class StatusPacerTest {
  final AtomicLong nanos = new AtomicLong(1_000_000_000L);
  final StatusPacer pacer = new StatusPacer(nanos::get);

  static MachineConfigPoolStatus status(int updated, String updatedCondition, String config) {
    MachineConfigPoolStatus s = new MachineConfigPoolStatus();
    s.setUpdatedMachineCount(updated);
    MachineConfigPoolCondition c = new MachineConfigPoolCondition();
    c.setType("Updated");
    c.setStatus(updatedCondition);
    c.setMessage("updated " + updated);
    s.setConditions(List.of(c));
    if (config != null) {
      s.setConfiguration(new PoolConfiguration(config, List.of()));
    }
    return s;
  }

  @Test
  void countsWaitForTheIntervalSinceTheLastWrite() {
    assertThat(pacer.hold("p", null, status(0, "False", null))).isEmpty();
    nanos.addAndGet(Duration.ofMillis(300).toNanos());
    assertThat(pacer.hold("p", status(0, "False", null), status(1, "False", null)))
        .contains(Duration.ofMillis(700));
    // Another pool has its own pace.
    assertThat(pacer.hold("q", status(0, "False", null), status(1, "False", null))).isEmpty();
    nanos.addAndGet(Duration.ofMillis(700).toNanos());
    assertThat(pacer.hold("p", status(0, "False", null), status(2, "False", null))).isEmpty();
    nanos.addAndGet(Duration.ofMillis(100).toNanos());
    assertThat(pacer.hold("p", status(2, "False", null), status(3, "False", null)))
        .contains(Duration.ofMillis(900));
  }

  @Test
  void aTurnedConditionOrACompletedConfigurationGoesAtOnce() {
    assertThat(pacer.hold("p", null, status(0, "False", null))).isEmpty();
    nanos.addAndGet(Duration.ofMillis(10).toNanos());
    assertThat(pacer.hold("p", status(2, "False", null), status(3, "True", null))).isEmpty();
    nanos.addAndGet(Duration.ofMillis(10).toNanos());
    assertThat(pacer.hold("p", status(3, "True", null), status(3, "True", "rendered-worker-2")))
        .isEmpty();
    nanos.addAndGet(Duration.ofMillis(10).toNanos());
    pacer.wrote("p");
    assertThat(pacer.hold("p", status(3, "True", "r"), status(2, "True", "r")))
        .isEqualTo(Optional.of(Duration.ofSeconds(1)));
  }
}

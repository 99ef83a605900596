package io.ocelot.daemon.node;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import io.ocelot.api.operator.MachineConfiguration;
import io.ocelot.api.operator.MachineConfigurationStatus;
import io.ocelot.api.operator.NodeDisruptionPolicies;
import io.ocelot.daemon.host.HostException;
import io.ocelot.testing.ManualClock;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/** Which policy the daemon plans with, and how long it waits for a status that lags its spec. */
class DisruptionPolicySourceTest {
  final ManualClock clock = ManualClock.at(Instant.parse("2026-12-04T10:00:00Z"));
  final DisruptionPolicySource source = new DisruptionPolicySource(null, clock);

  static MachineConfiguration mc(long generation, Long observed) {
    MachineConfiguration mc = new MachineConfiguration();
    mc.setMetadata(new ObjectMetaBuilder().withName("cluster").withGeneration(generation).build());
    if (observed != null) {
      mc.setStatus(
          new MachineConfigurationStatus(
              observed,
              new MachineConfigurationStatus.NodeDisruptionPolicyStatus(
                  NodeDisruptionPolicies.DEFAULTS)));
    }
    return mc;
  }

  @Test
  void withoutTheObjectTheLegacyRulesApply() throws Exception {
    assertThat(source.decide(null))
        .isEqualTo(new DisruptionPolicySource.Lookup.Use(java.util.Optional.empty()));
  }

  @Test
  void aStatusForTheSpecsGenerationIsUsed() throws Exception {
    assertThat(source.decide(mc(3, 3L)))
        .isEqualTo(
            new DisruptionPolicySource.Lookup.Use(
                java.util.Optional.of(NodeDisruptionPolicies.DEFAULTS)));
  }

  @Test
  void aLaggingStatusIsWaitedForUpToTwoMinutesThenReported() throws Exception {
    assertThat(source.decide(mc(4, 3L)))
        .isEqualTo(
            new DisruptionPolicySource.Lookup.Wait(
                Duration.ofSeconds(5), "status is for generation 3, the spec is at generation 4"));
    clock.advance(Duration.ofSeconds(119));
    assertThat(source.decide(mc(4, null))).isInstanceOf(DisruptionPolicySource.Lookup.Wait.class);
    clock.advance(Duration.ofSeconds(1));
    assertThatThrownBy(() -> source.decide(mc(4, 3L)))
        .isInstanceOf(HostException.class)
        .hasMessage(
            "NodeDisruptionPolicyStatus was not ready: status is for generation 3, the spec is at"
                + " generation 4");
    // The wait starts again afterwards, and a status that caught up ends it.
    assertThat(source.decide(mc(4, 3L))).isInstanceOf(DisruptionPolicySource.Lookup.Wait.class);
    assertThat(source.decide(mc(4, 4L))).isInstanceOf(DisruptionPolicySource.Lookup.Use.class);
  }
}

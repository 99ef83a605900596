package io.ocelot.daemon.node;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.ocelot.api.node.DrainRequest;
import io.ocelot.api.node.NodeAnnotations;
import io.ocelot.daemon.node.mcn.McnWriter;
import io.ocelot.daemon.sync.DaemonMetrics;
import io.ocelot.daemon.sync.NodeReporter;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

class ClusterDrainTest {
  @RegisterExtension
  static final io.ocelot.apiserver.SharedControlPlane plane =
      new io.ocelot.apiserver.SharedControlPlane();

  ClusterDrain drain(Duration timeout) {
    NodeWriter writer = new NodeWriter(plane.client, "worker-0", TestNodes.noView());
    NodeEvents events = new NodeEvents(plane.client, "default", Clock.systemUTC());
    // The transition hook asks for the drain (the request and MCO's Cordon and Drain events).
    NodeReporter reporter =
        new NodeReporter(
            writer,
            events,
            new DaemonMetrics(new PrometheusRegistry()),
            new McnWriter(plane.client, "worker-0", Clock.systemUTC()),
            Clock.systemUTC());
    return new ClusterDrain(
        writer,
        events,
        reporter,
        Clock.systemUTC(),
        d -> Thread.sleep(d.toMillis()),
        new DrainSettings(Duration.ofMillis(50), timeout, timeout));
  }

  @Test
  void anUnacknowledgedDrainTimesOutWithMcosMessageAndEvent() {
    TestNodes.create(plane.client, "worker-0", Map.of());
    assertThatThrownBy(() -> drain(Duration.ofSeconds(1)).drain(DrainRequest.drain("rendered-2")))
        .hasMessage(
            "failed to drain node: worker-0 after 1 second. Please see machine-config-controller logs"
                + " for more information");
    assertThat(plane.client.nodes().withName("worker-0").get().getMetadata().getAnnotations())
        .containsEntry(NodeAnnotations.DESIRED_DRAIN, "drain-rendered-2");
    assertThat(plane.client.v1().events().inNamespace("default").list().getItems())
        .extracting(e -> e.getReason())
        .contains("Cordon", "Drain", "FailedToDrain");
  }

  @Test
  void anAcknowledgedDrainIsSkipped() throws Exception {
    TestNodes.create(
        plane.client, "worker-0", Map.of(NodeAnnotations.LAST_APPLIED_DRAIN, "drain-rendered-2"));
    drain(Duration.ofSeconds(1)).drain(DrainRequest.drain("rendered-2"));
    assertThat(plane.client.nodes().withName("worker-0").get().getMetadata().getAnnotations())
        .doesNotContainKey(NodeAnnotations.DESIRED_DRAIN);
  }

  @Test
  void timeoutsAreWordedAsMcoWordsThem() {
    assertThat(ClusterDrain.human(Duration.ofHours(1))).isEqualTo("1 hour");
    assertThat(ClusterDrain.human(Duration.ofMinutes(10))).isEqualTo("10 minutes");
    assertThat(ClusterDrain.human(Duration.ofSeconds(90))).isEqualTo("90 seconds");
  }
}

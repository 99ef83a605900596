package io.ocelot.daemon.node;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import io.fabric8.kubernetes.api.model.Node;
import io.ocelot.api.node.DrainRequest;
import io.ocelot.api.node.NodeAnnotations;
import io.ocelot.daemon.node.mcn.McnWriter;
import io.ocelot.daemon.sync.DaemonMetrics;
import io.ocelot.daemon.sync.NodeReporter;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
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
    return drain(writer, events, reporter, timeout);
  }

  static ClusterDrain drain(NodeWriter writer, NodeEvents events, DrainAsk ask, Duration timeout) {
    return new ClusterDrain(
        writer,
        events,
        ask,
        Clock.systemUTC(),
        d -> Thread.sleep(d.toMillis()),
        new DrainSettings(Duration.ofMillis(20), timeout, timeout));
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

  /**
   * The controller's {@code ocelot.io/drain-blocked} reaches the transition hook once per change
   * while the handshake waits (the MachineConfigNode's Drained condition says it), and names the
   * cause when the drain times out.
   */
  @Test
  void whatBlocksTheDrainIsToldOncePerChangeAndNamedAtTheTimeout() throws Exception {
    String why = "cannot evict pod default/web-0 (PodDisruptionBudget web)";
    TestNodes.create(plane.client, "worker-0", Map.of(NodeAnnotations.DRAIN_BLOCKED, why));
    List<Optional<String>> told = new CopyOnWriteArrayList<>();
    DrainAsk ask =
        new DrainAsk() {
          @Override
          public void ask(DrainRequest request) {}

          @Override
          public void blocked(DrainRequest request, Optional<String> blocker) {
            told.add(blocker);
          }
        };
    ClusterDrain drain =
        drain(
            new NodeWriter(plane.client, "worker-0", TestNodes.noView()),
            new NodeEvents(plane.client, "default", Clock.systemUTC()),
            ask,
            Duration.ofSeconds(1));
    assertThatThrownBy(() -> drain.drain(DrainRequest.drain("rendered-2")))
        .hasMessage(
            "failed to drain node: worker-0 after 1 second. Please see machine-config-controller logs"
                + " for more information (the controller: "
                + why
                + ")");
    assertThat(told).containsExactly(Optional.of(why));

    // Unblocked, then acknowledged: told that nothing blocks any more, and the drain returns.
    told.clear();
    Thread waiting =
        new Thread(
            () -> {
              try {
                drain.drain(DrainRequest.drain("rendered-3"));
              } catch (Exception e) {
                told.add(Optional.of("failed: " + e.getMessage()));
              }
            });
    waiting.start();
    await().atMost(Duration.ofSeconds(10)).until(() -> told.size() == 1);
    edit(n -> n.getMetadata().getAnnotations().remove(NodeAnnotations.DRAIN_BLOCKED));
    await().atMost(Duration.ofSeconds(10)).until(() -> told.size() == 2);
    edit(
        n ->
            n.getMetadata()
                .getAnnotations()
                .put(NodeAnnotations.LAST_APPLIED_DRAIN, "drain-rendered-3"));
    waiting.join(10_000);
    assertThat(waiting.isAlive()).isFalse();
    assertThat(told).containsExactly(Optional.of(why), Optional.empty());
  }

  private static void edit(java.util.function.Consumer<Node> change) {
    plane
        .client
        .nodes()
        .withName("worker-0")
        .edit(
            n -> {
              change.accept(n);
              return n;
            });
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

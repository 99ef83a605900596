package io.ocelot.runtime.kube;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.Event;
import io.fabric8.kubernetes.api.model.NodeBuilder;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

@EnableKubernetesMockClient(crud = true)
class EventRecorderTest {
  static KubernetesClient client;

  private static final Clock CLOCK =
      Clock.fixed(Instant.parse("2026-12-06T12:00:00Z"), ZoneOffset.UTC);

  private static List<Event> events(String namespace) {
    return client.v1().events().inNamespace(namespace).list().getItems();
  }

  @Test
  void aRepeatCountsTheStoredEventUpAndAClusterScopedObjectsGoToDefault() {
    EventRecorder recorder =
        new EventRecorder(client, "machineconfigcontroller", Optional.empty(), CLOCK);
    var pool =
        new NodeBuilder().withNewMetadata().withName("worker").withUid("u-1").endMetadata().build();
    var drained = EventRecorder.Involved.of(pool);
    recorder.record(EventRecorder.Occurrence.of(drained, "Warning", "Drain", "blocked by pdb/x"));
    recorder.record(EventRecorder.Occurrence.of(drained, "Warning", "Drain", "blocked by pdb/x"));
    recorder.record(EventRecorder.Occurrence.of(drained, "Normal", "Drain", "drained"));

    List<Event> stored = events("default");
    assertThat(stored).hasSize(2);
    Event blocked =
        stored.stream().filter(e -> e.getType().equals("Warning")).findFirst().orElseThrow();
    assertThat(blocked.getCount()).isEqualTo(2);
    assertThat(blocked.getInvolvedObject().getUid()).isEqualTo("u-1");
    assertThat(blocked.getSource().getComponent()).isEqualTo("machineconfigcontroller");
    assertThat(blocked.getSource().getHost()).isNull();
  }

  @Test
  void aNamespacedObjectsEventsGoToItsNamespaceUnlessTheRecorderHasOne() {
    var pod =
        new PodBuilder()
            .withNewMetadata()
            .withName("builder")
            .withNamespace("builds")
            .withUid("u-2")
            .endMetadata()
            .build();
    new EventRecorder(client, "c", Optional.empty(), CLOCK)
        .record(EventRecorder.Occurrence.of(EventRecorder.Involved.of(pod), "Normal", "R", "m"));
    assertThat(events("builds")).hasSize(1);

    new EventRecorder(client, "machineconfigdaemon", Optional.of("ocelot"), CLOCK)
        .record(
            new EventRecorder.Occurrence(
                EventRecorder.Involved.node("worker-1", "u-3"),
                "Warning",
                "UpdateFailed",
                "x".repeat(2000),
                Map.of("ocelot.io/failure", "{}"),
                Optional.of("worker-1")));
    Event failed = events("ocelot").get(0);
    assertThat(failed.getMessage()).hasSize(EventRecorder.MAX_MESSAGE).endsWith("...");
    assertThat(failed.getMetadata().getAnnotations()).containsEntry("ocelot.io/failure", "{}");
    assertThat(failed.getSource().getHost()).isEqualTo("worker-1");
    assertThat(failed.getInvolvedObject().getKind()).isEqualTo("Node");
  }

  @Test
  void aFailureToRecordIsLoggedNotThrown() {
    // Nothing listens on port 1: every request fails as an unreachable API server's would.
    try (KubernetesClient unreachable =
        new io.fabric8.kubernetes.client.KubernetesClientBuilder()
            .withConfig(
                new io.fabric8.kubernetes.client.ConfigBuilder()
                    .withMasterUrl("http://127.0.0.1:1")
                    .withRequestRetryBackoffLimit(0)
                    .build())
            .build()) {
      new EventRecorder(unreachable, "c", Optional.of("ocelot"), CLOCK)
          .record(
              EventRecorder.Occurrence.of(
                  EventRecorder.Involved.node("worker-1", "u-4"), "Normal", "R", "m"));
    }
  }
}

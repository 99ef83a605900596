package io.ocelot.console;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.fabric8.kubernetes.api.model.Event;
import io.fabric8.kubernetes.api.model.EventBuilder;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.NodeBuilder;
import io.ocelot.api.json.Json;
import io.ocelot.api.model.MachineConfigPool;
import io.ocelot.api.model.MachineConfigPoolCondition;
import io.ocelot.api.model.MachineConfigPoolSpec;
import io.ocelot.api.model.MachineConfigPoolStatus;
import io.ocelot.api.node.NodeAnnotations;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class ClusterSnapshotTest {
  static Node node(String name, String state, String reason, String failure) {
    NodeBuilder b =
        new NodeBuilder()
            .withNewMetadata()
            .withName(name)
            .addToAnnotations(NodeAnnotations.STATE, state)
            .addToAnnotations(NodeAnnotations.REASON, reason)
            .addToAnnotations(NodeAnnotations.CURRENT_CONFIG, "rendered-worker-1")
            .endMetadata()
            .withNewStatus()
            .addNewCondition()
            .withType("Ready")
            .withStatus("True")
            .endCondition()
            .endStatus();
    if (failure != null) {
      b.editMetadata().addToAnnotations(NodeAnnotations.LAST_FAILURE, failure).endMetadata();
    }
    return b.build();
  }

  static Event event(int second) {
    return new EventBuilder()
        .withNewMetadata()
        .withName("e" + second)
        .endMetadata()
        .withLastTimestamp(String.format("2026-12-02T10:00:%02dZ", second))
        .withReason("R" + second)
        .withNewInvolvedObject()
        .withKind("Node")
        .withName("worker-1")
        .endInvolvedObject()
        .build();
  }

  @Test
  void showsPoolsNodesFailuresNewestEventsAndAlerts() {
    MachineConfigPool pool = new MachineConfigPool();
    pool.getMetadata().setName("worker");
    pool.setSpec(new MachineConfigPoolSpec());
    MachineConfigPoolStatus status = new MachineConfigPoolStatus();
    status.setMachineCount(3);
    MachineConfigPoolCondition c = new MachineConfigPoolCondition();
    c.setType("NodeDegraded");
    c.setStatus("True");
    c.setMessage("Node worker-1 is reporting: \"reboot command failed\"");
    status.getConditions().add(c);
    pool.setStatus(status);
    List<Event> events = IntStream.range(0, 50).mapToObj(ClusterSnapshotTest::event).toList();

    JsonNode s =
        ClusterSnapshot.of(
            List.of(pool),
            List.of(
                node("worker-1", "Degraded", "reboot command failed: x", "{\"phase\":\"reboot\"}"),
                node("worker-0", "Done", "", "not json")),
            events,
            List.of(new Alert("MCDRebootError", "worker-1", "critical")),
            true);

    assertThat(s.path("faults").asBoolean()).isTrue();
    assertThat(s.path("pools").get(0).path("machines").asInt()).isEqualTo(3);
    assertThat(s.path("pools").get(0).path("conditions").get(0).path("message").asText())
        .startsWith("Node worker-1 is reporting");
    assertThat(s.path("nodes").findValuesAsText("name")).containsExactly("worker-0", "worker-1");
    JsonNode w1 = s.path("nodes").get(1);
    assertThat(w1.path("state").asText()).isEqualTo("Degraded");
    assertThat(w1.path("ready").asBoolean()).isTrue();
    assertThat(w1.path("lastFailure").path("phase").asText()).isEqualTo("reboot");
    assertThat(s.path("nodes").get(0).path("lastFailure").asText()).isEqualTo("not json");
    assertThat(s.path("events")).hasSize(ClusterSnapshot.EVENTS);
    assertThat(s.path("events").get(0).path("reason").asText()).isEqualTo("R49");
    assertThat(s.path("events").get(0).path("object").asText()).isEqualTo("Node/worker-1");
    assertThat(s.path("alerts").get(0).path("name").asText()).isEqualTo("MCDRebootError");
  }

  @Test
  void prometheusAlertsKeepOnlyFiringOnes() throws Exception {
    JsonNode body =
        Json.MAPPER.readTree(
            "{\"data\":{\"alerts\":["
                + "{\"labels\":{\"alertname\":\"MCDRebootError\",\"node\":\"worker-1\","
                + "\"severity\":\"critical\"},\"state\":\"firing\"},"
                + "{\"labels\":{\"alertname\":\"MCDPivotError\",\"node\":\"worker-2\"},"
                + "\"state\":\"pending\"}]}}");
    assertThat(PrometheusAlerts.parse(body))
        .containsExactly(new Alert("MCDRebootError", "worker-1", "critical"));
  }

  @Test
  void withoutPrometheusDegradedNodesRaiseOcelotsStateAlerts() {
    assertThat(
            NodeStateAlerts.of(
                List.of(
                    node("worker-2", "Degraded", "unexpected on-disk state", null),
                    node("worker-1", "Degraded", "reboot command failed: x", null),
                    node("worker-0", "Done", "", null))))
        .containsExactly(
            new Alert("OcelotRebootFailing", "worker-1", "critical"),
            new Alert("OcelotUpdateFailing", "worker-2", "warning"));
  }
}

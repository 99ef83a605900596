package io.ocelot.console;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.fabric8.kubernetes.api.model.Condition;
import io.fabric8.kubernetes.api.model.ConditionBuilder;
import io.fabric8.kubernetes.api.model.MicroTime;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.NodeBuilder;
import io.fabric8.kubernetes.api.model.events.v1.Event;
import io.fabric8.kubernetes.api.model.events.v1.EventBuilder;
import io.ocelot.api.json.Json;
import io.ocelot.api.model.MachineConfigNode;
import io.ocelot.api.model.MachineConfigNodeStatus;
import io.ocelot.api.model.MachineConfigPool;
import io.ocelot.api.model.MachineConfigPoolCondition;
import io.ocelot.api.model.MachineConfigPoolSpec;
import io.ocelot.api.model.MachineConfigPoolStatus;
import io.ocelot.api.model.PoolConditionType;
import io.ocelot.api.model.PoolConfiguration;
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

  /**
   * An event at {@code second}: as Ocelot records them (eventTime, a series for every third), or as
   * a core/v1 writer did (only the deprecated timestamp) for every fifth.
   */
  static Event event(int second) {
    String at = String.format("2026-12-02T10:00:%02d.000000Z", second);
    EventBuilder b =
        new EventBuilder()
            .withNewMetadata()
            .withName("e" + second)
            .endMetadata()
            .withReason("R" + second)
            .withNote("m" + second)
            .withNewRegarding()
            .withKind("Node")
            .withName("worker-1")
            .endRegarding();
    if (second % 5 == 0) {
      return b.withDeprecatedLastTimestamp(String.format("2026-12-02T10:00:%02dZ", second)).build();
    }
    if (second % 3 == 0) {
      return b.withEventTime(new MicroTime("2026-12-02T09:00:00.000000Z"))
          .withNewSeries()
          .withCount(4)
          .withLastObservedTime(new MicroTime(at))
          .endSeries()
          .build();
    }
    return b.withEventTime(new MicroTime(at)).build();
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
            new ClusterObjects(
                List.of(pool),
                List.of(
                    node(
                        "worker-1",
                        "Degraded",
                        "reboot command failed: x",
                        "{\"phase\":\"reboot\"}"),
                    node("worker-0", "Done", "", "not json")),
                List.of(),
                events),
            List.of(
                new Alert("MCDRebootError", "worker-1", "critical"),
                new Alert("SomeoneElsesAlert", "worker-1", "warning")),
            Runbooks.NAMES,
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
    assertThat(s.path("events").get(0).path("message").asText()).isEqualTo("m49");
    // Newest first by the last occurrence, whichever field holds it: a series' (R48, R45 ...),
    // the event's own time, or a core/v1 writer's last timestamp (R45).
    assertThat(s.path("events").findValuesAsText("reason").subList(0, 5))
        .containsExactly("R49", "R48", "R47", "R46", "R45");
    assertThat(s.path("events").get(1).path("time").asText())
        .isEqualTo("2026-12-02T10:00:48.000000Z");
    assertThat(s.path("alerts").get(0).path("name").asText()).isEqualTo("MCDRebootError");
    assertThat(s.path("alerts").get(0).path("runbook").asText())
        .isEqualTo("/runbooks/MCDRebootError.md");
    assertThat(s.path("alerts").get(1).path("runbook").asText()).isEmpty();
  }

  static Node member(String name, String current, String desired, String state, String created) {
    return new NodeBuilder()
        .withNewMetadata()
        .withName(name)
        .withCreationTimestamp(created)
        .addToAnnotations(NodeAnnotations.CURRENT_CONFIG, current)
        .addToAnnotations(NodeAnnotations.DESIRED_CONFIG, desired)
        .addToAnnotations(NodeAnnotations.STATE, state)
        .endMetadata()
        .withNewSpec()
        .withUnschedulable(!state.equals("Done"))
        .endSpec()
        .build();
  }

  static MachineConfigNode mcn(String node, String pool, Condition... conditions) {
    MachineConfigNode m = new MachineConfigNode();
    m.getMetadata().setName(node);
    m.setSpec(McnSpecsForTest.spec(node, pool));
    MachineConfigNodeStatus status = new MachineConfigNodeStatus();
    status.setConditions(List.of(conditions));
    m.setStatus(status);
    return m;
  }

  static Condition condition(String type, String reason, String time) {
    return new ConditionBuilder()
        .withType(type)
        .withStatus("True")
        .withReason(reason)
        .withMessage(type + " happened")
        .withLastTransitionTime(time)
        .build();
  }

  @Test
  void aRolloutShowsProgressInFlightNextTheCurrentConfigAndTheTarget() {
    MachineConfigPool pool = new MachineConfigPool();
    pool.getMetadata().setName("worker");
    MachineConfigPoolSpec spec = new MachineConfigPoolSpec();
    spec.setConfiguration(new PoolConfiguration("rendered-worker-2", List.of()));
    spec.setPaused(false);
    pool.setSpec(spec);
    MachineConfigPoolStatus status = new MachineConfigPoolStatus();
    status.setConfiguration(new PoolConfiguration("rendered-worker-1", List.of()));
    pool.setStatus(status);
    String old = "2026-12-01T00:00:00Z";
    String young = "2026-12-03T00:00:00Z";
    JsonNode s =
        ClusterSnapshot.of(
            new ClusterObjects(
                List.of(pool),
                List.of(
                    member("worker-a", "rendered-worker-2", "rendered-worker-2", "Done", young),
                    member("worker-b", "rendered-worker-1", "rendered-worker-2", "Working", young),
                    // Not yet targeted: the older one is next, whatever the names say.
                    member("worker-c", "rendered-worker-1", "rendered-worker-1", "Done", young),
                    member("worker-d", "rendered-worker-1", "rendered-worker-1", "Done", old),
                    member("infra-0", "rendered-infra-1", "rendered-infra-1", "Done", old)),
                List.of(
                    mcn("worker-a", "worker"),
                    mcn(
                        "worker-b",
                        "worker",
                        condition("Drained", "UpdateExecutedDrained", "2026-12-04T12:00:05Z"),
                        condition("UpdatePrepared", "UpdateCompatible", "2026-12-04T12:00:01Z"),
                        new ConditionBuilder()
                            .withType("RebootedNode")
                            .withStatus("False")
                            .withReason("NotYetOccurred")
                            .build()),
                    mcn("worker-c", "worker"),
                    mcn("worker-d", "worker"),
                    mcn("infra-0", "infra")),
                List.of()),
            List.of(),
            Runbooks.NAMES,
            false);
    JsonNode p = s.path("pools").get(0);
    assertThat(p.path("config").asText()).isEqualTo("rendered-worker-1");
    assertThat(p.path("target").asText()).isEqualTo("rendered-worker-2");
    assertThat(p.path("paused").asBoolean()).isFalse();
    JsonNode progress = p.path("progress");
    assertThat(progress.path("members").asInt()).isEqualTo(4);
    assertThat(progress.path("updated").asInt()).isEqualTo(1);
    assertThat(progress.path("inFlight").toString()).isEqualTo("[\"worker-b\"]");
    assertThat(progress.path("next").asText()).isEqualTo("worker-d");

    JsonNode b =
        s.path("nodes").findParents("name").stream()
            .filter(n -> n.path("name").asText().equals("worker-b"))
            .findFirst()
            .orElseThrow();
    assertThat(b.path("pool").asText()).isEqualTo("worker");
    assertThat(b.path("cordoned").asBoolean()).isTrue();
    // The timeline: what happened, oldest first; phases not reached are left out.
    assertThat(b.path("timeline").findValuesAsText("type"))
        .containsExactly("UpdatePrepared", "Drained");
  }

  @Test
  void theRunbooksTheConsoleServesAreExactlyDocsRunbooks() throws Exception {
    try (var files = java.nio.file.Files.list(java.nio.file.Path.of("..", "docs", "runbooks"))) {
      assertThat(files.map(f -> f.getFileName().toString().replaceFirst("\\.md$", "")))
          .containsExactlyInAnyOrderElementsOf(Runbooks.NAMES);
    }
    for (String name : Runbooks.NAMES) {
      assertThat(Runbooks.class.getResource("runbooks/" + name + ".md")).as(name).isNotNull();
    }
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

  /**
   * Issue 40 item 8: the console showed "in flight / next" for a halted pool and a drifted node as
   * in flight. A halted rollout has no next node; a Degraded node is degraded, not in flight.
   */
  @Test
  void aHaltedPoolHasNoNextNodeAndADegradedNodeIsNotInFlight() {
    MachineConfigPool pool = new MachineConfigPool();
    pool.getMetadata().setName("worker");
    pool.setSpec(new MachineConfigPoolSpec());
    pool.getSpec().setConfiguration(new PoolConfiguration("rendered-worker-2", List.of()));
    MachineConfigPoolStatus status = new MachineConfigPoolStatus();
    MachineConfigPoolCondition halted = new MachineConfigPoolCondition();
    halted.setType(PoolConditionType.ROLLOUT_HALTED);
    halted.setStatus("True");
    status.getConditions().add(halted);
    pool.setStatus(status);
    String old = "2026-12-01T00:00:00Z";
    PoolProgress p =
        PoolProgress.of(
            pool,
            List.of(
                member("worker-a", "rendered-worker-1", "rendered-worker-2", "Degraded", old),
                member("worker-b", "rendered-worker-2", "rendered-worker-2", "Done", old),
                member("worker-c", "rendered-worker-2", "rendered-worker-2", "Degraded", old),
                member("worker-d", "rendered-worker-1", "rendered-worker-1", "Done", old)));
    assertThat(p.updated()).isEqualTo(1);
    // worker-a's update fails and is retried: in flight; worker-c drifted on its config: degraded.
    assertThat(p.degraded()).containsExactly("worker-c");
    assertThat(p.inFlight()).containsExactly("worker-a");
    assertThat(p.halted()).isTrue();
    assertThat(p.next()).isEmpty();

    // ... and without a Prometheus the console raises the controller's alerts from the pool.
    MachineConfigPoolCondition degraded = new MachineConfigPoolCondition();
    degraded.setType("Degraded");
    degraded.setStatus("True");
    status.getConditions().add(degraded);
    assertThat(PoolAlerts.of(List.of(pool)))
        .containsExactly(
            new Alert("OcelotPoolDegraded", "pool/worker", "warning"),
            new Alert("OcelotRolloutHalted", "pool/worker", "warning"));
  }

  @Test
  void prometheusAlertsOfAPoolSayWhichPool() throws Exception {
    JsonNode body =
        Json.MAPPER.readTree(
            "{\"data\":{\"alerts\":[{\"labels\":{\"alertname\":\"OcelotRolloutHalted\","
                + "\"pool\":\"worker\",\"severity\":\"warning\"},\"state\":\"firing\"}]}}");
    assertThat(PrometheusAlerts.parse(body))
        .containsExactly(new Alert("OcelotRolloutHalted", "pool/worker", "warning"));
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

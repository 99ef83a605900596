package io.ocelot.console;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.fabric8.kubernetes.api.model.MicroTime;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.events.v1.Event;
import io.fabric8.kubernetes.api.model.events.v1.EventSeries;
import io.ocelot.api.json.Json;
import io.ocelot.api.model.MachineConfigNode;
import io.ocelot.api.model.MachineConfigPool;
import io.ocelot.api.model.MachineConfigPoolStatus;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * What the console page shows, as one JSON document built from API objects: pools with counts,
 * conditions and rollout progress (who is in flight, who is next), nodes with their pool, state,
 * cordon, configs, images, reason, last failure record and MachineConfigNode timeline, the newest
 * events, and alerts with their runbooks. Pure: the caller reads the objects.
 */
public final class ClusterSnapshot {
  static final int EVENTS = 40;

  private ClusterSnapshot() {}

  /** {@code runbooks}: the alerts that have a runbook the console serves at {@code /runbooks/}. */
  public static JsonNode of(
      ClusterObjects objects, List<Alert> alerts, Set<String> runbooks, boolean faults) {
    ObjectNode out = Json.MAPPER.createObjectNode();
    out.put("faults", faults);
    Map<String, MachineConfigNode> mcns =
        objects.machineConfigNodes().stream()
            .collect(Collectors.toMap(m -> m.getMetadata().getName(), m -> m, (a, b) -> a));
    ArrayNode p = out.putArray("pools");
    objects.pools().stream()
        .sorted(Comparator.comparing(x -> x.getMetadata().getName()))
        .forEach(pool -> p.add(pool(pool, members(objects, pool))));
    ArrayNode n = out.putArray("nodes");
    objects.nodes().stream()
        .sorted(Comparator.comparing(x -> x.getMetadata().getName()))
        .forEach(
            node ->
                n.add(
                    NodeJson.of(
                        node, Optional.ofNullable(mcns.get(node.getMetadata().getName())))));
    ArrayNode e = out.putArray("events");
    objects.events().stream()
        .sorted(Comparator.comparing(ClusterSnapshot::time).reversed())
        .limit(EVENTS)
        .forEach(ev -> e.add(event(ev)));
    ArrayNode a = out.putArray("alerts");
    alerts.forEach(
        al ->
            a.addObject()
                .put("name", al.name())
                .put("node", al.node())
                .put("severity", al.severity())
                .put(
                    "runbook",
                    runbooks.contains(al.name()) ? "/runbooks/" + al.name() + ".md" : ""));
    return out;
  }

  /** The nodes whose MachineConfigNode names {@code pool}: its members, as the controller says. */
  static List<Node> members(ClusterObjects objects, MachineConfigPool pool) {
    Map<String, String> poolOf = new HashMap<>();
    objects
        .machineConfigNodes()
        .forEach(
            m -> poolOf.putIfAbsent(m.getMetadata().getName(), m.getSpec().getPool().getName()));
    String name = pool.getMetadata().getName();
    return objects.nodes().stream()
        .filter(n -> name.equals(poolOf.get(n.getMetadata().getName())))
        .toList();
  }

  private static ObjectNode pool(MachineConfigPool pool, List<Node> members) {
    ObjectNode o = Json.MAPPER.createObjectNode();
    o.put("name", pool.getMetadata().getName());
    MachineConfigPoolStatus s =
        Optional.ofNullable(pool.getStatus()).orElseGet(MachineConfigPoolStatus::new);
    o.put("paused", Boolean.TRUE.equals(pool.getSpec().getPaused()));
    // What `kubectl get mcp` shows as CONFIG: the config every machine has reached.
    Optional<String> current =
        Optional.ofNullable(s.getConfiguration()).map(c -> c.getName()).filter(c -> !c.isEmpty());
    o.put("config", current.orElse(""));
    PoolProgress progress = PoolProgress.of(pool, members);
    progress
        .target()
        .filter(t -> !current.equals(Optional.of(t)))
        .ifPresent(t -> o.put("target", t));
    ObjectNode r = o.putObject("progress");
    r.put("members", progress.members()).put("updated", progress.updated());
    ArrayNode inFlight = r.putArray("inFlight");
    progress.inFlight().forEach(inFlight::add);
    ArrayNode degraded = r.putArray("degraded");
    progress.degraded().forEach(degraded::add);
    progress.next().ifPresent(x -> r.put("next", x));
    r.put("halted", progress.halted());
    // What `ocelot status` says of the pool: its assessment and what holds it or its nodes.
    PoolStatusReport report = PoolStatusReport.of(pool, members);
    o.put("assessment", report.assessment().word());
    ArrayNode insights = o.putArray("insights");
    report
        .insights()
        .forEach(
            i ->
                insights
                    .addObject()
                    .put("node", i.node().orElse(""))
                    .put("kind", i.kind())
                    .put("message", i.message()));
    o.put("machines", s.getMachineCount())
        .put("updated", s.getUpdatedMachineCount())
        .put("ready", s.getReadyMachineCount())
        .put("unavailable", s.getUnavailableMachineCount())
        .put("degraded", s.getDegradedMachineCount());
    ArrayNode conditions = o.putArray("conditions");
    s.getConditions()
        .forEach(
            c ->
                conditions
                    .addObject()
                    .put("type", c.getType())
                    .put("status", c.getStatus())
                    .put("reason", Optional.ofNullable(c.getReason()).orElse(""))
                    .put("message", Optional.ofNullable(c.getMessage()).orElse("")));
    return o;
  }

  private static ObjectNode event(Event e) {
    ObjectNode o = Json.MAPPER.createObjectNode();
    o.put("time", time(e))
        .put("type", Optional.ofNullable(e.getType()).orElse(""))
        .put("reason", Optional.ofNullable(e.getReason()).orElse(""))
        .put(
            "object",
            Optional.ofNullable(e.getRegarding())
                .map(r -> r.getKind() + "/" + r.getName())
                .orElse(""))
        .put("message", Optional.ofNullable(e.getNote()).orElse(""));
    return o;
  }

  /**
   * When the event last occurred: its series' last occurrence, its time, or — for an event a
   * core/v1 writer made — its last timestamp, as events.k8s.io/v1 reads them.
   */
  private static String time(Event e) {
    return Optional.ofNullable(e.getSeries())
        .map(EventSeries::getLastObservedTime)
        .or(() -> Optional.ofNullable(e.getEventTime()))
        .map(MicroTime::getTime)
        .or(() -> Optional.ofNullable(e.getDeprecatedLastTimestamp()))
        .or(() -> Optional.ofNullable(e.getDeprecatedFirstTimestamp()))
        .or(() -> Optional.ofNullable(e.getMetadata().getCreationTimestamp()))
        .orElse("");
  }
}

package io.ocelot.console;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.fabric8.kubernetes.api.model.Event;
import io.fabric8.kubernetes.api.model.Node;
import io.ocelot.api.json.Json;
import io.ocelot.api.model.MachineConfigPool;
import io.ocelot.api.model.MachineConfigPoolStatus;
import io.ocelot.api.node.NodeAnnotations;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What the console page shows, as one JSON document built from API objects: pools with counts and
 * conditions, nodes with state, configs, images, reason and last failure record, the newest events,
 * and alerts. Pure: the caller reads the objects.
 */
public final class ClusterSnapshot {
  static final int EVENTS = 40;

  private ClusterSnapshot() {}

  public static JsonNode of(
      List<MachineConfigPool> pools,
      List<Node> nodes,
      List<Event> events,
      List<Alert> alerts,
      boolean faults) {
    ObjectNode out = Json.MAPPER.createObjectNode();
    out.put("faults", faults);
    ArrayNode p = out.putArray("pools");
    pools.stream()
        .sorted(Comparator.comparing(x -> x.getMetadata().getName()))
        .forEach(pool -> p.add(pool(pool)));
    ArrayNode n = out.putArray("nodes");
    nodes.stream()
        .sorted(Comparator.comparing(x -> x.getMetadata().getName()))
        .forEach(node -> n.add(node(node)));
    ArrayNode e = out.putArray("events");
    events.stream()
        .sorted(Comparator.comparing(ClusterSnapshot::time).reversed())
        .limit(EVENTS)
        .forEach(ev -> e.add(event(ev)));
    ArrayNode a = out.putArray("alerts");
    alerts.forEach(
        al ->
            a.addObject()
                .put("name", al.name())
                .put("node", al.node())
                .put("severity", al.severity()));
    return out;
  }

  private static ObjectNode pool(MachineConfigPool pool) {
    ObjectNode o = Json.MAPPER.createObjectNode();
    o.put("name", pool.getMetadata().getName());
    MachineConfigPoolStatus s =
        Optional.ofNullable(pool.getStatus()).orElseGet(MachineConfigPoolStatus::new);
    o.put("machines", s.getMachineCount())
        .put("updated", s.getUpdatedMachineCount())
        .put("ready", s.getReadyMachineCount())
        .put("unavailable", s.getUnavailableMachineCount())
        .put("degraded", s.getDegradedMachineCount());
    Optional.ofNullable(pool.getSpec().getConfiguration())
        .ifPresent(c -> o.put("config", c.getName()));
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

  private static ObjectNode node(Node node) {
    Map<String, String> a =
        Optional.ofNullable(node.getMetadata().getAnnotations()).orElse(Map.of());
    ObjectNode o = Json.MAPPER.createObjectNode();
    o.put("name", node.getMetadata().getName())
        .put("ready", ready(node))
        .put("state", a.getOrDefault(NodeAnnotations.STATE, ""))
        .put("currentConfig", a.getOrDefault(NodeAnnotations.CURRENT_CONFIG, ""))
        .put("desiredConfig", a.getOrDefault(NodeAnnotations.DESIRED_CONFIG, ""))
        .put("currentImage", a.getOrDefault(NodeAnnotations.CURRENT_IMAGE, ""))
        .put("desiredImage", a.getOrDefault(NodeAnnotations.DESIRED_IMAGE, ""))
        .put("reason", a.getOrDefault(NodeAnnotations.REASON, ""));
    String failure = a.get(NodeAnnotations.LAST_FAILURE);
    if (failure != null) {
      try {
        o.set("lastFailure", Json.MAPPER.readTree(failure));
      } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
        o.put("lastFailure", failure); // shown as text: the record is what the daemon wrote
      }
    }
    return o;
  }

  private static boolean ready(Node node) {
    return node.getStatus() != null
        && node.getStatus().getConditions().stream()
            .anyMatch(c -> "Ready".equals(c.getType()) && "True".equals(c.getStatus()));
  }

  private static ObjectNode event(Event e) {
    ObjectNode o = Json.MAPPER.createObjectNode();
    o.put("time", time(e))
        .put("type", Optional.ofNullable(e.getType()).orElse(""))
        .put("reason", Optional.ofNullable(e.getReason()).orElse(""))
        .put(
            "object",
            Optional.ofNullable(e.getInvolvedObject())
                .map(r -> r.getKind() + "/" + r.getName())
                .orElse(""))
        .put("message", Optional.ofNullable(e.getMessage()).orElse(""));
    return o;
  }

  private static String time(Event e) {
    return Optional.ofNullable(e.getLastTimestamp())
        .or(() -> Optional.ofNullable(e.getFirstTimestamp()))
        .or(() -> Optional.ofNullable(e.getMetadata().getCreationTimestamp()))
        .orElse("");
  }
}

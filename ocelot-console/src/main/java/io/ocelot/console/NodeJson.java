package io.ocelot.console;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.fabric8.kubernetes.api.model.Condition;
import io.fabric8.kubernetes.api.model.Node;
import io.ocelot.api.json.Json;
import io.ocelot.api.kube.ObjectMaps;
import io.ocelot.api.model.MachineConfigNode;
import io.ocelot.api.node.NodeAnnotations;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * One node as the console shows it (pure): its pool (from its MachineConfigNode), readiness,
 * cordon, state, configs, images, reason, last failure record, and the MachineConfigNode's
 * conditions that happened, oldest first, as the update's timeline.
 */
final class NodeJson {
  private NodeJson() {}

  static ObjectNode of(Node node, Optional<MachineConfigNode> mcn) {
    Map<String, String> a = ObjectMaps.present(node.getMetadata().getAnnotations());
    ObjectNode o = Json.MAPPER.createObjectNode();
    o.put("name", node.getMetadata().getName())
        .put("pool", mcn.map(m -> m.getSpec().getPool().getName()).orElse(""))
        .put("ready", ready(node))
        .put(
            "cordoned",
            node.getSpec() != null && Boolean.TRUE.equals(node.getSpec().getUnschedulable()))
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
    ArrayNode timeline = o.putArray("timeline");
    mcn.map(NodeJson::happened)
        .orElse(List.of())
        .forEach(
            c ->
                timeline
                    .addObject()
                    .put("type", c.getType())
                    .put("status", c.getStatus())
                    .put("reason", Optional.ofNullable(c.getReason()).orElse(""))
                    .put("message", Optional.ofNullable(c.getMessage()).orElse(""))
                    .put("time", Optional.ofNullable(c.getLastTransitionTime()).orElse("")));
    return o;
  }

  private static List<Condition> happened(MachineConfigNode mcn) {
    return Optional.ofNullable(mcn.getStatus())
        .map(s -> s.getConditions())
        .orElse(List.of())
        .stream()
        .filter(c -> !"NotYetOccurred".equals(c.getReason()))
        .sorted(
            Comparator.comparing(
                (Condition c) -> Optional.ofNullable(c.getLastTransitionTime()).orElse("")))
        .toList();
  }

  private static boolean ready(Node node) {
    return node.getStatus() != null
        && node.getStatus().getConditions().stream()
            .anyMatch(c -> "Ready".equals(c.getType()) && "True".equals(c.getStatus()));
  }
}

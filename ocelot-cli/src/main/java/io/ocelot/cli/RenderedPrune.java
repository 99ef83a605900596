package io.ocelot.cli;

import com.fasterxml.jackson.databind.JsonNode;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.OwnerReference;
import io.ocelot.api.json.Json;
import io.ocelot.api.model.MachineConfig;
import io.ocelot.api.model.MachineConfigPool;
import io.ocelot.api.node.NodeAnnotations;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * Which rendered MachineConfigs {@code ocelot prune renderedmachineconfigs} may delete (pure):
 * those of the pool asked for (all pools by default) that no pool and no node still names — a
 * pool's spec or status configuration, a node's current or desired config, the config a node holds
 * as a failed target (a retry sends it again). As {@code oc adm prune renderedmachineconfigs}.
 */
final class RenderedPrune {
  static final String PREFIX = "rendered-";

  /** The rendered configs to delete, and those kept with why (name → reason), in name order. */
  record Plan(List<String> delete, Map<String, String> kept) {}

  private RenderedPrune() {}

  static Plan plan(
      List<MachineConfig> configs,
      List<MachineConfigPool> pools,
      List<Node> nodes,
      Optional<String> poolName) {
    Map<String, String> inUse = new TreeMap<>();
    for (MachineConfigPool p : pools) {
      String pool = "pool " + p.getMetadata().getName();
      if (p.getSpec() != null && p.getSpec().getConfiguration() != null) {
        inUse.putIfAbsent(p.getSpec().getConfiguration().getName(), pool + " (spec)");
      }
      if (p.getStatus() != null && p.getStatus().getConfiguration() != null) {
        inUse.putIfAbsent(p.getStatus().getConfiguration().getName(), pool + " (status)");
      }
    }
    for (Node n : nodes) {
      Map<String, String> a =
          n.getMetadata().getAnnotations() == null ? Map.of() : n.getMetadata().getAnnotations();
      String node = "node " + n.getMetadata().getName();
      Optional.ofNullable(a.get(NodeAnnotations.CURRENT_CONFIG))
          .ifPresent(c -> inUse.putIfAbsent(c, node + " (current)"));
      Optional.ofNullable(a.get(NodeAnnotations.DESIRED_CONFIG))
          .ifPresent(c -> inUse.putIfAbsent(c, node + " (desired)"));
      heldConfig(a.get(NodeAnnotations.FAILED_TARGET))
          .ifPresent(c -> inUse.putIfAbsent(c, node + " (held failed target)"));
    }
    List<String> delete = new ArrayList<>();
    Map<String, String> kept = new TreeMap<>();
    configs.stream()
        .map(c -> c.getMetadata())
        .filter(m -> m.getName().startsWith(PREFIX))
        .filter(m -> poolName.map(p -> p.equals(poolOf(m))).orElse(true))
        .map(m -> m.getName())
        .sorted()
        .forEach(
            name -> {
              if (inUse.containsKey(name)) {
                kept.put(name, "in use by " + inUse.get(name));
              } else {
                delete.add(name);
              }
            });
    return new Plan(delete, kept);
  }

  /** The pool a rendered config belongs to: its owner, else the name {@code rendered-<pool>-…}. */
  static String poolOf(io.fabric8.kubernetes.api.model.ObjectMeta m) {
    if (m.getOwnerReferences() != null) {
      for (OwnerReference o : m.getOwnerReferences()) {
        if ("MachineConfigPool".equals(o.getKind())) {
          return o.getName();
        }
      }
    }
    String rest = m.getName().substring(PREFIX.length());
    int dash = rest.lastIndexOf('-');
    return dash < 0 ? rest : rest.substring(0, dash);
  }

  private static Optional<String> heldConfig(String failedTarget) {
    if (failedTarget == null) {
      return Optional.empty();
    }
    try {
      JsonNode held = Json.MAPPER.readTree(failedTarget);
      return held.path("config").isTextual()
          ? Optional.of(held.path("config").asText())
          : Optional.empty();
    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
      return Optional.empty(); // not a record the daemon wrote: it names nothing
    }
  }
}

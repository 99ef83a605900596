package io.ocelot.controller.members;

import io.ocelot.api.node.NodeAnnotations;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;

/** Builders for pool nodes in tests. */
public final class Nodes {
  private Nodes() {}

  public static PoolNode node(String name, String current, String desired, String state) {
    return node(name, current, desired, state, true, null, 0);
  }

  public static PoolNode node(
      String name,
      String current,
      String desired,
      String state,
      boolean ready,
      String zone,
      int ageRank) {
    Map<String, String> a = new HashMap<>();
    if (current != null) {
      a.put(NodeAnnotations.CURRENT_CONFIG, current);
    }
    if (desired != null) {
      a.put(NodeAnnotations.DESIRED_CONFIG, desired);
    }
    if (state != null) {
      a.put(NodeAnnotations.STATE, state);
    }
    Map<String, String> labels = zone == null ? Map.of() : Map.of(PoolNode.ZONE_LABEL, zone);
    return new PoolNode(
        name, a, labels, ready, Instant.parse("2026-01-01T00:00:00Z").plusSeconds(ageRank));
  }

  public static PoolNode with(PoolNode n, String key, String value) {
    Map<String, String> a = new HashMap<>(n.annotations());
    if (value == null) {
      a.remove(key);
    } else {
      a.put(key, value);
    }
    return new PoolNode(n.name(), a, n.labels(), n.ready(), n.created());
  }
}

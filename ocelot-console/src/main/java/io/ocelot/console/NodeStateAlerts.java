package io.ocelot.console;

import io.fabric8.kubernetes.api.model.Node;
import io.ocelot.api.node.NodeAnnotations;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Alerts for a console without Prometheus on a real cluster, where the daemons' metrics are out of
 * reach: derived from each node's state annotation, the way the state gauges behind Ocelot's alerts
 * are set (no {@code for:} delay).
 */
public final class NodeStateAlerts {
  private NodeStateAlerts() {}

  public static List<Alert> of(List<Node> nodes) {
    return nodes.stream()
        .map(NodeStateAlerts::alert)
        .flatMap(Optional::stream)
        .sorted(java.util.Comparator.comparing(Alert::node))
        .toList();
  }

  private static Optional<Alert> alert(Node n) {
    Map<String, String> a = Optional.ofNullable(n.getMetadata().getAnnotations()).orElse(Map.of());
    String name = n.getMetadata().getName();
    if (!"Degraded".equals(a.get(NodeAnnotations.STATE))) {
      return Optional.empty();
    }
    return Optional.of(
        a.getOrDefault(NodeAnnotations.REASON, "").startsWith("reboot command failed")
            ? new Alert("OcelotRebootFailing", name, "critical")
            : new Alert("OcelotUpdateFailing", name, "warning"));
  }
}

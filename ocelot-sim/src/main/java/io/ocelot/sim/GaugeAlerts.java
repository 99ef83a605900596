package io.ocelot.sim;

import io.ocelot.console.Alert;
import io.prometheus.metrics.model.snapshots.CounterSnapshot;
import io.prometheus.metrics.model.snapshots.GaugeSnapshot;
import io.prometheus.metrics.model.snapshots.MetricSnapshot;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;

/**
 * The console's alerts without a Prometheus: the shipped alert expressions evaluated on each
 * daemon's current metrics, without their {@code for:} delays.
 */
final class GaugeAlerts {
  /** An alert of monitoring/rules.yml: its name and severity. */
  record Rule(String alert, String severity) {}

  /** metric family → alert, as in monitoring/rules.yml (GaugeAlertsTest holds them equal). */
  static final Map<String, Rule> RULES =
      Map.of(
          "mcd_reboots_failed", new Rule("MCDRebootError", "critical"),
          "mcd_reboot_failing", new Rule("OcelotRebootFailing", "critical"),
          "mcd_update_failing", new Rule("OcelotUpdateFailing", "warning"),
          "mcd_pivot_errors_total", new Rule("MCDPivotError", "warning"),
          "mcd_health_check_failures", new Rule("OcelotHealthCheckFailed", "warning"),
          "ocelot_daemon_target_held", new Rule("OcelotTargetHeld", "warning"));

  /** The metric names (as the client library names families) the alerts read. */
  static final java.util.Set<String> METRICS = RULES.keySet();

  private GaugeAlerts() {}

  static List<Alert> of(Collection<SimNode> nodes) {
    List<Alert> out = new ArrayList<>();
    for (SimNode node : nodes) {
      for (MetricSnapshot family : node.registry().scrape()) {
        Rule rule = RULES.get(family.getMetadata().getName());
        if (rule != null && value(family) > 0) {
          out.add(new Alert(rule.alert(), node.name(), rule.severity()));
        }
      }
    }
    out.sort(java.util.Comparator.comparing(Alert::name).thenComparing(Alert::node));
    return out;
  }

  private static double value(MetricSnapshot family) {
    if (family instanceof CounterSnapshot c && !c.getDataPoints().isEmpty()) {
      return c.getDataPoints().get(0).getValue();
    }
    if (family instanceof GaugeSnapshot g && !g.getDataPoints().isEmpty()) {
      return g.getDataPoints().get(0).getValue();
    }
    return 0;
  }
}

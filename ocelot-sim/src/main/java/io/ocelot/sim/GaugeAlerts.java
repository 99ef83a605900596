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
  /** metric → (alert, severity), as in deploy/prometheus/rules.yml. */
  private static final Map<String, String[]> RULES =
      Map.of(
          "mcd_reboots_failed", new String[] {"MCDRebootError", "critical"},
          "mcd_reboot_failing", new String[] {"OcelotRebootFailing", "critical"},
          "mcd_update_failing", new String[] {"OcelotUpdateFailing", "warning"},
          "mcd_pivot_errors_total", new String[] {"MCDPivotError", "warning"});

  /** The metric names (as the client library names families) the alerts read. */
  static final java.util.Set<String> METRICS = RULES.keySet();

  private GaugeAlerts() {}

  static List<Alert> of(Collection<SimNode> nodes) {
    List<Alert> out = new ArrayList<>();
    for (SimNode node : nodes) {
      for (MetricSnapshot family : node.registry().scrape()) {
        String[] rule = RULES.get(family.getMetadata().getName());
        if (rule != null && value(family) > 0) {
          out.add(new Alert(rule[0], node.name(), rule[1]));
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

package io.ocelot.daemon.txn;

import static org.assertj.core.api.Assertions.assertThat;

import io.prometheus.metrics.model.registry.PrometheusRegistry;
import io.prometheus.metrics.model.snapshots.CounterSnapshot;
import io.prometheus.metrics.model.snapshots.GaugeSnapshot;
import io.prometheus.metrics.model.snapshots.MetricSnapshot;
import io.prometheus.metrics.model.snapshots.MetricSnapshots;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/** The engine's metrics carry the contract's names and types, per registry (no static state). */
class EngineMetricsTest {

  static Map<String, String> types(PrometheusRegistry registry) {
    MetricSnapshots snapshots = registry.scrape();
    Map<String, String> out = new TreeMap<>();
    for (MetricSnapshot s : snapshots) {
      String type =
          s instanceof CounterSnapshot ? "counter" : s instanceof GaugeSnapshot ? "gauge" : "other";
      // Counters are exported with _total appended to their base name.
      String name = s.getMetadata().getPrometheusName() + (type.equals("counter") ? "_total" : "");
      out.put(name, type);
    }
    return out;
  }

  @Test
  void namesAndTypesAsTheContractSays() {
    PrometheusRegistry registry = new PrometheusRegistry();
    new EngineMetrics(registry);
    assertThat(types(registry))
        .containsExactlyInAnyOrderEntriesOf(
            Map.of(
                "mcd_reboots_failed_total", "counter",
                "mcd_pivot_errors_total", "gauge",
                "mcd_reboot_failing", "gauge",
                "mcd_update_failing", "gauge",
                "mcd_health_check_failures_total", "counter"));
  }

  @Test
  void gaugesClearWhenTheNodeSettlesButTheCounterDoesNot() {
    EngineMetrics m = new EngineMetrics(new PrometheusRegistry());
    m.rebootFailed();
    m.stagingFailed();
    m.updateFailed();
    assertThat(m.rebootsFailedTotal()).isEqualTo(1.0);
    assertThat(m.rebootFailing()).isEqualTo(1.0);
    assertThat(m.pivotErrors()).isEqualTo(1.0);
    m.stagingSucceeded();
    m.settled();
    assertThat(m.pivotErrors()).isZero();
    assertThat(m.rebootFailing()).isZero();
    assertThat(m.updateFailing()).isZero();
    assertThat(m.rebootsFailedTotal()).isEqualTo(1.0);
  }

  @Test
  void twoDaemonsInOneJvmHaveTheirOwnCounters() {
    EngineMetrics a = new EngineMetrics(new PrometheusRegistry());
    EngineMetrics b = new EngineMetrics(new PrometheusRegistry());
    a.rebootFailed();
    assertThat(b.rebootsFailedTotal()).isZero();
  }
}

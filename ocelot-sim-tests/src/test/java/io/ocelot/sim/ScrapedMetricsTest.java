package io.ocelot.sim;

import static org.assertj.core.api.Assertions.assertThat;

import io.prometheus.metrics.core.metrics.Counter;
import io.prometheus.metrics.core.metrics.Gauge;
import io.prometheus.metrics.expositionformats.PrometheusTextFormatWriter;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import io.prometheus.metrics.model.snapshots.CounterSnapshot;
import io.prometheus.metrics.model.snapshots.GaugeSnapshot;
import io.prometheus.metrics.model.snapshots.MetricSnapshot;
import io.prometheus.metrics.model.snapshots.MetricSnapshots;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** A machine daemon's /metrics page read back into the families the sim's own daemons have. */
class ScrapedMetricsTest {
  @Test
  void countersAndGaugesOfAPageAsTheDaemonWroteThem() throws Exception {
    PrometheusRegistry daemon = new PrometheusRegistry();
    Counter.builder().name("mcd_reboots_failed_total").register(daemon).inc(2);
    Gauge.builder()
        .name("mcd_state")
        .labelNames("state", "reason")
        .register(daemon)
        .labelValues("Degraded", "reboot \"failed\"\nagain")
        .set(1);
    ByteArrayOutputStream page = new ByteArrayOutputStream();
    PrometheusTextFormatWriter.create().write(page, daemon.scrape());

    MetricSnapshots read =
        ScrapedMetrics.snapshots(new MetricsText(page.toString(StandardCharsets.UTF_8)));

    MetricSnapshot failed = family(read, "mcd_reboots_failed");
    assertThat(failed).isInstanceOf(CounterSnapshot.class);
    assertThat(((CounterSnapshot) failed).getDataPoints().get(0).getValue()).isEqualTo(2.0);
    GaugeSnapshot state = (GaugeSnapshot) family(read, "mcd_state");
    assertThat(state.getDataPoints().get(0).getLabels().get("reason"))
        .isEqualTo("reboot \"failed\"\nagain");
    assertThat(state.getDataPoints().get(0).getValue()).isEqualTo(1.0);
  }

  @Test
  void aDaemonThatIsDownHasNoSeries() {
    ScrapedMetrics down =
        new ScrapedMetrics(
            java.net.URI.create("http://127.0.0.1:9/metrics"),
            java.net.http.HttpClient.newHttpClient());

    assertThat(down.collect().size()).isZero();
  }

  private static MetricSnapshot family(MetricSnapshots all, String name) {
    return all.stream()
        .filter(f -> f.getMetadata().getName().equals(name))
        .findFirst()
        .orElseThrow(() -> new AssertionError("no family " + name + " in " + all));
  }
}

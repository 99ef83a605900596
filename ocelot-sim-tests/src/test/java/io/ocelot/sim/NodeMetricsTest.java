package io.ocelot.sim;

import static org.assertj.core.api.Assertions.assertThat;

import io.prometheus.metrics.core.metrics.Counter;
import io.prometheus.metrics.core.metrics.Gauge;
import io.prometheus.metrics.expositionformats.PrometheusTextFormatWriter;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class NodeMetricsTest {
  @TempDir Path dir;

  SimNode node(String name) {
    return UnwiredNodes.node(dir, name);
  }

  @Test
  void everyDaemonSeriesGetsItsNodeLabelInOneFamily() throws Exception {
    SimNode a = node("worker-0");
    SimNode b = node("worker-1");
    for (SimNode n : List.of(a, b)) {
      Counter.builder().name("mcd_reboots_failed_total").register(n.registry());
      Gauge.builder()
          .name("mcd_state")
          .labelNames("state", "reason")
          .register(n.registry())
          .labelValues("Done", "")
          .set(1);
    }
    PrometheusRegistry all = new PrometheusRegistry();
    all.register(new NodeMetrics(() -> List.of(a, b)));
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    PrometheusTextFormatWriter.create().write(out, all.scrape());
    String text = out.toString(StandardCharsets.UTF_8);
    assertThat(text)
        .contains("mcd_reboots_failed_total{node=\"worker-0\"} 0.0")
        .contains("mcd_reboots_failed_total{node=\"worker-1\"} 0.0")
        .contains("mcd_state{node=\"worker-1\",reason=\"\",state=\"Done\"} 1.0");
    assertThat(text.split("# TYPE mcd_reboots_failed_total counter", -1)).hasSize(2);
  }

  @Test
  void powerFollowsItsTransitionTable() {
    assertThat(Power.UP.canBecome(Power.REBOOTING)).isTrue();
    assertThat(Power.UP.canBecome(Power.HUNG)).isFalse();
    assertThat(Power.REBOOTING.canBecome(Power.HUNG)).isTrue();
    assertThat(Power.HUNG.canBecome(Power.REBOOTING)).isFalse();
    assertThat(Power.HUNG.canBecome(Power.UP)).isTrue();
  }
}

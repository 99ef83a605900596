package io.ocelot.sim;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.fabric8.kubernetes.client.utils.Serialization;
import io.ocelot.console.Alert;
import io.ocelot.daemon.sync.DaemonMetrics;
import io.prometheus.metrics.core.metrics.Counter;
import io.prometheus.metrics.core.metrics.Gauge;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class GaugeAlertsTest {
  @TempDir Path dir;

  SimNode node() {
    return UnwiredNodes.node(dir, "worker-1");
  }

  @Test
  void itWatchesMetricsTheDaemonReallyExports() {
    PrometheusRegistry registry = new PrometheusRegistry();
    new DaemonMetrics(registry);
    Set<String> exported =
        registry.scrape().stream().map(f -> f.getMetadata().getName()).collect(Collectors.toSet());
    assertThat(exported).containsAll(GaugeAlerts.METRICS);
  }

  @Test
  void failingMetricsRaiseTheShippedAlertsAndClearingOnesLowerThem() {
    SimNode node = node();
    Counter failed = Counter.builder().name("mcd_reboots_failed_total").register(node.registry());
    Gauge failing = Gauge.builder().name("mcd_reboot_failing").register(node.registry());
    assertThat(GaugeAlerts.of(List.of(node))).isEmpty();
    failed.inc();
    failing.set(1);
    assertThat(GaugeAlerts.of(List.of(node)))
        .containsExactly(
            new Alert("MCDRebootError", "worker-1", "critical"),
            new Alert("OcelotRebootFailing", "worker-1", "critical"));
    failing.set(0);
    assertThat(GaugeAlerts.of(List.of(node)))
        .containsExactly(new Alert("MCDRebootError", "worker-1", "critical"));
  }

  @Test
  void itsAlertsAreTheShippedRulesNamesSeveritiesAndMetrics() throws Exception {
    JsonNode file =
        Serialization.unmarshal(
            Files.readString(Path.of("..", "monitoring", "rules.yml")), JsonNode.class);
    Map<String, JsonNode> shipped = new HashMap<>();
    file.path("groups")
        .forEach(g -> g.path("rules").forEach(r -> shipped.put(r.path("alert").asText(), r)));
    GaugeAlerts.RULES.forEach(
        (metric, rule) -> {
          assertThat(shipped).as("rules.yml has %s", rule.alert()).containsKey(rule.alert());
          JsonNode shippedRule = shipped.get(rule.alert());
          assertThat(shippedRule.path("labels").path("severity").asText())
              .as("severity of %s", rule.alert())
              .isEqualTo(rule.severity());
          // A counter's family is named without _total; its series (in the expression) with it.
          assertThat(shippedRule.path("expr").asText())
              .as("expression of %s", rule.alert())
              .startsWith(metric);
        });
  }
}

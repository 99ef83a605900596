package io.ocelot.sim;

import static org.assertj.core.api.Assertions.assertThat;

import io.ocelot.console.Alert;
import io.ocelot.daemon.node.DaemonMetrics;
import io.ocelot.daemon.node.DaemonSettings;
import io.ocelot.fakehost.HostRootBuilder;
import io.prometheus.metrics.core.metrics.Counter;
import io.prometheus.metrics.core.metrics.Gauge;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class GaugeAlertsTest {
  @TempDir Path dir;

  SimNode node() {
    return new SimNode(
        "worker-1",
        HostRootBuilder.at(dir.resolve("root")).build(),
        null,
        DaemonSettings.defaults("worker-1"),
        Duration.ofSeconds(1),
        Clock.systemUTC());
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
}

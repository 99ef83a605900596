package io.ocelot.daemon.node;

import io.prometheus.metrics.core.metrics.Counter;
import io.prometheus.metrics.core.metrics.Gauge;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import java.time.Instant;

/** The config drift monitor's metrics: MCO's {@code mcd_config_drift} and Ocelot's check count. */
public final class DriftMetrics {
  private final Gauge configDrift;
  private final Counter checks;

  public DriftMetrics(PrometheusRegistry registry) {
    configDrift =
        Gauge.builder()
            .name("mcd_config_drift")
            .help(
                "Config drift: 0 when the drift monitor starts, the unix time of the last drift it"
                    + " detected")
            .register(registry);
    checks =
        Counter.builder()
            .name("ocelot_daemon_drift_checks")
            .help("Times the config drift monitor compared the host with the node's config")
            .register(registry);
  }

  /** The drift monitor started: no drift known. */
  void started() {
    configDrift.set(0);
  }

  /** The drift monitor compared the host with the config. */
  void checked() {
    checks.inc();
  }

  /** The drift monitor found the host off its config. */
  void detected(Instant now) {
    configDrift.set(now.getEpochSecond());
  }
}

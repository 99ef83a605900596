package io.ocelot.daemon.txn;

import io.prometheus.metrics.core.metrics.Counter;
import io.prometheus.metrics.core.metrics.Gauge;
import io.prometheus.metrics.model.registry.PrometheusRegistry;

/**
 * The engine's metrics, registered in an injected registry (one per daemon: a thousand daemons can
 * share a JVM). Names and semantics as the contract says: {@code mcd_reboots_failed_total} counts
 * failed reboot requests; {@code mcd_pivot_errors_total} is MCO's gauge of staging failures, reset
 * by a successful staging; Ocelot's {@code mcd_reboot_failing} and {@code mcd_update_failing} are
 * 0/1 gauges that clear when the node recovers.
 */
public final class EngineMetrics {
  private final Counter rebootsFailed;
  private final Gauge pivotErrors;
  private final Gauge rebootFailing;
  private final Gauge updateFailing;
  private final Counter healthCheckFailures;

  public EngineMetrics(PrometheusRegistry registry) {
    rebootsFailed =
        Counter.builder()
            .name("mcd_reboots_failed_total")
            .help("Number of times the reboot command failed")
            .register(registry);
    pivotErrors =
        Gauge.builder()
            .name("mcd_pivot_errors_total")
            .help("Failures to stage the OS image since the last success (MCO semantics)")
            .register(registry);
    rebootFailing =
        Gauge.builder()
            .name("mcd_reboot_failing")
            .help("1 while the last reboot request failed and no update has completed since")
            .register(registry);
    updateFailing =
        Gauge.builder()
            .name("mcd_update_failing")
            .help("1 while the last update attempt failed and no update has completed since")
            .register(registry);
    healthCheckFailures =
        Counter.builder()
            .name("mcd_health_check_failures_total")
            .help("Boots into an update that failed a required health check and were rolled back")
            .register(registry);
  }

  void healthCheckFailed() {
    healthCheckFailures.inc();
  }

  public double healthCheckFailures() {
    return healthCheckFailures.get();
  }

  void rebootFailed() {
    rebootsFailed.inc();
    rebootFailing.set(1);
  }

  void stagingFailed() {
    pivotErrors.inc();
  }

  void stagingSucceeded() {
    pivotErrors.set(0);
  }

  void updateFailed() {
    updateFailing.set(1);
  }

  /** An update completed (or there was nothing to do): the failing gauges clear. */
  public void settled() {
    updateFailing.set(0);
    rebootFailing.set(0);
  }

  public double rebootsFailedTotal() {
    return rebootsFailed.get();
  }

  public double rebootFailing() {
    return rebootFailing.get();
  }

  public double updateFailing() {
    return updateFailing.get();
  }

  public double pivotErrors() {
    return pivotErrors.get();
  }
}

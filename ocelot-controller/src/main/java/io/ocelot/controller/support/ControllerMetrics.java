package io.ocelot.controller.support;

import io.ocelot.api.model.MachineConfigPoolCondition;
import io.ocelot.api.model.MachineConfigPoolStatus;
import io.prometheus.metrics.core.metrics.Counter;
import io.prometheus.metrics.core.metrics.Gauge;
import io.prometheus.metrics.model.registry.PrometheusRegistry;

/**
 * The controller's metrics: MCO's {@code mcc_drain_err{node}} (1 while a drain has been failing
 * longer than the timeout, removed when it succeeds) and pool gauges: {@code
 * mcc_pool_machines{pool,kind}} with the status counts and {@code mcc_pool_condition{pool,type}} (1
 * while a condition is True); a deleted pool's series go ({@link #poolDeleted}), so that no alert
 * keeps firing for a pool that no longer exists. Ocelot's {@code
 * mcc_reconcile_errors_total{controller}} counts reconciles that threw, {@code
 * mcc_pool_passes_total{pool}} the passes over a pool (how busy the controller is with it).
 */
public final class ControllerMetrics {
  private final Gauge drainErr;
  private final Gauge poolMachines;
  private final Gauge poolCondition;
  private final Counter reconcileErrors;
  private final Counter poolPasses;
  private final OclMetrics ocl;

  public ControllerMetrics(PrometheusRegistry registry) {
    drainErr =
        Gauge.builder()
            .name("mcc_drain_err")
            .help("1 while draining the node has failed for longer than the drain timeout")
            .labelNames("node")
            .register(registry);
    poolMachines =
        Gauge.builder()
            .name("mcc_pool_machines")
            .help("Machines of a pool by kind: total, updated, ready, unavailable, degraded")
            .labelNames("pool", "kind")
            .register(registry);
    poolCondition =
        Gauge.builder()
            .name("mcc_pool_condition")
            .help("1 while the pool condition is True, else 0")
            .labelNames("pool", "type")
            .register(registry);
    reconcileErrors =
        Counter.builder()
            .name("mcc_reconcile_errors_total")
            .help("Reconciles that threw, by reconciler; each is retried with backoff")
            .labelNames("controller")
            .register(registry);
    poolPasses =
        Counter.builder()
            .name("mcc_pool_passes_total")
            .help("Passes over a pool (render, rollout, status); at most 5 a second per pool")
            .labelNames("pool")
            .register(registry);
    ocl = new OclMetrics(registry);
  }

  /** On-cluster layering's metrics, in the same registry. */
  public OclMetrics ocl() {
    return ocl;
  }

  public void poolPass(String pool) {
    poolPasses.labelValues(pool).inc();
  }

  public void reconcileFailed(String controller) {
    reconcileErrors.labelValues(controller).inc();
  }

  public void drainFailing(String node) {
    drainErr.labelValues(node).set(1);
  }

  public void drainSucceeded(String node) {
    drainErr.remove(node);
  }

  public void pool(String pool, MachineConfigPoolStatus s) {
    poolMachines.labelValues(pool, "total").set(s.getMachineCount());
    poolMachines.labelValues(pool, "updated").set(s.getUpdatedMachineCount());
    poolMachines.labelValues(pool, "ready").set(s.getReadyMachineCount());
    poolMachines.labelValues(pool, "unavailable").set(s.getUnavailableMachineCount());
    poolMachines.labelValues(pool, "degraded").set(s.getDegradedMachineCount());
    for (MachineConfigPoolCondition c : s.getConditions()) {
      poolCondition.labelValues(pool, c.getType()).set("True".equals(c.getStatus()) ? 1 : 0);
    }
  }

  /** Removes every series of a deleted pool. */
  public void poolDeleted(String pool) {
    poolMachines.removeIf(labels -> labels.get(0).equals(pool));
    poolCondition.removeIf(labels -> labels.get(0).equals(pool));
    poolPasses.remove(pool);
  }
}

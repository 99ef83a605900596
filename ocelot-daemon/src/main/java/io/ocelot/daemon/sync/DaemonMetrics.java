package io.ocelot.daemon.sync;

import io.ocelot.api.node.NodeState;
import io.ocelot.daemon.node.DriftMetrics;
import io.ocelot.daemon.txn.EngineMetrics;
import io.prometheus.metrics.core.metrics.Counter;
import io.prometheus.metrics.core.metrics.Gauge;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import java.time.Instant;
import java.util.Locale;

/**
 * The daemon's metrics: the engine's ({@code mcd_reboots_failed_total}, ...) and MCO's state gauges
 * {@code mcd_state{state,reason}} and {@code mcd_update_state{config,err}}. Labels are bounded: the
 * reason label is a failure class, never error text.
 */
public final class DaemonMetrics {
  private final EngineMetrics engine;
  private final Gauge state;
  private final Gauge updateState;
  private final Counter decisions;
  private final Gauge held;
  private final DriftMetrics drift;

  public DaemonMetrics(PrometheusRegistry registry) {
    engine = new EngineMetrics(registry);
    state =
        Gauge.builder()
            .name("mcd_state")
            .help("The daemon's state (value: unix time it was set); reason is a failure class")
            .labelNames("state", "reason")
            .register(registry);
    updateState =
        Gauge.builder()
            .name("mcd_update_state")
            .help("The last completed update (value: unix time); err is a failure class")
            .labelNames("config", "err")
            .register(registry);
    decisions =
        Counter.builder()
            .name("ocelot_daemon_sync_decisions")
            .help("Syncs of the daemon's loop by what they decided (update, held, nothing-to-do …)")
            .labelNames("decision")
            .register(registry);
    held =
        Gauge.builder()
            .name("ocelot_daemon_target_held")
            .help(
                "1 while the node holds a target it will not apply again by itself (its boot"
                    + " failed there), else 0")
            .register(registry);
    held.set(0);
    drift = new DriftMetrics(registry);
  }

  public EngineMetrics engine() {
    return engine;
  }

  /** One series only: the current state and its reason class. */
  void state(NodeState s, String reasonClass, Instant now) {
    state.clear();
    state.labelValues(s.value(), reasonClass).set(now.getEpochSecond());
  }

  /** An update completed into {@code config} ({@code MachineConfig: X[ / Image: Y]}). */
  void updateCompleted(String config, Instant now) {
    updateState.clear();
    updateState.labelValues(config, "").set(now.getEpochSecond());
  }

  public DriftMetrics drift() {
    return drift;
  }

  /** One sync decided {@code d}. */
  public void decided(SyncDecision d) {
    decisions.labelValues(decisionName(d)).inc();
  }

  /** {@code NothingToDo} as a label: {@code nothing-to-do}. */
  static String decisionName(SyncDecision d) {
    return d.getClass()
        .getSimpleName()
        .replaceAll("([a-z])([A-Z])", "$1-$2")
        .toLowerCase(Locale.ROOT);
  }

  /** Whether the node holds a failed target. */
  void held(boolean on) {
    held.set(on ? 1 : 0);
  }

  /** Completing an update failed (e.g. the uncordon). */
  void updateError(String errClass, Instant now) {
    updateState.clear();
    updateState.labelValues("", errClass).set(now.getEpochSecond());
  }
}

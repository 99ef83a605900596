package io.ocelot.controller.support;

import io.prometheus.metrics.core.metrics.Counter;
import io.prometheus.metrics.core.metrics.Gauge;
import io.prometheus.metrics.core.metrics.Histogram;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

/**
 * On-cluster layering's metrics, with MCO's names and labels (its {@code ocl_metrics.go}): the
 * state of each pool's latest build ({@code ocl_build_state{pool,state}}, 1 for the current state
 * only), its start and end ({@code ocl_build_start_timestamp_seconds}, {@code
 * ocl_build_end_timestamp_seconds}), how builds ended ({@code ocl_build_total{pool,state}}) and how
 * long they took ({@code ocl_build_duration_seconds}) and the builds running per pool ({@code
 * ocl_active_builds}). The alerts OCLBuildFailed and OCLBuildDegraded read them
 * (monitoring/rules.yml).
 */
public final class OclMetrics {
  public static final String BUILDING = "building";
  public static final String SUCCEEDED = "succeeded";
  public static final String FAILED = "failed";
  public static final String INTERRUPTED = "interrupted";
  static final List<String> STATES = List.of(BUILDING, SUCCEEDED, FAILED, INTERRUPTED);

  private final Gauge state;
  private final Gauge started;
  private final Gauge ended;
  private final Counter total;
  private final Histogram duration;
  private final Gauge active;

  public OclMetrics(PrometheusRegistry registry) {
    state =
        Gauge.builder()
            .name("ocl_build_state")
            .help("Current state of the OCL build of a pool; 1 for the active state, 0 otherwise")
            .labelNames("pool", "state")
            .register(registry);
    started =
        Gauge.builder()
            .name("ocl_build_start_timestamp_seconds")
            .help("When the pool's latest OCL build started")
            .labelNames("pool")
            .register(registry);
    ended =
        Gauge.builder()
            .name("ocl_build_end_timestamp_seconds")
            .help("When the pool's latest OCL build completed or failed")
            .labelNames("pool", "state")
            .register(registry);
    total =
        Counter.builder()
            .name("ocl_build_total")
            .help("OCL builds by final state")
            .labelNames("pool", "state")
            .register(registry);
    duration =
        Histogram.builder()
            .name("ocl_build_duration_seconds")
            .help("Duration of OCL builds in seconds")
            .labelNames("pool", "state")
            .classicUpperBounds(60, 180, 300, 600, 900, 1200, 1800, 2400, 3000, 3600)
            .classicOnly()
            .register(registry);
    active =
        Gauge.builder()
            .name("ocl_active_builds")
            .help("OCL builds in progress per pool")
            .labelNames("pool")
            .register(registry);
  }

  /** A build of {@code pool} started at {@code at}. */
  public void started(String pool, Instant at) {
    state(pool, BUILDING);
    started.labelValues(pool).set(seconds(at));
    active.labelValues(pool).inc();
  }

  /**
   * The build of {@code pool} that started at {@code start} ended at {@code end} in {@code
   * finalState} ({@link #SUCCEEDED}, {@link #FAILED}, {@link #INTERRUPTED}); {@code wasRunning}: it
   * had been counted as started (a build refused at its start had not).
   */
  public void ended(
      String pool, String finalState, Instant start, Instant end, boolean wasRunning) {
    state(pool, finalState);
    ended.labelValues(pool, finalState).set(seconds(end));
    total.labelValues(pool, finalState).inc();
    duration
        .labelValues(pool, finalState)
        .observe(Duration.between(start, end).toMillis() / 1000.0);
    if (wasRunning && active.labelValues(pool).get() > 0) {
      active.labelValues(pool).dec();
    }
  }

  private void state(String pool, String current) {
    for (String s : STATES) {
      state.labelValues(pool, s).set(s.equals(current) ? 1 : 0);
    }
  }

  private static double seconds(Instant t) {
    return t.toEpochMilli() / 1000.0;
  }
}

package io.ocelot.controller.pool;

import io.ocelot.api.model.MachineConfigPoolCondition;
import io.ocelot.api.model.MachineConfigPoolStatus;
import io.ocelot.api.model.PoolConfiguration;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.LongSupplier;

/**
 * Coalesces a pool's status writes (issue 16): a change of counts or messages alone waits until
 * {@link #INTERVAL} has passed since the pool's last status write, so a rollout of thousands of
 * nodes writes its pool about once a second instead of once per node change. A change of a
 * condition's status or of the completed configuration goes at once: `kubectl wait` and the pool's
 * `Completed` event must not lag. Measured on a monotonic ticker, not the controller's clock, which
 * a test may stop.
 */
final class StatusPacer {
  static final Duration INTERVAL = Duration.ofSeconds(1);

  private final LongSupplier nanos;
  private final Map<String, Long> lastWrite = new ConcurrentHashMap<>();

  StatusPacer(LongSupplier nanos) {
    this.nanos = nanos;
  }

  /**
   * Whether the status may be written now (empty, and the write is recorded) or how long it waits.
   */
  Optional<Duration> hold(
      String pool, MachineConfigPoolStatus before, MachineConfigPoolStatus after) {
    long now = nanos.getAsLong();
    Long last = lastWrite.get(pool);
    if (last != null && !significant(before, after)) {
      long left = INTERVAL.toNanos() - (now - last);
      if (left > 0) {
        return Optional.of(Duration.ofNanos(left));
      }
    }
    lastWrite.put(pool, now);
    return Optional.empty();
  }

  /** A write that went out anyway (with a spec change). */
  void wrote(String pool) {
    lastWrite.put(pool, nanos.getAsLong());
  }

  /** A condition turned, or the pool completed a configuration. */
  static boolean significant(MachineConfigPoolStatus before, MachineConfigPoolStatus after) {
    if (before == null) {
      return true;
    }
    return !Objects.equals(configuration(before), configuration(after))
        || !conditions(before).equals(conditions(after));
  }

  private static Optional<String> configuration(MachineConfigPoolStatus s) {
    return Optional.ofNullable(s.getConfiguration()).map(PoolConfiguration::getName);
  }

  private static Map<String, String> conditions(MachineConfigPoolStatus s) {
    Map<String, String> out = new TreeMap<>();
    List<MachineConfigPoolCondition> cs = s.getConditions() == null ? List.of() : s.getConditions();
    cs.forEach(c -> out.put(c.getType(), c.getStatus()));
    return out;
  }
}

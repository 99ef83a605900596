package io.ocelot.controller.render;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * MCO renders after a quiet period: a new rendered config is adopted only once the pool's
 * MachineConfigs have stopped changing for {@code quiet}, so a burst of changes ({@code kubectl
 * delete mc A B}) becomes one rendered config and one reboot per node, not one per change. A pool's
 * first render (it has no config yet) is not delayed: nothing is rolled out by it.
 */
public final class RenderDebounce {
  private final Duration quiet;
  private final Clock clock;
  private final Map<String, Pending> pending = new ConcurrentHashMap<>();

  private record Pending(String rendered, Instant since) {}

  public RenderDebounce(Duration quiet, Clock clock) {
    this.quiet = quiet;
    this.clock = clock;
  }

  /**
   * Whether pool {@code pool} (by uid) may adopt {@code rendered} now: empty when it may, else how
   * long to wait. Each different render restarts the quiet period.
   */
  public Optional<Duration> waitFor(String pool, String rendered, Optional<String> current) {
    if (quiet.isZero() || current.isEmpty() || current.get().equals(rendered)) {
      pending.remove(pool);
      return Optional.empty();
    }
    Instant now = clock.instant();
    Pending p = pending.get(pool);
    if (p == null || !p.rendered().equals(rendered)) {
      pending.put(pool, new Pending(rendered, now));
      return Optional.of(quiet);
    }
    Duration waited = Duration.between(p.since(), now);
    if (waited.compareTo(quiet) >= 0) {
      pending.remove(pool);
      return Optional.empty();
    }
    return Optional.of(quiet.minus(waited));
  }
}

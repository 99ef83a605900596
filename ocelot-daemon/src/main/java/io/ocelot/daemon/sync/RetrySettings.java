package io.ocelot.daemon.sync;

import java.time.Duration;

/**
 * How a node retries a target that failed, by what a retry costs (docs/daemon.md, "Retries"). A
 * failure that cost no boot retries after {@code base} doubling to {@code cap} (MCO's 1 s to 60 s),
 * until its cause is fixed. A failure that spent a boot without proving the target bad retries
 * after {@code bootBase} doubling to {@code bootCap} per boot spent, and at most {@code maxBoots}
 * boots go into one target; then the node holds it as it holds a target whose boot proved it bad.
 */
public record RetrySettings(
    Duration base, Duration cap, Duration bootBase, Duration bootCap, int maxBoots) {

  /** 1 s doubling to 60 s; after a boot 5 minutes doubling to 1 hour; 3 boots per target. */
  public static final RetrySettings DEFAULTS =
      new RetrySettings(
          Duration.ofSeconds(1),
          Duration.ofSeconds(60),
          Duration.ofMinutes(5),
          Duration.ofHours(1),
          3);

  public RetrySettings {
    if (maxBoots < 1) {
      throw new IllegalArgumentException("at least one boot per target, not " + maxBoots);
    }
  }

  /** The delay before attempt {@code failures + 1}: base doubling per failure, capped. */
  public Duration backoff(int failures) {
    return doubling(base, cap, failures);
  }

  /** The delay before the boot after {@code boots} boots into one target failed. */
  public Duration bootBackoff(int boots) {
    return doubling(bootBase, bootCap, boots);
  }

  /** These settings with another cap for failures that cost no boot. */
  public RetrySettings withCap(Duration c) {
    return new RetrySettings(base, c, bootBase, bootCap, maxBoots);
  }

  /** These settings with another backoff and budget for failures that spent a boot. */
  public RetrySettings withBoots(Duration first, Duration limit, int max) {
    return new RetrySettings(base, cap, first, limit, max);
  }

  private static Duration doubling(Duration first, Duration limit, int n) {
    if (n <= 0) {
      return Duration.ZERO;
    }
    Duration d = first;
    for (int i = 1; i < n && d.compareTo(limit) < 0; i++) {
      d = d.multipliedBy(2);
    }
    return d.compareTo(limit) > 0 ? limit : d;
  }
}

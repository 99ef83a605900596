package io.ocelot.runtime;

import java.util.Optional;

/** JVM settings Ocelot's processes make first thing in {@code main}, before anything runs. */
public final class ProcessDefaults {
  static final String COMMON_POOL_PARALLELISM =
      "java.util.concurrent.ForkJoinPool.common.parallelism";

  private ProcessDefaults() {}

  /**
   * Gives the common pool at least 2 threads. Below 2, {@code CompletableFuture}'s default executor
   * starts a new thread per task — on a 2-core machine, and in a pod whose small CPU request the
   * JVM counts as one core — and the JDK's HTTP client completes every response through it: a
   * thread started and ended per API request (most of the threads a benchmark's JVM started;
   * docs/performance.md). Must run before anything touches the common pool; a value set on the
   * command line stays.
   */
  public static void apply() {
    commonPoolParallelism(
            System.getProperty(COMMON_POOL_PARALLELISM), Runtime.getRuntime().availableProcessors())
        .ifPresent(p -> System.setProperty(COMMON_POOL_PARALLELISM, p));
  }

  /** The parallelism to set, given what is set and the cores the JVM sees; empty: leave it. */
  static Optional<String> commonPoolParallelism(String set, int cpus) {
    if (set != null || cpus - 1 >= 2) {
      return Optional.empty(); // the JVM's own default (cores - 1) is enough
    }
    return Optional.of("2");
  }
}

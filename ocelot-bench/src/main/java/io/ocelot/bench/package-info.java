/**
 * The benchmark harness: each benchmark starts what it measures as it is deployed (the daemon's
 * image launcher, the controller's JVM options, the simulator's cluster, booted machines), drives
 * one scenario and prints its figures and ratios; none asserts a time. Only the CLI ({@code ocelot
 * bench}) depends on it. Start reading at {@link io.ocelot.bench.RolloutBenchmark};
 * docs/performance.md holds the figures.
 */
package io.ocelot.bench;

package io.ocelot.bench;

import io.ocelot.runtime.BackgroundThreads;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Takes a {@link ThreadCpu} snapshot every few seconds while a benchmark runs, so that the threads
 * that end meanwhile (each simulated reboot ends a daemon's) are counted under their names. Every 5
 * s: a snapshot reads a file per thread, and the sim has a thousand threads.
 */
final class ThreadSampler {
  private static final long PERIOD_SECONDS = 5;

  private final AtomicReference<ThreadCpu> seen;
  private final ScheduledExecutorService timer;

  private ThreadSampler(ThreadCpu first) {
    this.seen = new AtomicReference<>(first);
    this.timer =
        Executors.newSingleThreadScheduledExecutor(BackgroundThreads.named("ocelot-bench-threads"));
  }

  static ThreadSampler start(ThreadCpu first) {
    ThreadSampler s = new ThreadSampler(first);
    s.timer.scheduleWithFixedDelay(s::sample, PERIOD_SECONDS, PERIOD_SECONDS, TimeUnit.SECONDS);
    return s;
  }

  private void sample() {
    ThreadCpu now = ThreadCpu.now();
    seen.updateAndGet(s -> s.merge(now));
  }

  /** Every sample merged with one taken now. */
  ThreadCpu stop() {
    timer.shutdownNow();
    sample();
    return seen.get();
  }
}

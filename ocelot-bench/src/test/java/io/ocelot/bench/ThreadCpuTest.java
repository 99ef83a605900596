package io.ocelot.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** Threads that end during a benchmark are counted under their names when a sample saw them. */
class ThreadCpuTest {
  private static ThreadCpu.Sample worker(long ticks) {
    return new ThreadCpu.Sample("ocelot-daemon-worker-N", ticks);
  }

  /** A line of {@link ThreadCpu#since}. */
  private static String line(String group, double seconds) {
    return String.format("  %-32s %6.3f s", group, seconds);
  }

  @Test
  void anEndedThreadCountsByItsLastSampleAndAReusedIdIsAnotherThread() {
    ThreadCpu before = new ThreadCpu(100, Map.of("1@5", worker(10)));
    ThreadCpu mid =
        new ThreadCpu(
            150, Map.of("1@5", worker(30), "2@9", new ThreadCpu.Sample("process reaper", 5)));
    // Thread 1 ended; its id now names a thread started later.
    ThreadCpu end =
        new ThreadCpu(
            200, Map.of("2@9", new ThreadCpu.Sample("process reaper", 8), "1@40", worker(4)));

    var lines = before.merge(mid).merge(end).since(before, 1, 10);

    assertThat(lines)
        .containsExactly(
            line("(ended threads)", 0.68),
            line("ocelot-daemon-worker-N", 0.24),
            line("process reaper", 0.08));
  }

  @Test
  void withoutTheMiddleSampleTheEndedThreadIsUnnamed() {
    ThreadCpu before = new ThreadCpu(100, Map.of("1@5", worker(10)));
    ThreadCpu end = new ThreadCpu(200, Map.of("1@40", worker(4)));

    var lines = before.merge(end).since(before, 1, 10);

    assertThat(lines)
        .containsExactly(line("(ended threads)", 0.96), line("ocelot-daemon-worker-N", 0.04));
  }

  @Test
  void aSnapshotThatCouldNotReadProcChangesNothing() {
    ThreadCpu before = new ThreadCpu(100, Map.of("1@5", worker(10)));
    ThreadCpu end = new ThreadCpu(200, Map.of("1@5", worker(70)));

    var lines = before.merge(end).merge(new ThreadCpu(0, Map.of())).since(before, 1, 10);

    assertThat(lines)
        .containsExactly(line("ocelot-daemon-worker-N", 0.60), line("(ended threads)", 0.40));
  }
}

package io.ocelot.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * {@code ocelot bench daemon} runs end to end: a daemon in a JVM of its own, with the DaemonSet's
 * Java options, becomes ready on the real control plane, idles, is measured and applies an update.
 * The figures are printed, not judged (a benchmark, not a timed test).
 */
class BenchDaemonIT {
  @Test
  void measuresADaemonInAJvmOfItsOwnWithTheDaemonSetsOptions() throws Exception {
    CliTest.Run r = CliTest.run("bench", "daemon", "--idle-seconds", "2");
    assertThat(r.code()).as(r.out() + r.err()).isZero();
    assertThat(r.out())
        .contains(
            "daemon: "
                + String.join(" ", io.ocelot.sim.bench.DaemonBenchmark.deployedJavaOptions()))
        .containsPattern("ready after start: +\\d+\\.\\d\\d s")
        .containsPattern("idle RSS: +\\d+ MiB \\(max \\d+ MiB over \\d s\\)")
        .containsPattern("idle CPU: +\\d+\\.\\d ms per second")
        .containsPattern("NMT committed: +\\d+ MiB \\(\\d+ classes loaded\\)")
        .containsPattern("NMT by category: +.*Java Heap \\d+\\.\\d")
        .containsPattern("an update \\(SSH key\\): +\\d+\\.\\d\\d s")
        .containsPattern("peak RSS: +\\d+ MiB \\(VmHWM\\)");
  }
}

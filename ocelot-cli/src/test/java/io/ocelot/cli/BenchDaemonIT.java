package io.ocelot.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * {@code ocelot bench daemon} runs end to end: a daemon in a JVM of its own, started as its image
 * starts it (DaemonMain on ocelot-daemon/target/image's lean class path) with the DaemonSet's Java
 * options, becomes ready on the real control plane, idles, is measured and applies an update. The
 * figures are printed, not judged (a benchmark, not a timed test).
 */
class BenchDaemonIT {
  @Test
  void measuresADaemonInAJvmOfItsOwnWithTheDaemonSetsOptions() throws Exception {
    CliTest.Run r = CliTest.run("bench", "daemon", "--idle-seconds", "2");
    assertThat(r.code()).as(r.out() + r.err()).isZero();
    assertThat(r.out())
        .containsPattern("daemon image: .*ocelot-daemon/target/image")
        .containsPattern("build-cds-archive: .*daemon.jsa \\(\\d+ classes listed\\)")
        .contains(
            "daemon: " + String.join(" ", io.ocelot.bench.DaemonBenchmark.deployedJavaOptions()))
        .containsPattern("ready after start: +\\d+\\.\\d\\d s")
        .containsPattern("first sync done: +\\d+\\.\\d\\d s after start \\(start-up CPU \\d+ ms\\)")
        .containsPattern("idle RSS: +\\d+\\.\\d MiB \\(max \\d+\\.\\d MiB over \\d s\\)")
        .containsPattern("idle CPU: +\\d+\\.\\d ms per second \\(\\d+\\.\\d in its second half\\)")
        .containsPattern("idle CPU by thread: +(\\S.* \\d+\\.\\d|none \\(under a clock tick\\))")
        .containsPattern("idle commands' CPU: +\\d+\\.\\d ms per second")
        .containsPattern("NMT committed: +\\d+ MiB \\(\\d+ classes loaded\\)")
        .containsPattern("NMT by category: +.*Java Heap \\d+\\.\\d")
        .containsPattern("an update \\(SSH key\\): +\\d+\\.\\d\\d s")
        .containsPattern("peak RSS: +\\d+\\.\\d MiB \\(VmHWM\\)");
    // The daemon's classes come from the image's archive: the JDK's own archive alone is ~12 MiB.
    Matcher shared = Pattern.compile("Shared class space (\\d+)\\.\\d").matcher(r.out());
    assertThat(shared.find()).as(r.out()).isTrue();
    assertThat(Integer.parseInt(shared.group(1))).as(r.out()).isGreaterThan(20);
    BenchLeftovers.assertOnlyLogs(r.out(), "the daemon's log");
  }
}

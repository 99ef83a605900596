package io.ocelot.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * {@code ocelot bench controller} runs end to end on a few nodes: the controller in a JVM of its
 * own, logged in as its ServiceAccount with leader election on (it must keep its Lease through the
 * run: deploy/'s RBAC once lacked the patch its renewal sends), renders, targets a batch within
 * maxUnavailable and rolls a new config out to the stand-ins. Figures printed, not judged.
 */
class BenchControllerIT {
  @Test
  void rollsOutToStandInsWithTheControllerInAJvmOfItsOwn() throws Exception {
    CliTest.Run r =
        CliTest.run(
            "bench",
            "controller",
            "--workers",
            "12",
            "--max-unavailable",
            "25%",
            "--timeout-minutes",
            "3");
    assertThat(r.code()).as(r.out() + r.err()).isZero();
    assertThat(r.out())
        .containsPattern("nodes created: +12 in \\d+\\.\\d s")
        .containsPattern("controller holding them, idle: +RSS \\d+ MiB, \\d+ threads")
        .containsPattern(
            "node writes, nothing else asking: +3 in \\d+\\.\\d\\d s \\(\\d+ per second")
        .containsPattern("rendered config → first batch targeted: +\\d+\\.\\d\\d s \\(3 nodes\\)")
        .containsPattern("rollout: +\\d+\\.\\d s for 12 nodes")
        .containsPattern("pool status writes during the rollout: +\\d+ \\(\\d+\\.\\d{3} per node")
        .containsPattern("controller RSS after it / peak: +\\d+ MiB / \\d+ MiB")
        .containsPattern("stand-ins' failed writes: +0\\n");
    BenchLeftovers.assertOnlyLogs(r.out(), "the controller's log");
  }
}

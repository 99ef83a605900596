package io.ocelot.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * {@code ocelot bench machines} runs end to end with one machine node beside a simulated worker:
 * the machine's boot, its daemon's start-up, its memory and idle CPU, and a rebooting update on
 * both kinds of node. Figures printed, not judged. Needs what machines need (root,
 * systemd-container, debootstrap): without them it fails with the reason.
 */
class BenchMachinesIT {
  @Test
  void measuresAMachineBesideASimulatedNode() {
    CliTest.Run r =
        CliTest.run(
            "bench", "machines", "--machines", "1", "--reboot-seconds", "1", "--idle-seconds", "2");

    assertThat(r.code()).as(r.out() + r.err()).isZero();
    assertThat(r.out())
        .containsPattern("cluster up: +\\d+\\.\\d s \\(1 machines, 1 simulated\\)")
        .containsPattern("machines boot from: +ostree deployments")
        .containsPattern("machine boot \\(to systemd running\\): *\\d+\\.\\d s")
        .containsPattern("daemon start-up on a machine: +\\d+\\.\\d s")
        .containsPattern("memory of worker-0 \\(PSS\\): +\\d+\\.\\d MiB, the daemon's JVM \\d+")
        .containsPattern("idle CPU of the machines: +\\d+\\.\\d ms/s per machine")
        .containsPattern("t1 of worker-0 \\(machine\\): +\\d+\\.\\d s; its reboot took")
        .containsPattern("t1 of worker-1 \\(simulated\\): +\\d+\\.\\d s");
  }
}

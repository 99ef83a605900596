package io.ocelot.sim;

import static org.assertj.core.api.Assertions.assertThat;

import io.ocelot.sim.demo.Demo;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * The demos on real machines: booted systemd containers (systemd-nspawn) whose daemon runs as its
 * DaemonSet pod would, host tools through chroot. Needs root, systemd-container and debootstrap
 * (.ci/run installs them): without them the cluster does not come up and the test fails, saying
 * why.
 */
class MachineDemoIT {
  /** The daemon's image as the build laid it out (the daemon module is built before this one). */
  static final Path DAEMON_IMAGE = Path.of("../ocelot-daemon/target/image").toAbsolutePath();

  static SimSettings settings(int machines) {
    return DemoIT.settings()
        .withMachines(MachineSettings.of(machines, DAEMON_IMAGE.normalize(), System.getenv()));
  }

  static String run(String scenario, int machines) throws Exception {
    return run(scenario, settings(machines));
  }

  static String run(String scenario, SimSettings settings) throws Exception {
    StringWriter text = new StringWriter();
    boolean passed;
    try (PrintWriter out = new PrintWriter(text)) {
      passed = Demo.run(Demo.scenario(scenario).orElseThrow(), settings, out);
    }
    System.out.println(text);
    assertThat(passed).as(text.toString()).isTrue();
    return text.toString();
  }

  /**
   * The seed's seven steps, with the real systemd-run renamed inside a machine booted from a real
   * ostree deployment (the default): the daemon's rpm-ostree stages and discards ostree
   * deployments, ostree finalizes the update at shutdown, the sim boots ostree's default entry.
   */
  @Test
  void rebootFailureOnAMachine() throws Exception {
    String out = run("reboot-failure", 1);

    assertThat(out)
        .contains("PASS  3. break reboots on worker-0")
        // chroot's words: the daemon ran the host's real tools, not a stand-in.
        .containsPattern(
            "PASS  5\\. worker-0 fails to reboot, rolls back, and says why .*reason=\"reboot"
                + " command failed: systemd-run exited 127: \\\\?\"chroot: failed to run command")
        .containsPattern(
            "PASS  7\\. worker-0 retries, reboots into the layered image and config, and recovers"
                + " .*boots in its journal 1 -> 2")
        .contains("PASS: reboot-failure")
        .doesNotContain("FAIL");
  }

  /**
   * Two machines and a simulated node take a layered image one at a time. The machines are of the
   * other kind, {@code --no-ostree}: an overlay of the base whose OS image the stand-ins keep in
   * files (the sim promotes their staged deployment) — one cluster fewer than a demo of its own.
   */
  @Test
  void rolloutOverTwoOverlayMachinesAndASimulatedNode() throws Exception {
    SimSettings overlay =
        DemoIT.settings()
            .withMachines(
                MachineSettings.of(2, DAEMON_IMAGE.normalize(), System.getenv()).withOstree(false));
    assertThat(run("rollout", overlay))
        .contains("PASS  3. every worker reboots into the layered image, one at a time")
        .contains("PASS  4. never more than maxUnavailable (1) worker unavailable")
        .contains("order [worker-0, worker-1, worker-2]");
  }
}

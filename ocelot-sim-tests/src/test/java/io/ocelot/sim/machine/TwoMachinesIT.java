package io.ocelot.sim.machine;

import static org.assertj.core.api.Assertions.assertThat;

import io.ocelot.daemon.host.Command;
import io.ocelot.daemon.host.CommandResult;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two machines at once, as a simulator with two machine nodes (or two test classes side by side)
 * runs them: a unit of the same name in both is two units, each in its machine's own cgroup.
 */
class TwoMachinesIT {
  @TempDir static Path dir;
  static Machine left;
  static Machine right;

  @BeforeAll
  static void boot() throws Exception {
    left = TestMachines.boot(dir, "left", List.of());
    right = TestMachines.boot(dir, "right", List.of());
  }

  @AfterAll
  static void halt() {
    for (Machine m : new Machine[] {left, right}) {
      if (m != null) {
        m.close();
      }
    }
  }

  static CommandResult run(Machine m, String... argv) {
    return m.commands().run(Command.of(argv[0], List.of(argv).subList(1, argv.length)));
  }

  @Test
  void aUnitKilledInOneMachineLeavesTheOthersOfTheSameNameRunning() {
    for (Machine m : List.of(left, right)) {
      assertThat(run(m, "systemd-run", "--unit=ocelot-twin", "/bin/sleep", "600").ok()).isTrue();
    }
    CommandResult kill = run(left, "systemctl", "kill", "--signal=SIGKILL", "ocelot-twin.service");

    // Sharing one cgroup, this failed: "Failed to send signal SIGKILL to auxiliary processes:
    // Input/output error" (exit 1); the other machine's sleep was in the unit's group too.
    assertThat(kill.exitCode()).as(kill.stderrTail()).isZero();
    assertThat(run(right, "systemctl", "is-active", "ocelot-twin.service").stdout().strip())
        .isEqualTo("active");
  }
}

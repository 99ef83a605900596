package io.ocelot.sim;

import static org.assertj.core.api.Assertions.assertThat;

import io.ocelot.daemon.host.Command;
import io.ocelot.daemon.host.CommandResult;
import io.ocelot.daemon.host.CommandRunner;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executor;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The power tick hands due transitions to a pool, one at a time per node; a reboot the daemon
 * requests is handed over when its command ends, others when the tick looks for them.
 */
class SimNodePowerTest {
  @TempDir Path dir;

  /** Transitions handed over, not yet run. */
  private final List<Runnable> handed = new ArrayList<>();

  private final Executor pool = handed::add;

  private SimulatedNode node(String name) {
    return UnwiredNodes.node(dir, name, pool);
  }

  @Test
  void aNodeWithNothingDueHandsNothingOver() {
    node("worker-0").tick(true);

    assertThat(handed).isEmpty();
  }

  @Test
  void dueTransitionsOfSeveralNodesAreHandedOverInOneTick() throws Exception {
    SimulatedNode a = node("worker-0");
    SimulatedNode b = node("worker-1");
    a.host().requestReboot();
    b.host().requestReboot();

    a.tick(true);
    b.tick(true);

    // The ticking thread did not take either machine down itself: the pool does, side by side.
    assertThat(handed).hasSize(2);
    assertThat(a.power()).isEqualTo(Power.UP);
    assertThat(b.power()).isEqualTo(Power.UP);
  }

  @Test
  void aNodeWhoseTransitionIsUnderWayIsNotHandedOverAgain() throws Exception {
    SimulatedNode a = node("worker-0");
    a.host().requestReboot();

    a.tick(true);
    a.tick(true);
    a.tick(true);

    assertThat(handed).hasSize(1);
  }

  @Test
  void aTickThatDoesNotLookForRequestsLeavesARequestForLater() throws Exception {
    SimulatedNode a = node("worker-0");
    a.host().requestReboot();

    a.tick(false);
    assertThat(handed).isEmpty();

    a.tick(true);
    assertThat(handed).hasSize(1);
  }

  @Test
  void aRebootTheDaemonsCommandRequestedIsHandedOverWhenTheCommandEnds() throws Exception {
    SimulatedNode a = node("worker-0");
    Command reboot = Command.of("systemd-run", "/bin/sh", "-c", "systemctl reboot");
    CommandResult ok = new CommandResult(reboot, 0, "", "");
    CommandRunner systemdRun =
        command -> {
          a.host().requestReboot(); // what the systemd-run stand-in does for "systemctl reboot"
          return ok;
        };
    CommandRunner heard = a.heard(systemdRun);

    CommandResult result = heard.run(reboot);

    assertThat(result).isSameAs(ok);
    assertThat(handed).hasSize(1);
  }

  @Test
  void aCommandThatRequestsNoRebootHandsNothingOver() {
    SimulatedNode a = node("worker-0");

    a.heard(command -> new CommandResult(command, 0, "enabled", ""))
        .run(Command.of("systemctl", "is-enabled", "x"));

    assertThat(handed).isEmpty();
  }
}

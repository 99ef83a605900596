package io.ocelot.sim;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executor;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The power tick hands due transitions to a pool, one at a time per node. */
class SimNodePowerTest {
  @TempDir Path dir;

  /** Transitions handed over, not yet run. */
  private final List<Runnable> handed = new ArrayList<>();

  private final Executor pool = handed::add;

  private SimNode node(String name) {
    return UnwiredNodes.node(dir, name);
  }

  @Test
  void aNodeWithNothingDueHandsNothingOver() {
    node("worker-0").tickOn(pool);

    assertThat(handed).isEmpty();
  }

  @Test
  void dueTransitionsOfSeveralNodesAreHandedOverInOneTick() throws Exception {
    SimNode a = node("worker-0");
    SimNode b = node("worker-1");
    a.host().requestReboot();
    b.host().requestReboot();

    a.tickOn(pool);
    b.tickOn(pool);

    // The ticking thread did not take either machine down itself: the pool does, side by side.
    assertThat(handed).hasSize(2);
    assertThat(a.power()).isEqualTo(Power.UP);
    assertThat(b.power()).isEqualTo(Power.UP);
  }

  @Test
  void aNodeWhoseTransitionIsUnderWayIsNotHandedOverAgain() throws Exception {
    SimNode a = node("worker-0");
    a.host().requestReboot();

    a.tickOn(pool);
    a.tickOn(pool);
    a.tickOn(pool);

    assertThat(handed).hasSize(1);
  }
}

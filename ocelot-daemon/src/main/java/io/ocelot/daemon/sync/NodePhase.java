package io.ocelot.daemon.sync;

import io.ocelot.api.node.NodeState;
import java.util.Map;
import java.util.Set;

/**
 * The daemon's phase and the one table of allowed transitions. As in MCO, a retried update does not
 * go back to Working: a Degraded node stays Degraded until the update completes.
 */
public enum NodePhase {
  STARTING(NodeState.DONE),
  DONE(NodeState.DONE),
  WORKING(NodeState.WORKING),
  REBOOTING(NodeState.WORKING),
  DEGRADED(NodeState.DEGRADED),
  UNRECONCILABLE(NodeState.UNRECONCILABLE);

  private static final Map<NodePhase, Set<NodePhase>> ALLOWED =
      Map.of(
          STARTING, Set.of(DONE, WORKING, REBOOTING, DEGRADED, UNRECONCILABLE),
          DONE, Set.of(DONE, WORKING, REBOOTING, DEGRADED, UNRECONCILABLE),
          WORKING, Set.of(DONE, REBOOTING, DEGRADED, UNRECONCILABLE),
          // A failed reboot request lands in Degraded; a requested reboot ends the process.
          REBOOTING, Set.of(DEGRADED),
          DEGRADED, Set.of(DONE, REBOOTING, DEGRADED, UNRECONCILABLE),
          UNRECONCILABLE, Set.of(DONE, WORKING, REBOOTING, DEGRADED, UNRECONCILABLE));

  private final NodeState state;

  NodePhase(NodeState state) {
    this.state = state;
  }

  /** The {@code state} annotation of this phase. */
  public NodeState state() {
    return state;
  }

  public boolean canGo(NodePhase to) {
    return ALLOWED.get(this).contains(to);
  }

  /** The phase a node's annotation says it is in when a daemon starts. */
  public static NodePhase ofAnnotation(NodeState s) {
    return switch (s) {
      case DONE -> DONE;
      case WORKING -> WORKING;
      case DEGRADED -> DEGRADED;
      case UNRECONCILABLE -> UNRECONCILABLE;
    };
  }
}

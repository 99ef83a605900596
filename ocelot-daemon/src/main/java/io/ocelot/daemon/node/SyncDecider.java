package io.ocelot.daemon.node;

import io.ocelot.api.node.NodeState;
import io.ocelot.daemon.txn.Target;
import java.time.Instant;
import java.util.Optional;

/**
 * The decide step of the sync loop, pure: from the node's annotations, the host's commit marker and
 * the loop's own memory to one {@link SyncDecision}. The disk is authoritative for the current
 * config (as in MCO); a failing target waits for its backoff, whatever other node events arrive.
 */
public final class SyncDecider {
  private SyncDecider() {}

  /** What the loop observed for this sync. */
  public record Observation(
      Optional<NodeView> node,
      boolean rebootRequested,
      boolean hostInFlight,
      Optional<Target> markerTarget,
      Optional<Target> failingTarget,
      Instant nextAttempt,
      Instant now) {}

  public static SyncDecision decide(Observation o) {
    if (o.node().isEmpty()) {
      return new SyncDecision.NodeMissing();
    }
    if (o.rebootRequested()) {
      return new SyncDecision.AwaitingReboot();
    }
    if (o.hostInFlight()) {
      return new SyncDecision.Recover();
    }
    NodeView node = o.node().get();
    Optional<Target> current =
        o.markerTarget()
            .or(() -> node.currentConfig().map(c -> new Target(c, node.currentImage())));
    if (current.isEmpty()) {
      return new SyncDecision.NotManaged(
          "node "
              + node.name()
              + " has no currentConfig annotation and no commit marker on disk;"
              + " not managed yet");
    }
    if (node.desiredConfig().isEmpty()) {
      return new SyncDecision.NotManaged(
          "node "
              + node.name()
              + " has no desiredConfig annotation yet; waiting for the controller");
    }
    Target desired = new Target(node.desiredConfig().get(), node.desiredImage());
    if (node.drainPending()) {
      return new SyncDecision.WaitForDrain(node.desiredDrain().orElse(""));
    }
    boolean done = node.state().filter(s -> s == NodeState.DONE).isPresent();
    if (desired.equals(current.get()) && done && node.postConfigAction().isEmpty()) {
      return new SyncDecision.NothingToDo(current.get());
    }
    if (o.failingTarget().equals(Optional.of(desired)) && o.now().isBefore(o.nextAttempt())) {
      return new SyncDecision.WaitForBackoff(o.nextAttempt());
    }
    return new SyncDecision.Update(current.get(), desired);
  }
}

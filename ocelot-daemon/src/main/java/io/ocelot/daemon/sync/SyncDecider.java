package io.ocelot.daemon.sync;

import com.fasterxml.jackson.core.JsonProcessingException;
import io.ocelot.api.json.Json;
import io.ocelot.api.node.NodeAnnotations;
import io.ocelot.api.node.NodeState;
import io.ocelot.daemon.node.NodeView;
import io.ocelot.daemon.txn.Target;
import java.time.Instant;
import java.util.Optional;

/**
 * The decide step of the sync loop, pure: from the node's annotations, the host's commit marker and
 * the loop's own memory to one {@link SyncDecision}. The disk is authoritative for the current
 * config (as in MCO); a failing target waits for its backoff, whatever other node events arrive,
 * and a target the host's failure record holds ({@link RetryPolicy}) is not tried again until the
 * desired target changes or an admin asks ({@code ocelot.io/retry-requested}).
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
      Instant now,
      Optional<RetryPolicy.Rule> hostRule) {}

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
    if (node.currentConfig().isEmpty() && o.markerTarget().isPresent()) {
      return new SyncDecision.RestoreAnnotations(
          o.markerTarget().get(), node.desiredConfig().isEmpty());
    }
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
    if (node.get(NodeAnnotations.RETRY_REQUESTED).isPresent()) {
      return new SyncDecision.Update(current.get(), desired);
    }
    Optional<RetryPolicy.Rule> rule = o.hostRule().filter(r -> r.target().equals(desired));
    if (rule.isPresent() && rule.get() instanceof RetryPolicy.Hold h) {
      boolean shown =
          node.state().filter(s -> s == NodeState.DEGRADED).isPresent()
              && node.get(NodeAnnotations.FAILED_TARGET)
                  .flatMap(SyncDecider::heldTarget)
                  .equals(Optional.of(desired));
      return new SyncDecision.Held(h.hold(), shown);
    }
    Instant due = o.failingTarget().equals(Optional.of(desired)) ? o.nextAttempt() : Instant.EPOCH;
    if (rule.isPresent()
        && rule.get() instanceof RetryPolicy.Retry r
        && r.notBefore().isAfter(due)) {
      due = r.notBefore();
    }
    if (o.now().isBefore(due)) {
      return new SyncDecision.WaitForBackoff(due);
    }
    return new SyncDecision.Update(current.get(), desired);
  }

  private static Optional<Target> heldTarget(String json) {
    try {
      return TargetHold.targetIn(Json.MAPPER.readTree(json));
    } catch (JsonProcessingException e) {
      return Optional.empty();
    }
  }
}

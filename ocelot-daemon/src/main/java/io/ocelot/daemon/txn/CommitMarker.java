package io.ocelot.daemon.txn;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Optional;

/**
 * The one file that says which config and image the host is on (STABLE) or must boot into next
 * (COMMITTED). It holds the whole rendered MachineConfig, so either state can be validated from
 * disk alone. Written atomically right before the reboot request; put back if the request fails.
 */
public record CommitMarker(
    Phase phase,
    Target target,
    JsonNode machineConfig,
    Optional<Target> previous,
    Optional<JsonNode> previousMachineConfig,
    String attemptId,
    String bootId) {

  /** Whether the marker names the present or the next boot. */
  public enum Phase {
    STABLE,
    COMMITTED
  }

  public static CommitMarker stable(Target target, JsonNode machineConfig, String bootId) {
    return new CommitMarker(
        Phase.STABLE, target, machineConfig, Optional.empty(), Optional.empty(), "", bootId);
  }

  /** The marker of the previous state, for a rolled-back commit. */
  public CommitMarker back() {
    return stable(previous.orElse(target), previousMachineConfig.orElse(machineConfig), bootId);
  }
}

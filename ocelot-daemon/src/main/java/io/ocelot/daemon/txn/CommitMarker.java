package io.ocelot.daemon.txn;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Optional;

/**
 * The one file that says which config and image the host is on (STABLE), must boot into next
 * (COMMITTED) or is going back from (REVERTING). It holds the whole rendered MachineConfig, so
 * every state can be validated from disk alone. Written atomically right before the reboot request;
 * put back if the request fails.
 */
public record CommitMarker(
    Phase phase,
    Target target,
    JsonNode machineConfig,
    Optional<Target> previous,
    Optional<JsonNode> previousMachineConfig,
    String attemptId,
    String bootId,
    Optional<Revert> revert) {

  /** Whether the marker names the present or the next boot, or a way back. */
  public enum Phase {
    STABLE,
    COMMITTED,
    /** The boot into the target failed its health checks; the host goes back to previous. */
    REVERTING
  }

  /**
   * How far a health rollback has come: the deployment it must leave (the target's, when the update
   * changed the deployment) and how many boots it has taken so far.
   */
  public record Revert(Optional<String> leaveDeployment, int boots) {}

  public CommitMarker(
      Phase phase,
      Target target,
      JsonNode machineConfig,
      Optional<Target> previous,
      Optional<JsonNode> previousMachineConfig,
      String attemptId,
      String bootId) {
    this(
        phase,
        target,
        machineConfig,
        previous,
        previousMachineConfig,
        attemptId,
        bootId,
        Optional.empty());
  }

  public static CommitMarker stable(Target target, JsonNode machineConfig, String bootId) {
    return new CommitMarker(
        Phase.STABLE, target, machineConfig, Optional.empty(), Optional.empty(), "", bootId);
  }

  /** The marker of the previous state, for a rolled-back commit. */
  public CommitMarker back() {
    return stable(previous.orElse(target), previousMachineConfig.orElse(machineConfig), bootId);
  }

  /** This committed marker once its boot failed the health checks, in boot {@code bootId}. */
  public CommitMarker reverting(Optional<String> leaveDeployment, String bootId) {
    return reverting(bootId, new Revert(leaveDeployment, 0));
  }

  /** This reverting marker in a new boot {@code bootId}. */
  public CommitMarker rebooted(String bootId) {
    Revert r = revert.orElse(new Revert(Optional.empty(), 0));
    return reverting(bootId, new Revert(r.leaveDeployment(), r.boots() + 1));
  }

  private CommitMarker reverting(String bootId, Revert r) {
    return new CommitMarker(
        Phase.REVERTING,
        target,
        machineConfig,
        previous,
        previousMachineConfig,
        attemptId,
        bootId,
        Optional.of(r));
  }
}

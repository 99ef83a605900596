package io.ocelot.daemon.sync;

import io.ocelot.daemon.txn.Target;
import java.time.Instant;

/** What one sync does, decided from what it observed (see {@link SyncDecider}). */
public sealed interface SyncDecision {

  /** The node is gone (deleted?): nothing to do until it is back. */
  record NodeMissing() implements SyncDecision {}

  /** The reboot was requested; this process waits to be stopped. */
  record AwaitingReboot() implements SyncDecision {}

  /**
   * The engine's state on the host cannot be read (a corrupt journal or marker, a state directory
   * that is a symlink): touch nothing, say so on the Node, retry with backoff.
   */
  record HostStateUnreadable(String reason) implements SyncDecision {}

  /** Finish or undo what the host has in flight (after a boot, a crash, a failed finalize). */
  record Recover() implements SyncDecision {}

  /**
   * The node lost its {@code currentConfig} annotation (removed by hand) while the host is stable
   * on {@code target}: say so again, and the desired config too when that is gone ({@code
   * desiredToo}), as MCO's daemon restores them from the host's file.
   */
  record RestoreAnnotations(Target target, boolean desiredToo) implements SyncDecision {}

  /** Not enough on the node to act on; {@code why} is logged. */
  record NotManaged(String why) implements SyncDecision {}

  /** A drain or uncordon the controller has not acknowledged yet. */
  record WaitForDrain(String request) implements SyncDecision {}

  /** The last attempt at this target failed; the next one is not due yet. */
  record WaitForBackoff(Instant until) implements SyncDecision {}

  /**
   * The desired target failed here in a way that rules out trying it again by itself; {@code shown}
   * when the node already says so.
   */
  record Held(TargetHold hold, boolean shown) implements SyncDecision {}

  /** The node is where it should be. */
  record NothingToDo(Target target) implements SyncDecision {}

  /** Move the node from {@code current} to {@code desired}. */
  record Update(Target current, Target desired) implements SyncDecision {}
}

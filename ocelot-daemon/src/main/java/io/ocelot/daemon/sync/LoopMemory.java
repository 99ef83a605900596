package io.ocelot.daemon.sync;

import io.ocelot.api.json.Json;
import io.ocelot.daemon.txn.Attempt;
import io.ocelot.daemon.txn.FailureJson;
import io.ocelot.daemon.txn.FailureRecord;
import io.ocelot.daemon.txn.Target;
import java.time.Instant;
import java.util.Optional;

/**
 * What the sync loop remembers between syncs of one process, as one value replaced whole: whether
 * it asked for the reboot (it then waits to be stopped), the backoff of the failing target, and the
 * last failure (its attempt number and boots carry on into the next attempt at the same target).
 * What must outlive the process is on the host (the failure record, the marker), not here.
 */
public record LoopMemory(
    boolean rebootRequested, RetryBackoff backoff, Optional<FailureRecord> lastFailure) {

  public static final LoopMemory FRESH = new LoopMemory(false, RetryBackoff.NONE, Optional.empty());

  /** The reboot was requested: nothing more to do in this process. */
  public LoopMemory rebooting() {
    return new LoopMemory(true, RetryBackoff.NONE, lastFailure);
  }

  /** {@code target} failed at {@code now}, with the engine's record when there is one. */
  public LoopMemory failed(
      Target target, Optional<FailureRecord> record, Instant now, RetrySettings settings) {
    return new LoopMemory(
        rebootRequested,
        backoff.failed(target, record, now, settings),
        record.isPresent() ? record : lastFailure);
  }

  /** The sync could not even observe: the same target, one failure more. */
  public LoopMemory again(Instant now, RetrySettings settings) {
    return new LoopMemory(rebootRequested, backoff.again(now, settings), lastFailure);
  }

  /** No backoff to wait for: held (no retry at all), retried by an admin, or succeeded. */
  public LoopMemory noBackoff() {
    return new LoopMemory(rebootRequested, RetryBackoff.NONE, lastFailure);
  }

  /** The node settled on its desired target: a later failure is a new incident, attempt 1. */
  public LoopMemory settled() {
    return new LoopMemory(rebootRequested, RetryBackoff.NONE, Optional.empty());
  }

  /**
   * A fresh process learns the last failure from the node's {@code ocelot.io/last-failure}
   * annotation (the previous process's report), unless it knows one already.
   */
  public LoopMemory remembering(Optional<String> annotation) {
    if (lastFailure.isPresent()) {
      return this;
    }
    return new LoopMemory(rebootRequested, backoff, annotation.flatMap(LoopMemory::parse));
  }

  /** The attempt an update to {@code desired} would be. */
  public Attempt attempt(Optional<Target> desired) {
    return lastFailure
        .filter(f -> desired.isPresent() && f.target().equals(desired.get()))
        .map(Attempt::after)
        .orElse(Attempt.FIRST);
  }

  private static Optional<FailureRecord> parse(String json) {
    try {
      return Optional.of(FailureJson.read(Json.MAPPER.readTree(json)));
    } catch (Exception e) {
      return Optional.empty();
    }
  }
}

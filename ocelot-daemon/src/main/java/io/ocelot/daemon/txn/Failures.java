package io.ocelot.daemon.txn;

import io.ocelot.daemon.host.CommandResult;
import io.ocelot.daemon.host.HostException;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/** Builds failure records from what went wrong. */
final class Failures {
  private Failures() {}

  static FailureRecord of(
      FailureRecord.Phase phase,
      String step,
      String cause,
      Optional<CommandResult> command,
      List<FailureRecord.RollbackStep> rollback,
      Attempt attempt,
      Instant now,
      Target target,
      Target remainsOn) {
    FailureRecord r =
        new FailureRecord(
            phase,
            step,
            command.map(c -> c.command().display()),
            command.map(CommandResult::exitCode),
            command.map(CommandResult::stderrTail).orElse(""),
            cause,
            rollback,
            attempt.number(),
            now,
            now,
            target,
            remainsOn,
            Optional.empty(),
            List.of(),
            0,
            Optional.empty());
    r = r.retryCost() == RetryCost.NONE ? r : r.withBoots(1);
    return attempt.previous().map(r::continuing).orElse(r);
  }

  static FailureRecord of(
      FailureRecord.Phase phase,
      String step,
      HostException e,
      List<FailureRecord.RollbackStep> rollback,
      Attempt attempt,
      Instant now,
      Target target,
      Target remainsOn) {
    return of(phase, step, e.getMessage(), e.command(), rollback, attempt, now, target, remainsOn);
  }
}

package io.ocelot.daemon.sync;

import io.ocelot.daemon.txn.FailureRecord;
import io.ocelot.daemon.txn.Target;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

/**
 * The sync loop's failure backoff, per failing target: how often it failed and when the next
 * attempt is due ({@link RetrySettings}: base doubling per failure, capped). Success clears it.
 *
 * <p>A process's own count starts afresh with every boot, so a failure that comes with a failure
 * record counts at least as its attempt number and is due no earlier than the {@link RetryPolicy}
 * says for it: the record is on the host and survives the process. (A target the policy holds is
 * not retried at all; {@link SyncDecider} sees to that.)
 */
public record RetryBackoff(Optional<Target> target, int failures, Instant nextAttempt) {
  public static final RetryBackoff NONE = new RetryBackoff(Optional.empty(), 0, Instant.EPOCH);

  /** After a failure at {@code failed}, optionally with the engine's record of it. */
  public RetryBackoff failed(
      Target failed, Optional<FailureRecord> record, Instant now, RetrySettings settings) {
    int count = target.equals(Optional.of(failed)) ? failures + 1 : 1;
    int attempt =
        record.filter(r -> r.target().equals(failed)).map(FailureRecord::attempt).orElse(0);
    int n = Math.max(count, attempt);
    Instant next = now.plus(settings.backoff(n));
    Optional<RetryPolicy.Rule> rule =
        record.filter(r -> r.target().equals(failed)).map(r -> RetryPolicy.after(r, settings));
    if (rule.isPresent() && rule.get() instanceof RetryPolicy.Retry r) {
      next = r.notBefore().isAfter(next) ? r.notBefore() : next;
    }
    return new RetryBackoff(Optional.of(failed), n, next);
  }

  /** After a sync that could not even observe (same target, one failure more). */
  public RetryBackoff again(Instant now, RetrySettings settings) {
    int n = failures + 1;
    return new RetryBackoff(target, n, now.plus(settings.backoff(n)));
  }

  /** How long from {@code now} until the next attempt is due (zero when it is). */
  public Duration delayFrom(Instant now) {
    return now.isBefore(nextAttempt) ? Duration.between(now, nextAttempt) : Duration.ZERO;
  }
}

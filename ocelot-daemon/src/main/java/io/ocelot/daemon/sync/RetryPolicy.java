package io.ocelot.daemon.sync;

import io.ocelot.daemon.txn.FailureRecord;
import io.ocelot.daemon.txn.Target;
import java.time.Instant;

/**
 * When, if ever, a node tries a failed target again, from what the retry costs (pure; the table is
 * in docs/daemon.md, "Retries"). The record comes from the host, so the rule outlives the process
 * and the boot: a fresh daemon after the rollback's reboot holds the target as the one that failed
 * it would.
 */
public final class RetryPolicy {
  private RetryPolicy() {}

  /** What follows a failure of {@link #target()}. */
  public sealed interface Rule {
    Target target();
  }

  /** Try again, not before {@code notBefore}. */
  public record Retry(Target target, Instant notBefore) implements Rule {}

  /** Never again by itself. */
  public record Hold(TargetHold hold) implements Rule {
    @Override
    public Target target() {
      return hold.target();
    }
  }

  public static Rule after(FailureRecord f, RetrySettings s) {
    return switch (f.retryCost()) {
      case NONE -> new Retry(f.target(), f.failedAt().plus(s.backoff(f.attempt())));
      case PROVEN_BAD -> hold(f, "its boot on this node failed (" + f.step() + ")");
      case BOOT ->
          f.boots() >= s.maxBoots()
              ? hold(
                  f,
                  "it spent "
                      + f.boots()
                      + (f.boots() == 1 ? " boot" : " boots")
                      + " on this node without becoming healthy (the budget is "
                      + s.maxBoots()
                      + ")")
              : new Retry(f.target(), f.failedAt().plus(s.bootBackoff(f.boots())));
    };
  }

  private static Rule hold(FailureRecord f, String why) {
    return new Hold(new TargetHold(f.target(), f.retryCost(), f.boots(), f.failedAt(), why));
  }
}

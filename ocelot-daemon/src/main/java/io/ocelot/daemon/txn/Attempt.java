package io.ocelot.daemon.txn;

import java.util.Optional;

/** Which attempt of an update this is, and how the previous one failed (same incident or not). */
public record Attempt(int number, Optional<FailureRecord> previous) {
  public static final Attempt FIRST = new Attempt(1, Optional.empty());

  /** The attempt after one that failed with {@code failure}. */
  public static Attempt after(FailureRecord failure) {
    return new Attempt(failure.attempt() + 1, Optional.of(failure));
  }
}

package io.ocelot.controller.drain;

import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Drains that have not finished yet, per node: which request, since when, how many tries, and
 * whether the timeout was already reported. Kept in memory (as MCO does): a restarted controller
 * starts the clock again, which only delays the report. A failure keeps the record (MCO dropped it,
 * resetting the timeout: its bug 6a77fb1b1).
 */
final class DrainAttempts {
  record Attempt(String request, Instant since, int tries, boolean reported) {
    Duration age(Instant now) {
      return Duration.between(since, now);
    }
  }

  private final Map<String, Attempt> byNode = new ConcurrentHashMap<>();

  /** Records a failed try of {@code request} and returns the updated attempt. */
  Attempt failed(String node, String request, Instant now) {
    return byNode.compute(
        node,
        (n, a) ->
            a == null || !a.request().equals(request)
                ? new Attempt(request, now, 1, false)
                : new Attempt(request, a.since(), a.tries() + 1, a.reported()));
  }

  void reported(String node) {
    byNode.computeIfPresent(node, (n, a) -> new Attempt(a.request(), a.since(), a.tries(), true));
  }

  Optional<Attempt> forget(String node) {
    return Optional.ofNullable(byNode.remove(node));
  }
}

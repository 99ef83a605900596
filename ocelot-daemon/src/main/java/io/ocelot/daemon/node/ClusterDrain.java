package io.ocelot.daemon.node;

import io.ocelot.api.node.DrainRequest;
import io.ocelot.daemon.host.HostException;
import io.ocelot.daemon.txn.DrainHandshake;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The drain handshake with the controller: set {@code desiredDrain}, wait until {@code
 * lastAppliedDrain} says the same (skipped when it already does), give up after a timeout with
 * MCO's event and message. After a successful update the uncordon request rides with Done, and only
 * the wait for its acknowledgement is here.
 */
public final class ClusterDrain implements DrainHandshake {
  private static final Logger LOG = LoggerFactory.getLogger(ClusterDrain.class);

  /** Waits between looks at the node; tests pass a short real sleep. */
  @FunctionalInterface
  public interface Sleeper {
    void sleep(Duration d) throws InterruptedException;
  }

  private final NodeWriter writer;
  private final NodeEvents events;
  private final DrainAsk ask;
  private final Clock clock;
  private final Sleeper sleeper;
  private final DrainSettings settings;

  public ClusterDrain(
      NodeWriter writer,
      NodeEvents events,
      DrainAsk ask,
      Clock clock,
      Sleeper sleeper,
      DrainSettings settings) {
    this.writer = writer;
    this.events = events;
    this.ask = ask;
    this.clock = clock;
    this.sleeper = sleeper;
    this.settings = settings;
  }

  @Override
  public void drain(DrainRequest request) throws HostException {
    NodeView node = NodeView.of(writer.read());
    if (node.lastAppliedDrain().equals(Optional.of(request.value()))) {
      LOG.info("drain is already completed on this node");
      return;
    }
    // Normally the request rode with Working; a retry (the node stays Degraded) asks here.
    if (!node.desiredDrain().equals(Optional.of(request.value()))) {
      try {
        ask.ask(request);
      } catch (HostException e) {
        throw new HostException("Could not set drain annotation: " + e.getMessage(), e);
      }
    }
    await(node, request, settings.drainTimeout(), "FailedToDrain", "drain");
  }

  /**
   * The uncordon that finishing an update on {@code config} needs: none when the node's last drain
   * request is an uncordon the controller has applied (a rebootless update that never drained:
   * nothing to lift, no write — MCO asks anyway).
   */
  public Optional<DrainRequest> uncordonFor(String config) throws HostException {
    NodeView node = NodeView.of(writer.read());
    boolean lifted =
        !node.drainPending()
            && node.desiredDrain()
                .flatMap(DrainRequest::parse)
                .map(r -> r.verb() == DrainRequest.Verb.UNCORDON)
                .orElse(true);
    return lifted ? Optional.empty() : Optional.of(DrainRequest.uncordon(config));
  }

  /**
   * Waits until the controller acknowledged {@code request}, written by the caller (with Done, in
   * one write); then MCO's {@code Uncordon} event.
   */
  public void awaitUncordon(DrainRequest request) throws HostException {
    NodeView node = NodeView.of(writer.read());
    await(node, request, settings.uncordonTimeout(), "FailedToUncordon", "uncordon");
    events.normal(
        node,
        "Uncordon",
        "Update completed for config " + request.configName() + " and node has been uncordoned");
  }

  private void await(
      NodeView node, DrainRequest request, Duration timeout, String failedReason, String verb)
      throws HostException {
    Instant deadline = clock.instant().plus(timeout);
    NodeView now = node;
    Optional<String> blocker = Optional.empty();
    while (true) {
      try {
        now = NodeView.of(writer.read());
        if (now.lastAppliedDrain().equals(Optional.of(request.value()))) {
          return;
        }
        if (!now.drainBlocked().equals(blocker)) {
          blocker = now.drainBlocked();
          tell(request, blocker);
        }
      } catch (HostException e) {
        // The API server may be restarting: keep asking until the deadline.
        LOG.warn("waiting for the {}: {}", verb, e.getMessage());
      }
      if (!clock.instant().isBefore(deadline)) {
        String message =
            "failed to "
                + verb
                + " node: "
                + node.name()
                + " after "
                + human(timeout)
                + ". Please see machine-config-controller logs for more information"
                // The cause, when the controller said it: the pods and budgets refusing it.
                + blocker.map(b -> " (the controller: " + b + ")").orElse("");
        events.warning(now, failedReason, message);
        throw new HostException(message);
      }
      try {
        sleeper.sleep(settings.poll());
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new HostException("interrupted while waiting for the " + verb);
      }
    }
  }

  /** A report of the blocker is status only: failing to write it never fails the drain. */
  private void tell(DrainRequest request, Optional<String> blocker) {
    try {
      ask.blocked(request, blocker);
    } catch (HostException e) {
      LOG.warn("could not report what blocks the drain: {}", e.getMessage());
    }
  }

  /** {@code 1 hour}, {@code 10 minutes}, {@code 3 seconds}, as MCO words its timeouts. */
  static String human(Duration d) {
    if (d.toHours() > 0 && d.toMinutesPart() == 0 && d.toSecondsPart() == 0) {
      return plural(d.toHours(), "hour");
    }
    if (d.toMinutes() > 0 && d.toSecondsPart() == 0) {
      return plural(d.toMinutes(), "minute");
    }
    return plural(Math.max(1, d.toSeconds()), "second");
  }

  private static String plural(long n, String unit) {
    return n + " " + unit + (n == 1 ? "" : "s");
  }
}

package io.ocelot.daemon;

import io.ocelot.daemon.node.DrainSettings;
import io.ocelot.daemon.sync.RetrySettings;
import java.time.Duration;

/**
 * The daemon's timings, MCO's by default: failure backoff 1 s doubling to 60 s ({@link
 * RetrySettings} also holds the budget of boots per target), drain polled every 10 s for up to 1
 * hour, uncordon up to 10 minutes. The simulator and tests shorten them. Ocelot's own: the
 * informer's view of the node is trusted for 5 s without news ({@code NodeCache}), and a sync runs
 * every 10 minutes even without node events, so that a watch event lost on the way delays an update
 * instead of stalling it. The config drift monitor re-reads the files it watches every 5 minutes
 * besides inotify's news ({@code driftPoll}; the simulator, without inotify, polls every few
 * seconds). After a boot into an update the node's kubelet must report Ready within {@code
 * readyTimeout} (5 minutes) or the update rolls back.
 */
public record DaemonSettings(
    String node,
    RetrySettings retry,
    DrainSettings drain,
    String eventNamespace,
    Duration viewMaxAge,
    Duration resync,
    Duration driftPoll,
    Duration readyTimeout) {

  /**
   * Where a Node's events go: the API server keeps a cluster-scoped object's events in {@code
   * default} (it refuses another namespace for an event whose object has none).
   */
  public static final String DEFAULT_EVENT_NAMESPACE = "default";

  /**
   * How long after a boot into an update the node's kubelet has to report Ready (the built-in
   * health check): a kubelet usually does within a minute of boot.
   */
  public static final Duration DEFAULT_READY_TIMEOUT = Duration.ofMinutes(5);

  /** MCO's drain handshake: polled every 10 s, 1 hour for a drain, 10 minutes for an uncordon. */
  public static final DrainSettings DEFAULT_DRAIN =
      new DrainSettings(Duration.ofSeconds(10), Duration.ofHours(1), Duration.ofMinutes(10));

  public static DaemonSettings defaults(String node) {
    return new DaemonSettings(
        node,
        RetrySettings.DEFAULTS,
        DEFAULT_DRAIN,
        DEFAULT_EVENT_NAMESPACE,
        Duration.ofSeconds(5),
        Duration.ofMinutes(10),
        Duration.ofMinutes(5),
        DEFAULT_READY_TIMEOUT);
  }

  public DaemonSettings withEventNamespace(String namespace) {
    return change(b -> b.eventNamespace = namespace);
  }

  /** The same timings with another retry policy. */
  public DaemonSettings withRetry(RetrySettings r) {
    return change(b -> b.retry = r);
  }

  /** The same timings with another drain handshake. */
  public DaemonSettings withDrain(DrainSettings d) {
    return change(b -> b.drain = d);
  }

  /** The same timings with another resync period and view age limit. */
  public DaemonSettings withResync(Duration period, Duration maxAge) {
    return change(
        b -> {
          b.resync = period;
          b.viewMaxAge = maxAge;
        });
  }

  /** The same timings with another drift poll period. */
  public DaemonSettings withDriftPoll(Duration poll) {
    return change(b -> b.driftPoll = poll);
  }

  /** The same timings with another limit for the built-in node-ready health check (0: off). */
  public DaemonSettings withReadyTimeout(Duration timeout) {
    return change(b -> b.readyTimeout = timeout);
  }

  /** A copy with what {@code edit} changes (the withers' one constructor call). */
  private DaemonSettings change(java.util.function.Consumer<Fields> edit) {
    Fields f = new Fields(this);
    edit.accept(f);
    return new DaemonSettings(
        f.node,
        f.retry,
        f.drain,
        f.eventNamespace,
        f.viewMaxAge,
        f.resync,
        f.driftPoll,
        f.readyTimeout);
  }

  /** The fields of a copy being made. */
  private static final class Fields {
    String node;
    RetrySettings retry;
    DrainSettings drain;
    String eventNamespace;
    Duration viewMaxAge;
    Duration resync;
    Duration driftPoll;
    Duration readyTimeout;

    Fields(DaemonSettings s) {
      node = s.node;
      retry = s.retry;
      drain = s.drain;
      eventNamespace = s.eventNamespace;
      viewMaxAge = s.viewMaxAge;
      resync = s.resync;
      driftPoll = s.driftPoll;
      readyTimeout = s.readyTimeout;
    }
  }
}

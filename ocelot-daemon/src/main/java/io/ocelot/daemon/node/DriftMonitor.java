package io.ocelot.daemon.node;

import io.ocelot.api.ignition.IgnitionConfig;
import io.ocelot.api.ignition.IgnitionResult;
import io.ocelot.daemon.host.FileWatcher;
import io.ocelot.daemon.host.HostException;
import io.ocelot.daemon.txn.HostContext;
import io.ocelot.daemon.txn.Preflight;
import io.ocelot.daemon.txn.Target;
import java.time.Clock;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * MCO's config drift monitor. While the node is Done, the files, dropins and units of its current
 * config must stay as the config wrote them (bytes and mode; a touch is no drift, a rename or
 * delete is; a masked unit only has to stay masked). It runs from Done until an update starts;
 * {@link #check} compares the host with the config (the pre-flight check's rules and words), the
 * watcher only says when to. Events {@code ConfigDriftMonitorStarted/Stopped} and {@code
 * ConfigDriftDetected}, gauge {@code mcd_config_drift}. Used on the daemon's worker thread only.
 */
public final class DriftMonitor {
  private static final Logger LOG = LoggerFactory.getLogger(DriftMonitor.class);

  private final HostContext host;
  private final NodeEvents events;
  private final DriftMetrics metrics;
  private final Clock clock;
  private final Supplier<Optional<NodeView>> node;
  private Optional<Watching> watching = Optional.empty();

  private record Watching(Target target, IgnitionConfig config, FileWatcher.Watch watch) {}

  /** What the monitor found: the node's target and the reason to report, MCO's message. */
  public record Drift(Target target, String reason) {}

  public DriftMonitor(
      HostContext host,
      NodeEvents events,
      DriftMetrics metrics,
      Clock clock,
      Supplier<Optional<NodeView>> node) {
    this.host = host;
    this.events = events;
    this.metrics = metrics;
    this.clock = clock;
    this.node = node;
  }

  /** True when it watches {@code target} already. */
  public boolean watching(Target target) {
    return watching.filter(w -> w.target().equals(target)).isPresent();
  }

  /**
   * Starts watching {@code target}'s config; {@code onChange} asks for a {@link #check} (from the
   * watcher's thread). A config that does not parse is not watched (its update would have failed).
   */
  public void start(Target target, IgnitionResult r, Runnable onChange) throws HostException {
    stop(false);
    if (!(r instanceof IgnitionResult.Valid valid)) {
      LOG.warn("not watching {} for drift: its Ignition config does not parse", target.config());
      return;
    }
    List<String> paths = Preflight.ownedPaths(valid.config());
    FileWatcher.Watch watch = host.watcher().watch(paths, onChange);
    watching = Optional.of(new Watching(target, valid.config(), watch));
    metrics.started();
    node.get()
        .ifPresent(
            n ->
                events.normal(
                    n,
                    "ConfigDriftMonitorStarted",
                    "Config Drift Monitor started, watching against " + target.config()));
    LOG.info("config drift monitor started: {} paths of {}", paths.size(), target.config());
  }

  /** Stops watching (an update starts); {@code announce} emits the Stopped event. */
  public void stop(boolean announce) {
    if (watching.isEmpty()) {
      return;
    }
    watching.get().watch().close();
    watching = Optional.empty();
    if (announce) {
      node.get()
          .ifPresent(
              n -> events.normal(n, "ConfigDriftMonitorStopped", "Config Drift Monitor stopped"));
    }
  }

  /**
   * Compares the host with the watched config. On drift: the Warning event, the gauge, and the
   * monitor stops (the sync loop's pre-flight check takes over until the host is right again).
   */
  public Optional<Drift> check() throws HostException {
    if (watching.isEmpty()) {
      return Optional.empty();
    }
    Watching w = watching.get();
    metrics.checked();
    List<String> differences = Preflight.differences(host.files(), w.config());
    if (differences.isEmpty()) {
      return Optional.empty();
    }
    String reason = Preflight.message(w.target().config(), differences.get(0));
    metrics.detected(clock.instant());
    node.get().ifPresent(n -> events.warning(n, "ConfigDriftDetected", reason));
    LOG.warn("config drift: {}", reason);
    stop(true);
    return Optional.of(new Drift(w.target(), reason));
  }
}

package io.ocelot.daemon.sync;

import io.fabric8.kubernetes.api.model.Node;
import io.ocelot.api.disruption.ConfigTarget;
import io.ocelot.api.model.MachineConfig;
import io.ocelot.api.node.DrainRequest;
import io.ocelot.api.node.NodeAnnotations;
import io.ocelot.api.node.NodeState;
import io.ocelot.daemon.host.HostException;
import io.ocelot.daemon.host.HostLock;
import io.ocelot.daemon.node.ClusterDrain;
import io.ocelot.daemon.node.DriftMonitor;
import io.ocelot.daemon.node.NodeView;
import io.ocelot.daemon.node.NodeWriter;
import io.ocelot.daemon.node.mcn.McnMilestone;
import io.ocelot.daemon.plan.UpdateConfigs;
import io.ocelot.daemon.txn.CommitMarker;
import io.ocelot.daemon.txn.EngineOutcome;
import io.ocelot.daemon.txn.FailureRecord;
import io.ocelot.daemon.txn.HostContext;
import io.ocelot.daemon.txn.Recovery;
import io.ocelot.daemon.txn.StateStore;
import io.ocelot.daemon.txn.Target;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The sync loop's body, run on the daemon's one worker thread: observe the node and the host,
 * decide ({@link SyncDecider}, pure), act. What it remembers between syncs is one {@link
 * LoopMemory}; every state change it makes goes through the {@link NodeReporter}.
 */
public final class SyncLoop {
  private static final Logger LOG = LoggerFactory.getLogger(SyncLoop.class);

  /** The daemon's scheduling, as the loop needs it. */
  public interface Timer {
    /** Syncs again after {@code delay} (nothing when the daemon is closed by then). */
    void syncIn(Duration delay);

    /** Checks for drift soon, on the worker thread. */
    void checkDriftSoon();
  }

  private final String nodeName;
  private final RetrySettings retry;
  private final HostContext host;
  private final StateStore store;
  private final NodeWriter writer;
  private final NodeReporter reporter;
  private final DaemonMetrics metrics;
  private final ClusterDrain drain;
  private final DriftMonitor drift;
  private final MachineConfigs configs;
  private final UpdateRunner runner;
  private final Clock clock;
  private final Timer timer;

  private final PullAhead pullAhead;
  private final PinnedImages pinned;

  private LoopMemory memory = LoopMemory.FRESH;

  /** The configs of the last update run, parsed: the drift monitor starts from them. */
  private Optional<UpdateConfigs> lastConfigs = Optional.empty();

  public SyncLoop(SyncParts parts, Timer timer) {
    this.nodeName = parts.node();
    this.retry = parts.retry();
    this.host = parts.host();
    this.store = parts.store();
    this.writer = parts.writer();
    this.reporter = parts.reporter();
    this.metrics = parts.metrics();
    this.drain = parts.drain();
    this.drift = parts.drift();
    this.clock = parts.clock();
    this.timer = timer;
    this.configs = new MachineConfigs(parts.client(), store);
    this.pullAhead = new PullAhead(host, reporter, lockHolder());
    this.pinned =
        new PinnedImages(parts.client(), host, reporter, lockHolder(), parts.clock(), timer);
    this.runner =
        new UpdateRunner(
            host,
            store,
            drain,
            metrics,
            clock,
            parts.events(),
            reporter,
            configs,
            parts.policies(),
            this::currentView);
  }

  public NodePhase phase() {
    return reporter.phase();
  }

  /** One sync: up to three decisions in a row (recovering, then updating, then settling). */
  public void sync() {
    try {
      for (int round = 0; round < 3; round++) {
        SyncDecision d;
        try {
          d = decide();
        } catch (HostException e) {
          LOG.warn("cannot observe node {}: {}; retrying", nodeName, e.getMessage());
          retryLater();
          return;
        }
        if (!act(d)) {
          return;
        }
      }
    } catch (RuntimeException e) {
      LOG.error("sync of node {} failed unexpectedly", nodeName, e);
      retryLater();
    }
  }

  /**
   * While Done: a host that left its config is Degraded (the sync's retries take it from there).
   */
  public void checkDrift() {
    try {
      if (reporter.phase() != NodePhase.DONE) {
        return;
      }
      Optional<DriftMonitor.Drift> d = drift.check();
      if (d.isPresent()) {
        fail(
            new Report.Degraded(d.get().reason(), ReasonClass.CONFIG_DRIFT, Optional.empty()),
            d.get().target());
      }
    } catch (HostException | RuntimeException e) {
      LOG.warn("drift check of node {} failed: {}", nodeName, e.getMessage());
    }
  }

  private SyncDecision decide() throws HostException {
    Optional<NodeView> node = readNode();
    boolean starting = reporter.phase() == NodePhase.STARTING;
    node.flatMap(NodeView::state).ifPresent(reporter::resume);
    memory = memory.remembering(node.flatMap(n -> n.get(NodeAnnotations.LAST_FAILURE)));
    Optional<CommitMarker> marker;
    boolean journal;
    Optional<FailureRecord> hostFailure;
    try {
      marker = store.marker();
      journal = store.journal().isPresent();
      hostFailure = store.lastFailure();
    } catch (HostException e) {
      return new SyncDecision.HostStateUnreadable(e.getMessage());
    }
    boolean inFlight =
        journal
            || marker.filter(m -> m.phase() != CommitMarker.Phase.STABLE).isPresent()
            // A daemon that stopped between recording a failure on the host and reporting it:
            // the first sync of the next one recovers (reports it) before trusting the node.
            || (starting && hostFailure.isPresent())
            || reporter.phase() == NodePhase.STARTING;
    return SyncDecider.decide(
        new SyncDecider.Observation(
            node,
            memory.rebootRequested(),
            inFlight,
            marker.filter(m -> m.phase() == CommitMarker.Phase.STABLE).map(CommitMarker::target),
            memory.backoff().target(),
            memory.backoff().nextAttempt(),
            clock.instant(),
            hostFailure.map(f -> RetryPolicy.after(f, retry))));
  }

  /** Acts on a decision; true when the loop should decide again right away. */
  private boolean act(SyncDecision d) {
    metrics.decided(d);
    try {
      if (d instanceof SyncDecision.NodeMissing) {
        LOG.warn("node {} not found; no host change until it exists", nodeName);
      } else if (d instanceof SyncDecision.AwaitingReboot) {
        LOG.info("node {} is queued for a reboot, skipping sync", nodeName);
      } else if (d instanceof SyncDecision.NotManaged n) {
        LOG.info("{}", n.why());
      } else if (d instanceof SyncDecision.WaitForDrain w) {
        LOG.info("waiting for the controller to acknowledge {}", w.request());
      } else if (d instanceof SyncDecision.RestoreAnnotations r) {
        LOG.warn(
            "node {} had no currentConfig annotation; restoring it from the host: {}",
            nodeName,
            r.target().describe());
        reporter.report(new Report.Restored(r.target(), r.desiredToo()));
        return true;
      } else if (d instanceof SyncDecision.Held h) {
        held(h);
      } else if (d instanceof SyncDecision.HostStateUnreadable u) {
        degraded(new HostException(u.reason()));
      } else if (d instanceof SyncDecision.Recover) {
        try (HostLock.Lease lease = host.lock().acquire(lockHolder())) {
          return recover(lease);
        }
      } else if (d instanceof SyncDecision.NothingToDo n) {
        settle(n.target());
      } else if (d instanceof SyncDecision.Update u) {
        clearRetryMarks(true);
        drift.stop(true);
        try (HostLock.Lease lease = host.lock().acquire(lockHolder())) {
          return update(lease, u);
        }
      }
      // WaitForBackoff: the retry is scheduled already.
      return false;
    } catch (HostException e) {
      degraded(e);
      return false;
    }
  }

  private String lockHolder() {
    return "ocelot daemon for node " + nodeName;
  }

  private void held(SyncDecision.Held h) throws HostException {
    if (h.shown()) {
      reporter.stillHolding();
    } else {
      hold(h.hold(), store.lastFailure().filter(f -> f.target().equals(h.hold().target())));
    }
    LOG.info("node {} holds {}: {}", nodeName, h.hold().target().describe(), h.hold().why());
  }

  /** The node is where it should be: say so (once), forget the incident, watch for drift. */
  private void settle(Target target) throws HostException {
    clearRetryMarks(false);
    forgetIncident();
    if (reporter.phase() != NodePhase.DONE
        || readNode().flatMap(NodeView::postConfigAction).isPresent()) {
      reporter.report(Report.Done.settled(target));
    } else {
      reporter.settled(target);
    }
    reporter.mcnRetryIn().ifPresent(timer::syncIn);
    memory = memory.settled();
    watchForDrift(target);
    try {
      Optional<NodeView> node = readNode();
      if (node.isPresent()) {
        // What keeps the node waiting, on its MachineConfigNode (written only when it changes).
        reporter.progress(
            new McnMilestone.LeaseHeld(node.get().get(NodeAnnotations.REBOOT_LEASE_HELD)));
        pullAhead.consider(node.get());
      }
      Optional<Node> full = writer.find();
      if (full.isPresent()) {
        pinned.consider(full.get());
      }
    } catch (HostException e) {
      // Not the node's health: its status could not be written; the next sync asks again.
      LOG.warn("node {}: while waiting for its turn: {}", nodeName, e.getMessage());
    }
  }

  private boolean recover(HostLock.Lease lease) throws HostException {
    Optional<Target> desired =
        readNode().flatMap(n -> n.desiredConfig().map(c -> new Target(c, n.desiredImage())));
    EngineOutcome outcome =
        new Recovery(host, store, metrics.engine(), clock, desired)
            .start(lease, memory.attempt(desired));
    if (outcome instanceof EngineOutcome.Idle) {
      Optional<FailureRecord> unreported =
          store
              .lastFailure()
              .filter(f -> desired.equals(Optional.of(f.target())))
              .filter(f -> !memory.lastFailure().equals(Optional.of(f)));
      if (unreported.isPresent()) {
        // A daemon stopped between recording a failure on the host and reporting it.
        return finish(new EngineOutcome.Failed(unreported.get()));
      }
      if (reporter.phase() == NodePhase.STARTING) {
        reporter.resume(NodeState.DONE);
      }
      return true;
    }
    return finish(outcome);
  }

  private boolean update(HostLock.Lease lease, SyncDecision.Update u) throws HostException {
    UpdateRunner.Result result = runner.run(lease, u, memory.attempt(Optional.of(u.desired())));
    if (result instanceof UpdateRunner.Result.Refused r) {
      fail(r.report(), r.target());
      return false;
    }
    if (result instanceof UpdateRunner.Result.Wait w) {
      LOG.info("waiting for the node disruption policy: {}", w.why());
      timer.syncIn(w.retryIn());
      return false;
    }
    UpdateRunner.Result.Ran ran = (UpdateRunner.Result.Ran) result;
    lastConfigs = Optional.of(ran.configs());
    return finish(ran.outcome());
  }

  /** Reports an engine outcome; true when the loop should decide again. */
  private boolean finish(EngineOutcome outcome) throws HostException {
    if (outcome instanceof EngineOutcome.RebootRequested) {
      memory = memory.rebooting();
      return false;
    }
    if (outcome instanceof EngineOutcome.Completed c) {
      completed(c);
      return false;
    }
    if (outcome instanceof EngineOutcome.Failed f) {
      if (RetryPolicy.after(f.failure(), retry) instanceof RetryPolicy.Hold h) {
        hold(h.hold(), Optional.of(f.failure()));
        return false;
      }
      fail(
          new Report.Degraded(
              f.failure().message(), ReasonClass.of(f.failure()), Optional.of(f.failure())),
          f.failure().target());
      return false;
    }
    return true;
  }

  /** What failed without failing the update: wanted health checks, then after-update hooks. */
  private static List<Report.Done.Warning> warnings(EngineOutcome.Completed c) {
    List<Report.Done.Warning> out = new ArrayList<>();
    c.warnings()
        .forEach(
            w ->
                out.add(
                    new Report.Done.Warning(
                        "WantedHealthCheckFailed",
                        "wanted health check "
                            + w.check().name()
                            + " failed: "
                            + w.describe()
                            + " (the update stands)")));
    c.hooksFailed()
        .forEach(
            h ->
                out.add(
                    new Report.Done.Warning(
                        "AfterUpdateHookFailed",
                        "after-update hook "
                            + h.check().path()
                            + " failed: "
                            + h.describe()
                            + " (the update stands)")));
    return out;
  }

  /** Done (with the uncordon in the same write), then the wait for the uncordon. */
  private void completed(EngineOutcome.Completed c) throws HostException {
    Optional<DrainRequest> uncordon = drain.uncordonFor(c.target().config());
    reporter.report(new Report.Done(c.target(), uncordon, warnings(c)));
    if (uncordon.isPresent()) {
      try {
        drain.awaitUncordon(uncordon.get());
      } catch (HostException e) {
        fail(
            new Report.Degraded(e.getMessage(), ReasonClass.UNCORDON, Optional.empty()),
            c.target());
        return;
      }
      reporter.settled(c.target());
    }
    memory = memory.settled();
  }

  private void fail(Report r, Target target) throws HostException {
    Instant now = clock.instant();
    Optional<FailureRecord> record =
        r instanceof Report.Degraded d ? d.failure() : Optional.empty();
    memory = memory.failed(target, record, now, retry);
    Duration delay = memory.backoff().delayFrom(now);
    try {
      reporter.report(r);
    } finally {
      timer.syncIn(delay);
      LOG.atInfo()
          .addKeyValue("attempt", memory.backoff().failures() + 1)
          .log("next attempt in {} ms", delay.toMillis());
    }
  }

  /**
   * Reports a held target: Degraded with the failure's cause and the hold, and no retry scheduled
   * (only a new desired target or an admin's request sends it again).
   */
  private void hold(TargetHold hold, Optional<FailureRecord> failure) throws HostException {
    String message = failure.map(FailureRecord::message).orElse(hold.why());
    String reasonClass = failure.map(ReasonClass::of).orElse(ReasonClass.HOST);
    memory = memory.failed(hold.target(), failure, clock.instant(), retry).noBackoff();
    reporter.report(
        new Report.Degraded(
            hold.reason(message, nodeName), reasonClass, failure, Optional.of(hold)));
    LOG.warn("node {}: {}", nodeName, hold.sentence(nodeName));
  }

  /** An admin's retry request starts the next attempt now (no backoff to wait out). */
  private void clearRetryMarks(boolean updating) throws HostException {
    Optional<NodeView> node = readNode();
    if (node.isPresent() && reporter.clearRetryMarks(node.get(), updating)) {
      LOG.info("node {}: an admin asked for a retry", nodeName);
      memory = memory.noBackoff();
    }
  }

  /**
   * The node settled on its desired target: the host's record of an earlier failure (a held target
   * among them) belongs to an incident that is over.
   */
  private void forgetIncident() throws HostException {
    if (store.lastFailure().isPresent()) {
      try (HostLock.Lease lease = host.lock().acquire(lockHolder())) {
        store.clearLastFailure();
      }
    }
  }

  /**
   * Starts the drift monitor on the config the node settled on (once per target), then checks once:
   * a change made before the watch began (while the daemon was down or starting) raises no event,
   * and the poll is minutes away. The last update's parse is used when it was for this target.
   */
  private void watchForDrift(Target target) throws HostException {
    if (drift.watching(target)) {
      return;
    }
    Optional<UpdateConfigs> last = lastConfigs.filter(c -> c.to().name().equals(target.config()));
    if (last.isPresent()) {
      drift.start(target, last.get().toIgnition(), timer::checkDriftSoon);
    } else {
      Optional<MachineConfig> config = configs.find(target.config());
      if (config.isEmpty()) {
        return;
      }
      drift.start(
          target,
          UpdateConfigs.parse(new ConfigTarget(config.get(), target.image())),
          timer::checkDriftSoon);
    }
    lastConfigs = Optional.empty();
    timer.checkDriftSoon();
  }

  private void degraded(HostException e) {
    Target target = memory.backoff().target().orElse(new Target("", Optional.empty()));
    try {
      fail(new Report.Degraded(e.getMessage(), ReasonClass.HOST, Optional.empty()), target);
    } catch (HostException | IllegalStateException again) {
      LOG.warn(
          "node {}: {} (and could not report it: {})",
          nodeName,
          e.getMessage(),
          again.getMessage());
    }
  }

  private void retryLater() {
    Instant now = clock.instant();
    memory = memory.again(now, retry);
    timer.syncIn(memory.backoff().delayFrom(now));
  }

  private Optional<NodeView> currentView() {
    try {
      return readNode();
    } catch (HostException e) {
      return Optional.empty();
    }
  }

  private Optional<NodeView> readNode() throws HostException {
    return writer.find().map(NodeView::of);
  }
}

package io.ocelot.daemon;

import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.informers.ResourceEventHandler;
import io.fabric8.kubernetes.client.informers.SharedIndexInformer;
import io.ocelot.api.disruption.ConfigTarget;
import io.ocelot.api.disruption.PostAction;
import io.ocelot.api.json.Json;
import io.ocelot.api.model.MachineConfig;
import io.ocelot.api.node.DrainRequest;
import io.ocelot.api.node.NodeAnnotations;
import io.ocelot.api.node.NodeState;
import io.ocelot.daemon.host.FileState;
import io.ocelot.daemon.host.HostException;
import io.ocelot.daemon.host.HostLock;
import io.ocelot.daemon.node.ClusterDrain;
import io.ocelot.daemon.node.DaemonMetrics;
import io.ocelot.daemon.node.DaemonSettings;
import io.ocelot.daemon.node.DisruptionPolicySource;
import io.ocelot.daemon.node.DriftMonitor;
import io.ocelot.daemon.node.LoopMemory;
import io.ocelot.daemon.node.NodeCache;
import io.ocelot.daemon.node.NodeEvents;
import io.ocelot.daemon.node.NodePhase;
import io.ocelot.daemon.node.NodeReadyCheck;
import io.ocelot.daemon.node.NodeReporter;
import io.ocelot.daemon.node.NodeView;
import io.ocelot.daemon.node.NodeWriter;
import io.ocelot.daemon.node.ReasonClass;
import io.ocelot.daemon.node.Report;
import io.ocelot.daemon.node.RetryPolicy;
import io.ocelot.daemon.node.StepEvents;
import io.ocelot.daemon.node.SyncDecider;
import io.ocelot.daemon.node.SyncDecision;
import io.ocelot.daemon.node.TargetHold;
import io.ocelot.daemon.node.mcn.McnMilestone;
import io.ocelot.daemon.node.mcn.McnWriter;
import io.ocelot.daemon.plan.Observed;
import io.ocelot.daemon.plan.PlanResult;
import io.ocelot.daemon.plan.Planner;
import io.ocelot.daemon.plan.Step;
import io.ocelot.daemon.plan.UpdatePlan;
import io.ocelot.daemon.txn.Attempt;
import io.ocelot.daemon.txn.Checkpoint;
import io.ocelot.daemon.txn.CommitMarker;
import io.ocelot.daemon.txn.EngineOutcome;
import io.ocelot.daemon.txn.FailureRecord;
import io.ocelot.daemon.txn.HostContext;
import io.ocelot.daemon.txn.Preflight;
import io.ocelot.daemon.txn.Recovery;
import io.ocelot.daemon.txn.StartingPoint;
import io.ocelot.daemon.txn.StateStore;
import io.ocelot.daemon.txn.Target;
import io.ocelot.daemon.txn.UpdateEngine;
import io.ocelot.http.DaemonThreads;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The node agent: watches its own Node and runs the sync loop (observe, decide, act) on one thread.
 * Everything it touches comes in by injection (client, host, clock, metrics), so that many daemons
 * can share one JVM and one client.
 */
public final class Daemon implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(Daemon.class);
  static final String FORCE_FILE = "/run/machine-config-daemon-force";
  static final String FIPS = "/proc/sys/crypto/fips_enabled";

  private final DaemonSettings settings;
  private final KubernetesClient client;
  private final HostContext host;
  private final DaemonMetrics metrics;
  private final Clock clock;
  private final NodeCache cache;
  private final NodeWriter writer;
  private final NodeEvents events;
  private final NodeReporter reporter;
  private final ClusterDrain drain;
  private final StateStore store;
  private final DisruptionPolicySource policies;
  private final ScheduledExecutorService worker;
  private final AtomicBoolean queued = new AtomicBoolean();
  private final DriftMonitor drift;
  private final AtomicBoolean driftQueued = new AtomicBoolean();
  private SharedIndexInformer<Node> informer;

  // Touched only on the worker thread.
  private LoopMemory memory = LoopMemory.FRESH;

  public Daemon(
      DaemonSettings settings,
      KubernetesClient client,
      HostContext host,
      DaemonMetrics metrics,
      Clock clock,
      ClusterDrain.Sleeper sleeper) {
    this.settings = settings;
    this.client = client;
    this.metrics = metrics;
    this.clock = clock;
    this.cache = new NodeCache(clock, settings.viewMaxAge());
    this.writer = new NodeWriter(client, settings.node(), cache);
    // The host's own checks first: the kubelet gets their run time to come up.
    this.host =
        host.withHealth(
            host.health()
                .then(
                    new NodeReadyCheck(
                        writer::find, host.bootId(), clock, sleeper, settings.readyTimeout())));
    this.events = new NodeEvents(client, settings.eventNamespace(), clock);
    this.reporter =
        new NodeReporter(
            writer, events, metrics, new McnWriter(client, settings.node(), clock), clock);
    // The handshake waits for the informer's news (the controller's answer), drainPoll at most.
    this.drain = new ClusterDrain(writer, events, clock, cache::awaitNews, settings);
    this.store = new StateStore(host.files(), Checkpoint.NONE);
    this.policies = new DisruptionPolicySource(client, clock);
    this.drift = new DriftMonitor(host, events, metrics, clock, this::currentView);
    ScheduledThreadPoolExecutor executor =
        new ScheduledThreadPoolExecutor(1, DaemonThreads.named("ocelot-daemon-" + settings.node()));
    // Closing drops pending retries; only a sync already running may finish.
    executor.setExecuteExistingDelayedTasksAfterShutdownPolicy(false);
    this.worker = executor;
  }

  /**
   * Starts watching the node and syncing. The watch never gives up: fabric8's default stops an
   * informer on a failed first list or a watch error other than 410, silently; this one logs and
   * retries with fabric8's backoff, and this method returns without waiting for the first list.
   */
  public void start() {
    informer = client.nodes().withName(settings.node()).runnableInformer(0);
    informer.exceptionHandler(
        (started, e) -> {
          LOG.warn(
              "watch of node {} failed ({}); retrying: {}",
              settings.node(),
              started ? "running" : "starting",
              e.getMessage());
          return true;
        });
    informer.addEventHandler(
        new ResourceEventHandler<>() {
          @Override
          public void onAdd(Node node) {
            cache.observed(node);
            trigger();
          }

          @Override
          public void onUpdate(Node old, Node node) {
            cache.observed(node);
            trigger();
          }

          @Override
          public void onDelete(Node node, boolean unknown) {
            cache.forget();
            LOG.warn("node {} was deleted; waiting for it to come back", settings.node());
          }
        });
    // The first sync once the informer has listed the node, so that it reads the informer's view
    // instead of GETting the node (also when the listing failed: the sync then asks the server).
    informer.start().whenComplete((listed, failed) -> trigger());
    // From here on the informer learns of every change: reads may come from the cache.
    cache.live(true);
    long resync = settings.resync().toMillis();
    worker.scheduleWithFixedDelay(this::trigger, resync, resync, TimeUnit.MILLISECONDS);
    long poll = settings.driftPoll().toMillis();
    if (poll > 0) {
      worker.scheduleWithFixedDelay(this::driftSoon, poll, poll, TimeUnit.MILLISECONDS);
    }
  }

  /** Asks for a drift check; requests that arrive while one is queued are merged into it. */
  private void driftSoon() {
    if (driftQueued.compareAndSet(false, true)) {
      try {
        worker.execute(
            () -> {
              driftQueued.set(false);
              checkDrift();
            });
      } catch (RejectedExecutionException e) {
        // Closed meanwhile: nothing to check.
      }
    }
  }

  /**
   * While Done: a host that left its config is Degraded (the sync's retries take it from there).
   */
  private void checkDrift() {
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
      LOG.warn("drift check of node {} failed: {}", settings.node(), e.getMessage());
    }
  }

  /**
   * Starts the drift monitor on the config the node settled on (once per target), then checks once:
   * a change made before the watch began (while the daemon was down or starting) raises no event,
   * and the poll is minutes away.
   */
  private void watchForDrift(Target target) throws HostException {
    if (drift.watching(target)) {
      return;
    }
    Optional<MachineConfig> config = machineConfig(target.config());
    if (config.isPresent()) {
      drift.start(target, config.get(), this::driftSoon);
      driftSoon();
    }
  }

  /** Asks for a sync; requests that arrive while one is queued are merged into it. */
  public void trigger() {
    if (queued.compareAndSet(false, true) && !worker.isShutdown()) {
      try {
        worker.execute(
            () -> {
              queued.set(false);
              syncSafely();
            });
      } catch (RejectedExecutionException e) {
        // Closed meanwhile: a stopped daemon syncs nothing.
      }
    }
  }

  /** Triggers a sync after {@code delay}, unless the daemon is closed by then. */
  private void triggerLater(Duration delay) {
    try {
      worker.schedule(this::trigger, delay.toMillis(), TimeUnit.MILLISECONDS);
    } catch (RejectedExecutionException e) {
      // Closed while this sync ran: nothing to retry.
    }
  }

  public NodeReporter reporter() {
    return reporter;
  }

  private void syncSafely() {
    try {
      sync();
    } catch (RuntimeException e) {
      LOG.error("sync of node {} failed unexpectedly", settings.node(), e);
      retryLater();
    }
  }

  private void sync() {
    for (int round = 0; round < 3; round++) {
      SyncDecision d;
      try {
        d = decide();
      } catch (HostException e) {
        LOG.warn("cannot observe node {}: {}; retrying", settings.node(), e.getMessage());
        retryLater();
        return;
      }
      if (!act(d)) {
        return;
      }
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
            hostFailure.map(f -> RetryPolicy.after(f, settings.retry()))));
  }

  /** Acts on a decision; true when the loop should decide again right away. */
  private boolean act(SyncDecision d) {
    metrics.decided(d);
    try {
      if (d instanceof SyncDecision.NodeMissing) {
        LOG.warn("node {} not found; no host change until it exists", settings.node());
        return false;
      }
      if (d instanceof SyncDecision.AwaitingReboot) {
        LOG.info("node {} is queued for a reboot, skipping sync", settings.node());
        return false;
      }
      if (d instanceof SyncDecision.NotManaged n) {
        LOG.info("{}", n.why());
        return false;
      }
      if (d instanceof SyncDecision.WaitForDrain w) {
        LOG.info("waiting for the controller to acknowledge {}", w.request());
        return false;
      }
      if (d instanceof SyncDecision.WaitForBackoff w) {
        return false;
      }
      if (d instanceof SyncDecision.Held h) {
        if (h.shown()) {
          reporter.stillHolding();
        } else {
          hold(h.hold(), store.lastFailure().filter(f -> f.target().equals(h.hold().target())));
        }
        LOG.info(
            "node {} holds {}: {}", settings.node(), h.hold().target().describe(), h.hold().why());
        return false;
      }
      if (d instanceof SyncDecision.HostStateUnreadable u) {
        degraded(new HostException(u.reason()));
        return false;
      }
      if (d instanceof SyncDecision.Recover) {
        try (HostLock.Lease lease = host.lock().acquire(lockHolder())) {
          return recover();
        }
      }
      if (d instanceof SyncDecision.NothingToDo n) {
        clearRetryMarks(false);
        forgetIncident();
        if (reporter.phase() != NodePhase.DONE
            || readNode().flatMap(NodeView::postConfigAction).isPresent()) {
          reporter.report(Report.Done.settled(n.target()));
        } else {
          reporter.settled(n.target());
        }
        reporter.mcnRetryIn().ifPresent(this::triggerLater);
        metrics.engine().settled();
        settled();
        watchForDrift(n.target());
        return false;
      }
      clearRetryMarks(true);
      try (HostLock.Lease lease = host.lock().acquire(lockHolder())) {
        return update((SyncDecision.Update) d);
      }
    } catch (HostException e) {
      degraded(e);
      return false;
    }
  }

  private String lockHolder() {
    return "ocelot daemon for node " + settings.node();
  }

  private boolean recover() throws HostException {
    Optional<Target> desired =
        readNode().flatMap(n -> n.desiredConfig().map(c -> new Target(c, n.desiredImage())));
    EngineOutcome outcome =
        new Recovery(host, store, metrics.engine(), clock).start(attempt(desired));
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

  private boolean update(SyncDecision.Update u) throws HostException {
    drift.stop(true);
    Optional<MachineConfig> current = machineConfig(u.current().config());
    Optional<MachineConfig> desired = machineConfig(u.desired().config());
    if (current.isEmpty() || desired.isEmpty()) {
      String missing = current.isEmpty() ? u.current().config() : u.desired().config();
      fail(
          new Report.Degraded(
              "missing MachineConfig "
                  + missing
                  + ": machineconfigs.machineconfiguration.openshift.io \""
                  + missing
                  + "\" not found",
              ReasonClass.MISSING_CONFIG,
              Optional.empty()),
          u.desired());
      return false;
    }
    Optional<String> drift = preflight(current.get(), u.current().config());
    if (drift.isPresent()) {
      fail(
          new Report.Degraded(drift.get(), ReasonClass.CONFIG_DRIFT, Optional.empty()),
          u.desired());
      return false;
    }
    DisruptionPolicySource.Lookup lookup = policies.lookup();
    if (lookup instanceof DisruptionPolicySource.Lookup.Wait w) {
      LOG.info("waiting for the node disruption policy: {}", w.why());
      triggerLater(w.retryIn());
      return false;
    }
    ConfigTarget from = new ConfigTarget(current.get(), u.current().image());
    ConfigTarget to = new ConfigTarget(desired.get(), u.desired().image());
    Observed seen = observed();
    Optional<String> elsewhere =
        StartingPoint.mismatch(from, to, store.marker(), seen.bootedImage());
    if (elsewhere.isPresent()) {
      fail(
          new Report.Degraded(elsewhere.get(), ReasonClass.CONFIG_DRIFT, Optional.empty()),
          u.desired());
      return false;
    }
    PlanResult result =
        Planner.plan(from, to, seen, ((DisruptionPolicySource.Lookup.Use) lookup).policy());
    if (result instanceof PlanResult.Unreconcilable un) {
      fail(
          new Report.Unreconcilable(un.message(), u.current().config(), u.desired().config()),
          u.desired());
      return false;
    }
    UpdatePlan plan = ((PlanResult.Ready) result).plan();
    if (plan.isNoop()) {
      return finish(new EngineOutcome.Completed(u.desired()));
    }
    if (reporter.phase() == NodePhase.DONE) {
      reporter.report(
          new Report.Working(
              plan.steps().stream()
                  .filter(Step.RequestDrain.class::isInstance)
                  .map(s -> ((Step.RequestDrain) s).request())
                  .findFirst(),
              plan.commit().map(c -> c.action() == PostAction.REBOOT).orElse(false)));
    }
    reporter.progress(
        new McnMilestone.Started(
            u.current().config(),
            u.desired(),
            plan.disruption(),
            plan.steps().stream().anyMatch(Step.StageImage.class::isInstance)));
    EngineOutcome outcome =
        new UpdateEngine(
                host,
                store,
                drain,
                metrics.engine(),
                clock,
                () -> UUID.randomUUID().toString(),
                new StepEvents(events, reporter, this::currentView))
            .apply(plan, attempt(Optional.of(u.desired())));
    return finish(outcome);
  }

  /**
   * MCO's pre-flight check: before planning from {@code current}, the host must carry it (its files
   * and units, the finalize validation's rules); a drifted host would plan wrong pre-images. The
   * force file skips it, as in MCO. Empty when the host is on {@code current}.
   */
  private Optional<String> preflight(MachineConfig current, String name) throws HostException {
    if (host.files().stat(FORCE_FILE).isPresent()) {
      return Optional.empty();
    }
    List<String> differences = Preflight.differences(host, current);
    if (differences.isEmpty()) {
      return Optional.empty();
    }
    String reason = Preflight.message(name, differences.get(0));
    readNode().ifPresent(n -> events.warning(n, "PreflightConfigDriftCheckFailed", reason));
    return Optional.of(reason);
  }

  /** Reports an engine outcome; true when the loop should decide again. */
  private boolean finish(EngineOutcome outcome) throws HostException {
    if (outcome instanceof EngineOutcome.RebootRequested) {
      memory = memory.rebooting();
      return false;
    }
    if (outcome instanceof EngineOutcome.Completed c) {
      Optional<DrainRequest> uncordon = drain.uncordonFor(c.target().config());
      reporter.report(new Report.Done(c.target(), uncordon));
      if (uncordon.isPresent()) {
        try {
          drain.awaitUncordon(uncordon.get());
        } catch (HostException e) {
          fail(
              new Report.Degraded(e.getMessage(), ReasonClass.UNCORDON, Optional.empty()),
              c.target());
          return false;
        }
        reporter.settled(c.target());
      }
      readNode()
          .ifPresent(
              n ->
                  c.warnings()
                      .forEach(
                          w ->
                              events.warning(
                                  n,
                                  "WantedHealthCheckFailed",
                                  "wanted health check "
                                      + w.check().name()
                                      + " failed: "
                                      + w.describe()
                                      + " (the update stands)")));
      settled();
      return false;
    }
    if (outcome instanceof EngineOutcome.Failed f) {
      if (RetryPolicy.after(f.failure(), settings.retry()) instanceof RetryPolicy.Hold h) {
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

  private Optional<NodeView> currentView() {
    try {
      return readNode();
    } catch (HostException e) {
      return Optional.empty();
    }
  }

  private void fail(Report r, Target target) throws HostException {
    Instant now = clock.instant();
    Optional<FailureRecord> record =
        r instanceof Report.Degraded d ? d.failure() : Optional.empty();
    memory = memory.failed(target, record, now, settings.retry());
    Duration delay = memory.backoff().delayFrom(now);
    try {
      reporter.report(r);
    } finally {
      triggerLater(delay);
      LOG.info("next attempt in {} ms", delay.toMillis());
    }
  }

  /**
   * Reports a held target: Degraded with the failure's cause and the hold, and no retry scheduled
   * (only a new desired target or an admin's request sends it again).
   */
  private void hold(TargetHold hold, Optional<FailureRecord> failure) throws HostException {
    String message = failure.map(FailureRecord::message).orElse(hold.why());
    String reasonClass = failure.map(ReasonClass::of).orElse(ReasonClass.HOST);
    memory = memory.failed(hold.target(), failure, clock.instant(), settings.retry()).noBackoff();
    reporter.report(
        new Report.Degraded(
            hold.reason(message, settings.node()), reasonClass, failure, Optional.of(hold)));
    LOG.warn("node {}: {}", settings.node(), hold.sentence(settings.node()));
  }

  /**
   * An admin's retry request is used up by the update it starts (or by a node with nothing to do),
   * and a hold's mark goes with the update that replaces it.
   */
  private void clearRetryMarks(boolean updating) throws HostException {
    Optional<NodeView> node = readNode();
    if (node.isEmpty()) {
      return;
    }
    Map<String, Optional<String>> changes = NodeWriter.changes();
    if (node.get().get(NodeAnnotations.RETRY_REQUESTED).isPresent()) {
      LOG.info("node {}: an admin asked for a retry", settings.node());
      changes.put(NodeAnnotations.RETRY_REQUESTED, Optional.empty());
      memory = memory.noBackoff();
    }
    if (updating && node.get().get(NodeAnnotations.FAILED_TARGET).isPresent()) {
      changes.put(NodeAnnotations.FAILED_TARGET, Optional.empty());
    }
    if (!changes.isEmpty()) {
      writer.write(changes);
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

  private void degraded(HostException e) {
    Target target = memory.backoff().target().orElse(new Target("", Optional.empty()));
    try {
      fail(new Report.Degraded(e.getMessage(), ReasonClass.HOST, Optional.empty()), target);
    } catch (HostException | IllegalStateException again) {
      LOG.warn(
          "node {}: {} (and could not report it: {})",
          settings.node(),
          e.getMessage(),
          again.getMessage());
    }
  }

  private void retryLater() {
    Instant now = clock.instant();
    memory = memory.again(now, settings.retry());
    triggerLater(memory.backoff().delayFrom(now));
  }

  /** The node settled on its desired config: a later failure is a new incident, attempt 1. */
  private void settled() {
    memory = memory.settled();
  }

  private Attempt attempt(Optional<Target> desired) {
    return memory.attempt(desired);
  }

  private Observed observed() throws HostException {
    Optional<Boolean> fips =
        host.files()
            .stat(FIPS)
            .filter(FileState.Regular.class::isInstance)
            .map(s -> ((FileState.Regular) s).contents().asUtf8().strip().equals("1"));
    return new Observed(
        host.images().status().bootedImage(), host.files().stat(FORCE_FILE).isPresent(), fips);
  }

  private Optional<NodeView> readNode() throws HostException {
    return writer.find().map(NodeView::of);
  }

  private Optional<MachineConfig> machineConfig(String name) throws HostException {
    Optional<CommitMarker> marker = store.marker();
    if (marker.isPresent() && marker.get().target().config().equals(name)) {
      return Optional.of(
          Json.MAPPER.convertValue(marker.get().machineConfig(), MachineConfig.class));
    }
    try {
      return Optional.ofNullable(client.resources(MachineConfig.class).withName(name).get());
    } catch (KubernetesClientException e) {
      throw new HostException("could not read MachineConfig " + name + ": " + e.getMessage(), e);
    }
  }

  /**
   * Stops as SIGTERM would: no new syncs, and a sync in progress may finish its step (up to 10
   * seconds) rather than be interrupted between writing the host and recording that it did.
   */
  @Override
  public void close() {
    if (informer != null) {
      informer.close();
    }
    cache.live(false);
    worker.shutdown();
    try {
      if (!worker.awaitTermination(10, TimeUnit.SECONDS)) {
        worker.shutdownNow();
      }
    } catch (InterruptedException e) {
      worker.shutdownNow();
      Thread.currentThread().interrupt();
    }
    drift.stop(false);
  }
}

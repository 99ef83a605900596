package io.ocelot.daemon.txn;

import com.fasterxml.jackson.databind.JsonNode;
import io.ocelot.api.disruption.ConfigTarget;
import io.ocelot.api.disruption.PostAction;
import io.ocelot.api.ignition.Bytes;
import io.ocelot.api.json.Json;
import io.ocelot.daemon.host.CommandResult;
import io.ocelot.daemon.host.Hooks;
import io.ocelot.daemon.host.HostException;
import io.ocelot.daemon.host.HostLock;
import io.ocelot.daemon.host.HostStatus;
import io.ocelot.daemon.plan.Commit;
import io.ocelot.daemon.plan.Step;
import io.ocelot.daemon.plan.UpdatePlan;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.slf4j.spi.LoggingEventBuilder;

/**
 * Applies an update plan to the host as one transaction (design §3): each prepare step journals its
 * pre-image, then applies; the commit writes the marker and requests the reboot. Any failure before
 * the commit point, the reboot request included, undoes every applied step in reverse and returns a
 * failure record that names the root cause.
 */
public final class UpdateEngine {
  private static final Logger LOG = LoggerFactory.getLogger(UpdateEngine.class);

  /**
   * The most bytes of replaced files one update keeps (in memory and in its journal) to undo
   * itself: as much as a config may write (8 MiB), so a node within its heap never runs short.
   */
  static final long MAX_PREIMAGE_BYTES = 8L * 1024 * 1024;

  private final HostContext host;
  private final StateStore store;
  private final DrainHandshake drain;
  private final EngineMetrics metrics;
  private final Clock clock;
  private final Supplier<String> ids;
  private final StepListener listener;

  public UpdateEngine(
      HostContext host,
      StateStore store,
      DrainHandshake drain,
      EngineMetrics metrics,
      Clock clock,
      Supplier<String> ids) {
    this(host, store, drain, metrics, clock, ids, StepListener.NONE);
  }

  public UpdateEngine(
      HostContext host,
      StateStore store,
      DrainHandshake drain,
      EngineMetrics metrics,
      Clock clock,
      Supplier<String> ids,
      StepListener listener) {
    this.host = host;
    this.store = store;
    this.drain = drain;
    this.metrics = metrics;
    this.clock = clock;
    this.ids = ids;
    this.listener = listener;
  }

  /** Runs the plan as one transaction, holding the host's lock throughout. */
  public EngineOutcome apply(UpdatePlan plan, Attempt attempt) throws HostException {
    try (HostLock.Lease lease = host.lock().acquire(Recovery.HOLDER)) {
      return applyLocked(plan, attempt);
    }
  }

  /** The same for a caller that holds the host's lock already ({@code held}). */
  public EngineOutcome apply(HostLock.Lease held, UpdatePlan plan, Attempt attempt)
      throws HostException {
    Recovery.requireHeld(host, held);
    return applyLocked(plan, attempt);
  }

  private EngineOutcome applyLocked(UpdatePlan plan, Attempt attempt) throws HostException {
    Target from = target(plan.from());
    Target to = target(plan.to());
    if (store.journal().isPresent()) {
      throw new IllegalStateException("an unfinished attempt is in the journal: run start() first");
    }
    if (plan.isNoop()) {
      return new EngineOutcome.Idle(to);
    }
    Optional<HostStatus> status = status();
    Optional<String> elsewhere =
        StartingPoint.mismatch(
                plan.from(), plan.to(), store.marker(), status.flatMap(HostStatus::bootedImage))
            .or(() -> status.flatMap(s -> ForeignStaged.conflict(plan, s, host.images().tool())))
            .or(() -> PlanStrings.controlCharacter(plan));
    if (elsewhere.isPresent()) {
      throw new HostException(elsewhere.get());
    }
    Bytes desiredJson = Bytes.utf8(Json.MAPPER.valueToTree(plan.to().config()).toString());
    Journal started =
        new Journal(
            ids.get(),
            attempt.number(),
            from,
            to,
            Journal.Phase.PREPARING,
            clock.instant(),
            origin(status),
            List.of());
    store.begin(started, "journal:start");
    // The admin's before-update hooks may refuse the update before anything changes (no drain).
    Optional<HookRuns.Failed> refused = HookRuns.run(host, Hooks.Point.BEFORE_UPDATE, plan);
    if (refused.isPresent()) {
      return failHook(started, refused.get(), attempt);
    }
    // One list for the whole attempt: copying the journal per step made an update quadratic.
    List<Journal.Entry> entries = new ArrayList<>();
    boolean ownsStagedSlot = false;
    long preimages = 0;
    for (int i = 0; i < plan.steps().size(); i++) {
      Step step = plan.steps().get(i);
      Action action = Actions.of(step, drain, desiredJson);
      Action.Prepared prepared;
      try {
        prepared = action.observe(host, ownsStagedSlot);
      } catch (HostException e) {
        return fail(started.withEntries(entries), FailureRecord.Phase.PREPARE, action, e, attempt);
      }
      Journal.Entry observed =
          new Journal.Entry(
              i,
              action.summary(),
              action.category(),
              prepared.restorations(),
              Journal.StepState.OBSERVED,
              prepared.note());
      preimages += observed.preimageBytes();
      if (preimages > MAX_PREIMAGE_BYTES) {
        return fail(
            started.withEntries(entries),
            FailureRecord.Phase.PREPARE,
            action,
            new HostException(
                "the files this update replaces hold "
                    + preimages
                    + " bytes up to this step, more than the "
                    + (MAX_PREIMAGE_BYTES >> 20)
                    + " MiB the engine keeps to undo an update"),
            attempt);
      }
      entries.add(observed);
      ownsStagedSlot |= observed.ownsStagedSlot();
      store.observed(observed, "journal:observed:" + i);
      keys(LOG.atInfo(), to, attempt.number())
          .addKeyValue("step", stepKey(action.category()))
          .log("{}{}", action.summary(), prepared.note().map(n -> " (" + n + ")").orElse(""));
      try {
        listener.stepStarting(step);
        prepared.apply();
      } catch (HostException e) {
        if (action.category() == Category.IMAGE) {
          metrics.stagingFailed();
        }
        listener.stepFailed(step, e.getMessage());
        return fail(started.withEntries(entries), FailureRecord.Phase.PREPARE, action, e, attempt);
      }
      store.reached("action:done:" + i);
      if (action.category() == Category.IMAGE) {
        metrics.stagingSucceeded();
      }
      Journal.Entry applied = observed.withState(Journal.StepState.APPLIED);
      entries.set(i, applied);
      store.stepState(applied, "journal:applied:" + i);
      listener.stepApplied(step);
    }
    Journal journal = started.withEntries(entries);
    return commit(plan, journal, attempt);
  }

  private EngineOutcome commit(UpdatePlan plan, Journal journal, Attempt attempt)
      throws HostException {
    Commit commit = plan.commit().orElseThrow();
    if (commit.action() == PostAction.REBOOT) {
      // Before the commit point: a before-reboot hook that fails rolls every step back.
      Optional<HookRuns.Failed> refused = HookRuns.run(host, Hooks.Point.BEFORE_REBOOT, plan);
      if (refused.isPresent()) {
        return failHook(journal, refused.get(), attempt);
      }
    }
    CommitMarker marker =
        new CommitMarker(
            CommitMarker.Phase.COMMITTED,
            journal.to(),
            json(plan.to()),
            Optional.of(journal.from()),
            Optional.of(json(plan.from())),
            journal.attemptId(),
            host.bootId().current());
    store.write(marker, "marker:committed");
    store.phase(Journal.Phase.COMMITTED, "journal:committed");
    if (commit.action() == PostAction.REBOOT) {
      keys(LOG.atInfo(), journal.to(), journal.attempt())
          .addKeyValue("step", "reboot")
          .log("initiating reboot: {}", commit.rationale());
      listener.rebooting(commit.rationale());
      if (journal.ownsStagedSlot()) {
        BootGuard.arm(host); // a new deployment that never boots healthy is left by the bootloader
      }
      CommandResult r = host.rebooter().requestReboot(commit.rationale());
      if (!r.ok()) {
        metrics.rebootFailed();
        store.write(marker.back(), "marker:reverted");
        return fail(
            journal,
            FailureRecord.Phase.REBOOT,
            "request reboot",
            Optional.empty(),
            "reboot command failed: " + r.describeFailure(),
            Optional.of(r),
            attempt);
      }
      return new EngineOutcome.RebootRequested(journal.to(), commit.rationale());
    }
    // Marker first: a stable marker naming the journal's target reads as "finished" on restart,
    // while a committed marker without a journal would read as "reboot never happened".
    store.write(
        CommitMarker.stable(journal.to(), marker.machineConfig(), marker.bootId()),
        "marker:stable");
    store.clearJournal("journal:cleared");
    store.clearLastFailure();
    // Done without a reboot.
    return new EngineOutcome.Completed(
        journal.to(), List.of(), HookRuns.afterUpdate(host, HookRuns.changed(plan)));
  }

  private EngineOutcome failHook(Journal journal, HookRuns.Failed hook, Attempt attempt)
      throws HostException {
    return fail(
        journal,
        FailureRecord.Phase.PREPARE,
        hook.step(),
        Optional.empty(),
        hook.cause(),
        Optional.of(hook.outcome().result()),
        attempt);
  }

  private EngineOutcome fail(
      Journal journal, FailureRecord.Phase phase, String step, HostException e, Attempt attempt)
      throws HostException {
    return fail(journal, phase, step, Optional.empty(), e.getMessage(), e.command(), attempt);
  }

  /** A prepare step failed: the record names what the step changes. */
  private EngineOutcome fail(
      Journal journal, FailureRecord.Phase phase, Action action, HostException e, Attempt attempt)
      throws HostException {
    return fail(
        journal,
        phase,
        action.summary(),
        Optional.of(action.category()),
        e.getMessage(),
        e.command(),
        attempt);
  }

  private EngineOutcome fail(
      Journal journal,
      FailureRecord.Phase phase,
      String step,
      Optional<Category> category,
      String cause,
      Optional<CommandResult> command,
      Attempt attempt)
      throws HostException {
    keys(LOG.atWarn(), journal.to(), attempt.number())
        .addKeyValue("step", category.map(UpdateEngine::stepKey).orElse(stepKey(phase)))
        .log("{} failed: {}; rolling back", step, cause);
    EngineOutcome.Failed failed =
        new Rollback(host, store)
            .failed(
                journal, phase, step, category, cause, command, attempt, clock.instant(), metrics);
    LOG.warn("{}", failed.failure().message());
    return failed;
  }

  /** A log line's keys for a collector: the target config, its image and the attempt. */
  private static LoggingEventBuilder keys(LoggingEventBuilder line, Target to, int attempt) {
    LoggingEventBuilder keyed =
        line.addKeyValue("config", to.config()).addKeyValue("attempt", attempt);
    return to.image().isPresent() ? keyed.addKeyValue("image", to.image().get()) : keyed;
  }

  /** A step's key in a log line: what it changes ({@code file}, {@code image}) or its phase. */
  private static String stepKey(Enum<?> kind) {
    return kind.name().toLowerCase(java.util.Locale.ROOT);
  }

  /** The boot and deployment the attempt starts on, when the host can say. */
  private Optional<Journal.Origin> origin(Optional<HostStatus> status) throws HostException {
    Optional<String> booted = status.flatMap(HostStatus::booted).map(d -> d.id());
    return booted.isEmpty()
        ? Optional.empty()
        : Optional.of(new Journal.Origin(host.bootId().current(), booted.get()));
  }

  /**
   * The host's deployments, or empty when the host cannot say: a broken image tool fails the update
   * at its staging step, with a record and a rollback, not here.
   */
  private Optional<HostStatus> status() {
    try {
      return Optional.of(host.images().status());
    } catch (HostException e) {
      return Optional.empty();
    }
  }

  static Target target(ConfigTarget t) {
    return new Target(t.name(), t.image());
  }

  private static JsonNode json(ConfigTarget t) {
    return Json.MAPPER.valueToTree(t.config());
  }
}

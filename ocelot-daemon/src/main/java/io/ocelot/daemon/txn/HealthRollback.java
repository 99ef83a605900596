package io.ocelot.daemon.txn;

import io.ocelot.daemon.host.CommandResult;
import io.ocelot.daemon.host.Deployment;
import io.ocelot.daemon.host.HealthChecks;
import io.ocelot.daemon.host.HostException;
import io.ocelot.daemon.host.HostStatus;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Going back after the boot into a target failed a required health check (greenboot's rollback,
 * with the journal's pre-images), or failed its on-disk validation while the node's desired target
 * moved away from it (the admin withdrew the update). The failure is recorded first; then each pass
 * restores the config pre-images, queues the previous deployment when the update had changed it (a
 * reorder of the boot entries, as bootc and rpm-ostree roll back — never a reverse apply), and
 * reboots. The first boot with nothing left to restore on the previous deployment ends it: the
 * marker names the previous state again and the failure is reported. Each pass is idempotent, so a
 * daemon killed at any point repeats it. On a real ostree host the previous deployment keeps its
 * own {@code /etc}, so it can take a second pass (and boot) there; a simulated root shares one.
 */
final class HealthRollback {
  private static final Logger LOG = LoggerFactory.getLogger(HealthRollback.class);

  /** The step a rollback after a reboot in the middle of an update is recorded under. */
  static final String INTERRUPTED = "reboot during the update";

  /** Boots a rollback may take before it stops and reports where it is (a safety net). */
  static final int MAX_BOOTS = 3;

  private final HostContext host;
  private final StateStore store;
  private final EngineMetrics metrics;
  private final Clock clock;

  HealthRollback(HostContext host, StateStore store, EngineMetrics metrics, Clock clock) {
    this.host = host;
    this.store = store;
    this.metrics = metrics;
    this.clock = clock;
  }

  /** The boot into {@code marker}'s target failed {@code failed}: record it and start back. */
  EngineOutcome begin(
      CommitMarker marker, Journal journal, HealthChecks.Outcome failed, Attempt attempt)
      throws HostException {
    String booted = host.images().status().bootedImage().orElse("");
    return begin(
        marker,
        journal,
        FailureRecord.Phase.HEALTH_CHECK,
        "health check " + failed.check().name(),
        "health check "
            + failed.check().name()
            + " failed after boot into "
            + booted
            + ": "
            + failed.describe(),
        Optional.of(failed.result()),
        attempt);
  }

  /**
   * The boot into {@code marker}'s target never validated ({@code problem}) and the node is now
   * wanted elsewhere: go back to where it was before, as after a failed health check.
   */
  EngineOutcome withdraw(
      CommitMarker marker, Journal journal, String problem, Target desired, Attempt attempt)
      throws HostException {
    return begin(
        marker,
        journal,
        FailureRecord.Phase.FINALIZE,
        Recovery.VALIDATE_ON_DISK,
        problem
            + "; the node is wanted on "
            + desired.describe()
            + " now, so the update is undone rather than finished",
        Optional.empty(),
        attempt);
  }

  /**
   * The machine rebooted in the middle of {@code journal}'s attempt and booted what it had staged
   * ({@code deployment}), with the previous config's files: go back to the previous deployment and
   * config as after a failed health check. {@code before} is the stable marker of the attempt's
   * starting point; the attempt never committed, so its own config was never recorded and the
   * marker on the way back carries the previous one for both.
   */
  EngineOutcome interrupted(
      CommitMarker before, Journal journal, String deployment, Attempt attempt)
      throws HostException {
    CommitMarker committed =
        new CommitMarker(
            CommitMarker.Phase.COMMITTED,
            journal.to(),
            before.machineConfig(),
            Optional.of(journal.from()),
            Optional.of(before.machineConfig()),
            journal.attemptId(),
            journal.origin().map(Journal.Origin::bootId).orElse(before.bootId()));
    return begin(
        committed,
        journal,
        FailureRecord.Phase.RECOVERY,
        INTERRUPTED,
        "the node rebooted in the middle of the update to "
            + journal.to().describe()
            + " and booted its staged deployment "
            + deployment
            + " with the previous config",
        Optional.empty(),
        attempt);
  }

  private EngineOutcome begin(
      CommitMarker marker,
      Journal journal,
      FailureRecord.Phase phase,
      String step,
      String cause,
      Optional<CommandResult> result,
      Attempt attempt)
      throws HostException {
    HostStatus status = host.images().status();
    LOG.warn("{}; rolling back", cause);
    BootGuard.disarm(host); // going back deliberately: the counter must not pick a boot too
    FailureRecord record =
        Failures.of(
            phase,
            step,
            cause,
            result,
            List.of(),
            attempt,
            clock.instant(),
            marker.target(),
            back(marker));
    store.write(record);
    Optional<String> leave =
        changedDeployment(marker, journal) ? status.booted().map(Deployment::id) : Optional.empty();
    CommitMarker reverting = marker.reverting(leave, host.bootId().current());
    store.write(reverting, "marker:reverting");
    return pass(reverting, journal, record);
  }

  /** A start that finds a health rollback under way: one more pass, in this boot. */
  EngineOutcome resume(CommitMarker marker, Optional<Journal> journal, Attempt attempt)
      throws HostException {
    Journal j = journal.orElseGet(() -> Journal.ofCommit(marker, attempt, clock.instant()));
    FailureRecord record =
        store
            .lastFailure()
            .filter(f -> f.target().equals(marker.target()))
            .filter(
                f ->
                    f.phase() == FailureRecord.Phase.HEALTH_CHECK
                        || f.step().equals(Recovery.VALIDATE_ON_DISK)
                        || f.step().equals(INTERRUPTED))
            .orElseGet(
                () ->
                    Failures.of(
                        FailureRecord.Phase.HEALTH_CHECK,
                        "health check",
                        "the boot into "
                            + marker.target().describe()
                            + " failed its health checks (the record of which was lost)",
                        Optional.empty(),
                        List.of(),
                        attempt,
                        clock.instant(),
                        marker.target(),
                        back(marker)));
    CommitMarker m = marker;
    if (!marker.bootId().equals(host.bootId().current())) {
      m = marker.rebooted(host.bootId().current());
      store.write(m, "marker:reverting-boot");
    }
    return pass(m, j, record);
  }

  private EngineOutcome pass(CommitMarker marker, Journal journal, FailureRecord before)
      throws HostException {
    Rollback.Result undone = new Rollback(host, store).run(configOnly(journal));
    FailureRecord record = merged(before, undone.steps());
    store.write(record);
    if (!undone.complete()) {
      return failed(record);
    }
    HostStatus status = host.images().status();
    CommitMarker.Revert revert = marker.revert().orElseThrow();
    boolean onLeft =
        revert.leaveDeployment().isPresent()
            && status.booted().map(Deployment::id).equals(revert.leaveDeployment());
    boolean restored =
        undone.steps().stream().anyMatch(s -> s.outcome() == FailureRecord.Outcome.REVERTED);
    if (!onLeft && (!restored || revert.boots() >= MAX_BOOTS)) {
      return finish(marker, record, status);
    }
    if (revert.boots() >= MAX_BOOTS) {
      return failed(
          record.withNote(
              "after "
                  + revert.boots()
                  + " boots the node still runs the deployment it was to leave; it stays there"));
    }
    if (onLeft) {
      host.images().queueRollback();
    }
    String rationale =
        (record.phase() == FailureRecord.Phase.HEALTH_CHECK
                ? "Rolling back after a failed health check: "
                : record.step().equals(INTERRUPTED)
                    ? "Rolling back an update a reboot interrupted: "
                    : "Rolling back an update that never validated: ")
            + record.cause();
    store.reached("revert:reboot");
    CommandResult r = host.rebooter().requestReboot(rationale);
    if (!r.ok()) {
      metrics.rebootFailed();
      FailureRecord.RollbackStep step =
          new FailureRecord.RollbackStep(
              "reboot into the previous state",
              Category.IMAGE,
              FailureRecord.Outcome.FAILED,
              Optional.of("reboot command failed: " + r.describeFailure()));
      List<FailureRecord.RollbackStep> steps = new ArrayList<>(record.rollback());
      steps.add(step);
      return failed(record.withRollback(steps));
    }
    return new EngineOutcome.RebootRequested(record.remainsOn(), rationale);
  }

  private EngineOutcome finish(CommitMarker marker, FailureRecord record, HostStatus status)
      throws HostException {
    String expected = record.remainsOn().image().orElse("");
    String booted = status.bootedImage().orElse("");
    FailureRecord done =
        expected.isEmpty() || booted.equals(expected)
            ? record
            : record.withNote("the node booted " + booted + " rolling back, expected " + expected);
    store.write(done);
    store.clearJournal("journal:cleared");
    store.write(
        CommitMarker.stable(
            marker.previous().orElse(marker.target()),
            marker.previousMachineConfig().orElse(marker.machineConfig()),
            host.bootId().current()),
        "marker:stable");
    LOG.warn("{}", done.message());
    return failed(done);
  }

  private EngineOutcome failed(FailureRecord record) throws HostException {
    store.write(record);
    if (record.phase() == FailureRecord.Phase.HEALTH_CHECK) {
      metrics.healthCheckFailed();
    }
    metrics.updateFailed();
    return new EngineOutcome.Failed(record);
  }

  /**
   * The config part of the journal, every step to be checked again: the deployment goes back by the
   * boot order, and services start afresh at the boot, so neither is undone by a step.
   */
  private static Journal configOnly(Journal journal) {
    List<Journal.Entry> entries = new ArrayList<>();
    for (Journal.Entry e : journal.entries()) {
      List<Restoration> kept =
          e.restorations().stream()
              .filter(r -> !(r instanceof Restoration.DiscardStaged))
              .filter(r -> !(r instanceof Restoration.RerunService))
              .toList();
      entries.add(
          new Journal.Entry(
              e.index(), e.summary(), e.category(), kept, Journal.StepState.APPLIED, e.note()));
    }
    return journal.withPhase(Journal.Phase.PREPARING).withEntries(entries);
  }

  /** Each step's outcome over all passes: reverted once stays reverted; a failure is the latest. */
  private static FailureRecord merged(FailureRecord record, List<FailureRecord.RollbackStep> now) {
    if (record.rollback().isEmpty()) {
      return record.withRollback(now);
    }
    List<FailureRecord.RollbackStep> out = new ArrayList<>();
    for (FailureRecord.RollbackStep s : now) {
      boolean revertedBefore =
          record.rollback().stream()
              .anyMatch(
                  p -> p.step().equals(s.step()) && p.outcome() == FailureRecord.Outcome.REVERTED);
      out.add(
          revertedBefore && s.outcome() == FailureRecord.Outcome.NOT_NEEDED
              ? new FailureRecord.RollbackStep(
                  s.step(), s.category(), FailureRecord.Outcome.REVERTED, Optional.empty())
              : s);
    }
    return record.withRollback(out);
  }

  /** True when the update changed the deployment (image, kernel, extensions, kernel arguments). */
  private static boolean changedDeployment(CommitMarker marker, Journal journal) {
    boolean journalled =
        journal.entries().stream()
            .flatMap(e -> e.restorations().stream())
            .anyMatch(Restoration.DiscardStaged.class::isInstance);
    String before =
        marker
            .previousMachineConfig()
            .map(mc -> mc.path("spec").path("osImageURL").asText(""))
            .orElse("");
    String previousImage = marker.previous().flatMap(Target::image).orElse(before);
    return journalled || !previousImage.equals(Recovery.effectiveImage(marker));
  }

  /** Where the node goes back to: the previous config, and the image it boots. */
  private static Target back(CommitMarker marker) {
    Target previous = marker.previous().orElse(marker.target());
    if (previous.image().isPresent()) {
      return previous;
    }
    String image =
        marker
            .previousMachineConfig()
            .map(mc -> mc.path("spec").path("osImageURL").asText(""))
            .orElse("");
    return new Target(previous.config(), Optional.of(image));
  }
}

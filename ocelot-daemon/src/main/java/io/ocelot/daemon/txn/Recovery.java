package io.ocelot.daemon.txn;

import com.fasterxml.jackson.databind.JsonNode;
import io.ocelot.api.ignition.IgnitionConfig;
import io.ocelot.api.ignition.IgnitionParser;
import io.ocelot.api.ignition.IgnitionResult;
import io.ocelot.api.model.MachineConfigRules;
import io.ocelot.daemon.host.HealthChecks;
import io.ocelot.daemon.host.HostException;
import io.ocelot.daemon.host.HostLock;
import io.ocelot.daemon.host.HostStatus;
import java.time.Clock;
import java.util.List;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What the daemon does on start, before any new work (design §3, crash safety): an attempt that was
 * prepared but not committed is rolled back; a committed attempt whose boot landed in the target is
 * validated and finalized; one that booted the old deployment is rolled back and reported. Either
 * way the host ends in one of its two stable states.
 */
public final class Recovery {
  private static final Logger LOG = LoggerFactory.getLogger(Recovery.class);

  private final HostContext host;
  private final StateStore store;
  private final EngineMetrics metrics;
  private final Clock clock;
  private final Optional<Target> wanted;

  /** The step whose failure after a boot an admin can fix on the host (MCO's on-disk check). */
  public static final String VALIDATE_ON_DISK = "validate on-disk state";

  public Recovery(HostContext host, StateStore store, EngineMetrics metrics, Clock clock) {
    this(host, store, metrics, clock, Optional.empty());
  }

  /**
   * With {@code wanted}, the node's desired target: a committed update whose boot never validates
   * is undone once the node is wanted elsewhere (an admin withdrew it), instead of being validated
   * again for ever.
   */
  public Recovery(
      HostContext host,
      StateStore store,
      EngineMetrics metrics,
      Clock clock,
      Optional<Target> wanted) {
    this.host = host;
    this.store = store;
    this.metrics = metrics;
    this.clock = clock;
    this.wanted = wanted;
  }

  /** How the engine names itself in the host lock when its caller did not take it first. */
  static final String HOLDER = "an Ocelot update engine";

  /** Finishes or undoes what the host has in flight, holding the host's lock throughout. */
  public EngineOutcome start(Attempt attempt) throws HostException {
    try (HostLock.Lease lease = host.lock().acquire(HOLDER)) {
      return startLocked(attempt);
    }
  }

  /** The same for a caller that holds the host's lock already ({@code held}). */
  public EngineOutcome start(HostLock.Lease held, Attempt attempt) throws HostException {
    requireHeld(host, held);
    return startLocked(attempt);
  }

  /** Refuses a lease of another lock: the engine never works on a host it does not hold. */
  static void requireHeld(HostContext host, HostLock.Lease held) {
    if (held.lock() != host.lock()) {
      throw new IllegalArgumentException("the lease held is not this host's lock");
    }
  }

  private EngineOutcome startLocked(Attempt attempt) throws HostException {
    Optional<CommitMarker> marker = store.marker();
    Optional<Journal> journal = store.journal();
    if (marker.isPresent() && marker.get().phase() == CommitMarker.Phase.REVERTING) {
      return new HealthRollback(host, store, metrics, clock).resume(marker.get(), journal, attempt);
    }
    if (marker.isPresent() && marker.get().phase() == CommitMarker.Phase.COMMITTED) {
      return committed(marker.get(), journal, attempt);
    }
    if (journal.isPresent()
        && journal.get().phase() == Journal.Phase.COMMITTED
        && marker.map(CommitMarker::target).equals(Optional.of(journal.get().to()))) {
      // Finalized, but stopped before the journal was removed.
      store.clearJournal("journal:cleared");
      return new EngineOutcome.Completed(journal.get().to());
    }
    if (journal.isPresent()) {
      Journal j = journal.get();
      Optional<FailureRecord> incomplete =
          store.lastFailure().filter(f -> f.target().equals(j.to()) && !f.rolledBackCompletely());
      if (incomplete.isPresent()) {
        return finishRollback(j, incomplete.get());
      }
      Optional<String> landed = bootedItsDeployment(j);
      Optional<CommitMarker> before =
          marker.filter(m -> m.phase() == CommitMarker.Phase.STABLE && m.target().equals(j.from()));
      if (landed.isPresent() && before.isPresent()) {
        return new HealthRollback(host, store, metrics, clock)
            .interrupted(before.get(), j, landed.get(), attempt);
      }
      return rollBack(
          j,
          FailureRecord.Phase.RECOVERY,
          "resume",
          "the update to "
              + j.to().describe()
              + " was interrupted (the daemon stopped) before"
              + " its commit",
          marker,
          attempt);
    }
    return new EngineOutcome.Idle(
        marker.map(CommitMarker::target).orElse(new Target("", Optional.empty())));
  }

  /**
   * The deployment the machine booted when it rebooted in the middle of {@code j} (an admin, a
   * watchdog: the staged deployment is finalized at any clean shutdown), or empty when it still
   * runs the one the attempt started on. Restoring the config alone would leave the new image with
   * the old config; the deployment has to go back too.
   */
  private Optional<String> bootedItsDeployment(Journal j) throws HostException {
    if (j.phase() != Journal.Phase.PREPARING || !j.ownsStagedSlot() || j.origin().isEmpty()) {
      return Optional.empty();
    }
    Journal.Origin origin = j.origin().get();
    if (origin.bootId().equals(host.bootId().current())) {
      return Optional.empty();
    }
    return host.images()
        .status()
        .booted()
        .map(io.ocelot.daemon.host.Deployment::id)
        .filter(id -> !id.equals(origin.bootedDeployment()));
  }

  private EngineOutcome committed(CommitMarker marker, Optional<Journal> journal, Attempt attempt)
      throws HostException {
    Journal j = journal.orElseGet(() -> Journal.ofCommit(marker, attempt, clock.instant()));
    if (host.bootId().current().equals(marker.bootId())) {
      // No reboot since the commit: the request failed or never went out before the daemon died.
      return rollBack(
          j,
          FailureRecord.Phase.RECOVERY,
          "request reboot",
          "the daemon stopped after committing to "
              + marker.target().describe()
              + " but the node did not reboot",
          Optional.of(marker),
          attempt);
    }
    HostStatus status = host.images().status();
    String expected = effectiveImage(marker);
    String booted = status.bootedImage().orElse("");
    if (BootGuard.fellBack(host)) {
      // The new deployment never booted far enough to be checked: GRUB took the previous one.
      return rollBack(
          j,
          FailureRecord.Phase.FINALIZE,
          FailureRecord.VALIDATE_BOOT,
          "the boot into "
              + marker.target().describe()
              + " never became healthy: after "
              + BootGuard.BOOTS
              + " boots the boot counter fell back to the previous deployment ("
              + booted
              + ")",
          Optional.of(marker),
          attempt);
    }
    // A config without an OS image (and no layered image) names none to compare: the update did
    // not change the deployment's image, and its kernel arguments are checked below. Compared with
    // "", every boot read as the wrong one and the update could never finish.
    if (!expected.isEmpty() && !booted.equals(expected)) {
      return rollBack(
          j,
          FailureRecord.Phase.FINALIZE,
          FailureRecord.VALIDATE_BOOT,
          "booted image " + booted + ", expected " + expected + rootCause(),
          Optional.of(marker),
          attempt);
    }
    List<String> missing = missingKernelArguments(marker);
    if (!missing.isEmpty()) {
      // Same image, so only the kernel arguments tell whether the staged deployment booted.
      return rollBack(
          j,
          FailureRecord.Phase.FINALIZE,
          FailureRecord.VALIDATE_BOOT,
          "booted kernel arguments lack "
              + String.join(" ", missing)
              + " of "
              + marker.target().describe()
              + rootCause(),
          Optional.of(marker),
          attempt);
    }
    return finalizeBoot(marker, j, attempt);
  }

  private String rootCause() {
    return host.bootLog()
        .previousFinalizeFailure()
        .map(f -> "; possible root cause: " + f)
        .orElse("");
  }

  /**
   * The target's kernel arguments the booted deployment lacks (none where kargs are not ours). An
   * entry holding several arguments ({@code "hugepagesz=1G hugepages=2"}, which the CRD allows) is
   * split as the planner split it when it applied them: compared unsplit, a boot that carried them
   * all read as one that lacked them.
   */
  private List<String> missingKernelArguments(CommitMarker marker) {
    List<String> entries = new java.util.ArrayList<>();
    marker
        .machineConfig()
        .path("spec")
        .path("kernelArguments")
        .forEach(a -> entries.add(a.asText()));
    List<String> wanted = MachineConfigRules.splitKernelArguments(entries);
    if (wanted.isEmpty()) {
      return List.of();
    }
    List<String> booted;
    try {
      booted = host.images().kernelArguments();
    } catch (HostException e) {
      return List.of(); // bootc: kernel arguments come with the image, checked above
    }
    return wanted.stream().filter(a -> !booted.contains(a)).toList();
  }

  private EngineOutcome finalizeBoot(CommitMarker marker, Journal journal, Attempt attempt)
      throws HostException {
    IgnitionConfig config = ignition(marker.machineConfig());
    if (host.files().stat(RevertArtifacts.CONFIG).isPresent()) {
      // The revert unit re-applies the config at boot; where no unit ran (a simulated host), do it
      // here.
      FirstBoot.complete(host, config);
    }
    List<String> problems = OnDiskValidator.problems(config, host.files());
    if (!problems.isEmpty()) {
      String against = marker.target().image().orElse(marker.target().config());
      String problem =
          "unexpected on-disk state validating against " + against + ": " + problems.get(0);
      Optional<Target> elsewhere = wanted.filter(w -> !w.equals(marker.target()));
      if (elsewhere.isPresent()) {
        return new HealthRollback(host, store, metrics, clock)
            .withdraw(marker, journal, problem, elsewhere.get(), attempt);
      }
      FailureRecord record =
          Failures.of(
              FailureRecord.Phase.FINALIZE,
              VALIDATE_ON_DISK,
              problem,
              Optional.empty(),
              List.of(),
              attempt,
              clock.instant(),
              marker.target(),
              marker.target());
      store.write(record);
      metrics.updateFailed();
      return new EngineOutcome.Failed(record);
    }
    store.reached("health:start");
    List<HealthChecks.Outcome> checks = host.health().run();
    Optional<HealthChecks.Outcome> failed =
        checks.stream().filter(c -> c.check().required() && !c.ok()).findFirst();
    if (failed.isPresent()) {
      return new HealthRollback(host, store, metrics, clock)
          .begin(marker, journal, failed.get(), attempt);
    }
    List<HealthChecks.Outcome> warnings = checks.stream().filter(c -> !c.ok()).toList();
    warnings.forEach(
        w -> LOG.warn("wanted health check {} failed: {}", w.check().name(), w.describe()));
    BootGuard.disarm(host); // the healthy mark: the bootloader keeps this deployment
    try {
      // Only now, with the boot healthy, is the way back no longer needed.
      host.images().cleanupRollback();
    } catch (HostException e) {
      LOG.warn("could not remove the rollback deployment: {}", e.getMessage());
    }
    // The journal goes first: a stable marker next to a journal would read as an interrupted
    // update and be rolled back.
    store.clearJournal("journal:cleared");
    store.write(
        CommitMarker.stable(marker.target(), marker.machineConfig(), host.bootId().current()),
        "marker:stable");
    store.clearLastFailure();
    LOG.info("Validated on-disk state; in desired state {}", marker.target().describe());
    return new EngineOutcome.Completed(
        marker.target(), warnings, HookRuns.afterUpdate(host, HookRuns.changed(journal)));
  }

  private EngineOutcome rollBack(
      Journal journal,
      FailureRecord.Phase phase,
      String step,
      String cause,
      Optional<CommitMarker> marker,
      Attempt attempt)
      throws HostException {
    LOG.warn("{}; rolling back", cause);
    if (marker.isPresent() && marker.get().phase() == CommitMarker.Phase.COMMITTED) {
      store.write(marker.get().back(), "marker:reverted");
    }
    return new Rollback(host, store)
        .failed(
            journal,
            phase,
            step,
            Optional.empty(),
            cause,
            Optional.empty(),
            attempt,
            clock.instant(),
            metrics);
  }

  /**
   * The journal of a failure whose rollback did not complete (an undo step failed): undo what is
   * left, and keep the failure's record — its cause and attempt are what happened — adding what
   * this start did. Without this, the next start would report "interrupted" as if that were the
   * cause, and the attempt count would start over.
   */
  private EngineOutcome finishRollback(Journal journal, FailureRecord failure)
      throws HostException {
    LOG.warn("completing the rollback of the failed update to {}", journal.to().describe());
    Rollback.Result undone =
        new Rollback(host, store).run(journal.withPhase(Journal.Phase.PREPARING));
    String note =
        undone.complete()
            ? "the rollback was completed at the next start (" + clock.instant() + ")"
            : "the next start (" + clock.instant() + ") still could not complete the rollback";
    FailureRecord record = failure.recovered(undone.steps(), note);
    store.write(record);
    if (undone.complete()) {
      store.clearJournal("journal:cleared");
    }
    metrics.updateFailed();
    return new EngineOutcome.Failed(record);
  }

  /** The image the marker's target boots: its layered image, else its config's OS image. */
  static String effectiveImage(CommitMarker marker) {
    return marker
        .target()
        .image()
        .orElseGet(() -> marker.machineConfig().path("spec").path("osImageURL").asText(""));
  }

  static IgnitionConfig ignition(JsonNode machineConfig) throws HostException {
    IgnitionResult r = IgnitionParser.parse(machineConfig.path("spec").get("config"));
    if (r instanceof IgnitionResult.Valid v) {
      return v.config();
    }
    throw new HostException("the config in the commit marker does not parse: " + r.problems());
  }
}

package io.ocelot.daemon.txn;

import io.ocelot.daemon.host.HealthChecks;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * A failed update attempt as a value: where it failed, the command and its output, the root cause,
 * what the rollback did step by step, and which state the node remains in. The node's {@code
 * reason}, the {@code ocelot.io/last-failure} annotation, the UpdateFailed event and the metrics
 * all come from it. {@code boots} counts the boots into the target this incident has spent (on this
 * node, over all attempts), for the retry budget.
 */
public record FailureRecord(
    Phase phase,
    String step,
    Optional<String> command,
    Optional<Integer> exitCode,
    String stderrTail,
    String cause,
    List<RollbackStep> rollback,
    int attempt,
    Instant firstFailedAt,
    Instant failedAt,
    Target target,
    Target remainsOn,
    Optional<String> replacedCause,
    List<String> notes,
    int boots,
    Optional<Category> category) {

  /** Where in the transaction the failure happened. */
  public enum Phase {
    PREPARE("prepare"),
    COMMIT("commit"),
    REBOOT("reboot"),
    POST_ACTION("post-action"),
    FINALIZE("finalize"),
    /** The boot into the target failed a required health check; the host went back. */
    HEALTH_CHECK("health-check"),
    RECOVERY("recovery");

    private final String word;

    Phase(String word) {
      this.word = word;
    }

    public String word() {
      return word;
    }
  }

  /** What undoing one step did. */
  public enum Outcome {
    REVERTED("reverted"),
    FAILED("failed"),
    NOT_NEEDED("not-needed");

    private final String word;

    Outcome(String word) {
      this.word = word;
    }

    public String word() {
      return word;
    }
  }

  /** The undo of one step. */
  public record RollbackStep(
      String step, Category category, Outcome outcome, Optional<String> error) {}

  public FailureRecord {
    rollback = List.copyOf(rollback);
    notes = List.copyOf(notes);
  }

  /** The step name of a failure found when validating which deployment booted. */
  public static final String VALIDATE_BOOT = "validate boot";

  /**
   * What retrying this failure's target costs the node, from where it failed: a boot into the
   * target that failed a required health check, fell back by the boot counter or booted the wrong
   * deployment proved the target bad; a node that never reported Ready after the boot spent the
   * boot without proving it (the kubelet also needs the control plane); anything before the boot
   * cost none.
   */
  public RetryCost retryCost() {
    if (phase == Phase.HEALTH_CHECK) {
      return step.equals("health check " + HealthChecks.NODE_READY)
          ? RetryCost.BOOT
          : RetryCost.PROVEN_BAD;
    }
    if (phase == Phase.FINALIZE && step.equals(VALIDATE_BOOT)) {
      return RetryCost.PROVEN_BAD;
    }
    return RetryCost.NONE;
  }

  /**
   * This record after a later start finished its rollback: the cause, step, attempt and times of
   * the failure stay as they were (they are what happened); the rollback steps that had failed take
   * their new outcome, and {@code note} says what the start did.
   */
  public FailureRecord recovered(List<RollbackStep> redone, String note) {
    List<RollbackStep> merged = new java.util.ArrayList<>();
    for (RollbackStep s : rollback) {
      RollbackStep now =
          s.outcome() != Outcome.FAILED
              ? s
              : redone.stream().filter(r -> r.step().equals(s.step())).findFirst().orElse(s);
      merged.add(now);
    }
    return withNote(note, merged);
  }

  /** This record with one more note, e.g. that a foreign staged deployment was discarded. */
  public FailureRecord withNote(String note) {
    return withNote(note, rollback);
  }

  private FailureRecord withNote(String note, List<RollbackStep> steps) {
    List<String> all = new java.util.ArrayList<>(notes);
    all.add(note);
    return with(steps, all);
  }

  /** This record naming what its failed step changes. */
  FailureRecord withCategory(Category c) {
    return copy(rollback, notes, boots, Optional.of(c));
  }

  /** This record counting {@code n} boots into its target. */
  FailureRecord withBoots(int n) {
    return copy(rollback, notes, n, category);
  }

  /** This record with the rollback's steps as they now stand. */
  public FailureRecord withRollback(List<RollbackStep> steps) {
    return with(steps, notes);
  }

  private FailureRecord with(List<RollbackStep> steps, List<String> allNotes) {
    return copy(steps, allNotes, boots, category);
  }

  private FailureRecord copy(
      List<RollbackStep> steps, List<String> allNotes, int bootCount, Optional<Category> kind) {
    return new FailureRecord(
        phase,
        step,
        command,
        exitCode,
        stderrTail,
        cause,
        steps,
        attempt,
        firstFailedAt,
        failedAt,
        target,
        remainsOn,
        replacedCause,
        allNotes,
        bootCount,
        kind);
  }

  /** True when every undo worked: the node is back in {@link #remainsOn}. */
  public boolean rolledBackCompletely() {
    return rollback.stream().noneMatch(r -> r.outcome() == Outcome.FAILED);
  }

  /** Same failure as {@code other}: same phase, step and cause (the incident goes on). */
  public boolean sameAs(FailureRecord other) {
    return phase == other.phase && step.equals(other.step) && cause.equals(other.cause);
  }

  /** The human message for the node's {@code reason} (at most 2000 characters). */
  public String message() {
    return FailureMessage.of(this);
  }

  /**
   * This record as the next attempt after {@code previous}: the same failure keeps the incident's
   * {@code firstFailedAt}; a different one says which cause it replaces. The boots spent on the
   * target add up over the incident, whatever failed.
   */
  public FailureRecord continuing(FailureRecord previous) {
    boolean same = sameAs(previous);
    return new FailureRecord(
        phase,
        step,
        command,
        exitCode,
        stderrTail,
        cause,
        rollback,
        attempt,
        same ? previous.firstFailedAt() : firstFailedAt,
        failedAt,
        target,
        remainsOn,
        same ? previous.replacedCause() : Optional.of(previous.cause()),
        notes,
        boots + (previous.target().equals(target) ? previous.boots() : 0),
        category);
  }
}

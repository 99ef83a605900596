package io.ocelot.daemon.txn;

import io.ocelot.daemon.host.CommandResult;
import io.ocelot.daemon.host.HostException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Undoes a journal: every step not yet undone, last first, each by its journalled restorations.
 * Every failure is kept (not just the first) and the journal records each step's new state, so an
 * interrupted rollback resumes where it stopped.
 */
final class Rollback {
  private final HostContext host;
  private final StateStore store;

  Rollback(HostContext host, StateStore store) {
    this.host = host;
    this.store = store;
  }

  /** The journal after the undo, and the outcome of each step in undo order. */
  record Result(Journal journal, List<FailureRecord.RollbackStep> steps) {
    boolean complete() {
      return steps.stream().noneMatch(s -> s.outcome() == FailureRecord.Outcome.FAILED);
    }
  }

  /**
   * Undoes the journal after a failure and records it: the failure record (written to the store),
   * the journal cleared when the undo completed (kept for the next start otherwise), the metrics.
   */
  EngineOutcome.Failed failed(
      Journal journal,
      FailureRecord.Phase phase,
      String step,
      Optional<Category> category,
      String cause,
      Optional<CommandResult> command,
      Attempt attempt,
      java.time.Instant now,
      EngineMetrics metrics)
      throws HostException {
    BootGuard.disarm(host);
    Result undone = run(journal.withPhase(Journal.Phase.PREPARING));
    FailureRecord made =
        Failures.of(
            phase,
            step,
            cause,
            command,
            undone.steps(),
            attempt,
            now,
            journal.to(),
            journal.from());
    FailureRecord record = category.map(made::withCategory).orElse(made);
    for (Journal.Entry e : journal.entries()) {
      Optional<String> note = e.note().filter(n -> n.startsWith(OsActions.DISCARDED_FOREIGN));
      if (note.isPresent()) {
        String image = note.get().substring(OsActions.DISCARDED_FOREIGN.length()).split(" ", 2)[0];
        record =
            record.withNote(
                "the staged deployment of "
                    + image
                    + " from before the update was discarded and is not restored");
      }
    }
    store.write(record);
    if (undone.complete()) {
      store.clearJournal("journal:cleared");
    }
    metrics.updateFailed();
    return new EngineOutcome.Failed(record);
  }

  /**
   * Undoes every step not yet undone, last first; service actions wait until the rest is restored
   * and then run again in their original order, so each service reads the old files.
   */
  Result run(Journal journal) throws HostException {
    Restorer restorer = new Restorer(host);
    List<FailureRecord.RollbackStep> steps = new ArrayList<>();
    List<Journal.Entry> entries = new ArrayList<>(journal.entries());
    List<Integer> order = new ArrayList<>();
    for (int i = entries.size() - 1; i >= 0; i--) {
      if (entries.get(i).category() != Category.SERVICE) {
        order.add(i);
      }
    }
    for (int i = 0; i < entries.size(); i++) {
      if (entries.get(i).category() == Category.SERVICE) {
        order.add(i);
      }
    }
    boolean phaseRecorded = false;
    for (int i : order) {
      Journal.Entry e = entries.get(i);
      if (e.state() == Journal.StepState.UNDONE) {
        continue;
      }
      if (!phaseRecorded) {
        // Undoing: a start that finds this journal rolls it back, whatever it said before.
        store.phase(Journal.Phase.PREPARING, "journal:undoing");
        phaseRecorded = true;
      }
      boolean changed = false;
      List<String> errors = new ArrayList<>();
      for (Restoration r : e.restorations()) {
        try {
          changed |= restorer.restore(r);
        } catch (HostException ex) {
          errors.add(r.describe() + ": " + ex.getMessage());
        }
      }
      store.reached("undo:done:" + i);
      FailureRecord.Outcome outcome =
          !errors.isEmpty()
              ? FailureRecord.Outcome.FAILED
              : changed ? FailureRecord.Outcome.REVERTED : FailureRecord.Outcome.NOT_NEEDED;
      steps.add(
          new FailureRecord.RollbackStep(
              e.summary(),
              e.category(),
              outcome,
              errors.isEmpty() ? Optional.empty() : Optional.of(String.join("; ", errors))));
      Journal.Entry after =
          e.withState(errors.isEmpty() ? Journal.StepState.UNDONE : Journal.StepState.UNDO_FAILED);
      entries.set(i, after);
      store.stepState(after, "journal:undone:" + i);
    }
    Journal j = journal.withPhase(Journal.Phase.PREPARING).withEntries(entries);
    return new Result(j, steps);
  }
}

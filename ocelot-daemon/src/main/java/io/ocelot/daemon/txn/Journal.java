package io.ocelot.daemon.txn;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The write-ahead journal of one update attempt: each step's pre-image is recorded before the step
 * touches the host, and its state after. It is durable on the host, so that a restarted daemon can
 * undo (or finish) what a killed one started.
 */
public record Journal(
    String attemptId,
    int attempt,
    Target from,
    Target to,
    Phase phase,
    Instant startedAt,
    List<Entry> entries) {

  /** Where the attempt stands. */
  public enum Phase {
    /** Steps are being applied; a crash here is rolled back. */
    PREPARING,
    /** The marker names the target and the reboot was (or is being) requested. */
    COMMITTED
  }

  /** Where one step stands. */
  public enum StepState {
    /** The pre-image is recorded; the step may have partly run. */
    OBSERVED,
    APPLIED,
    UNDONE,
    UNDO_FAILED
  }

  /** One step: what it was, what it changes, how to put it back, and where it stands. */
  public record Entry(
      int index,
      String summary,
      Category category,
      List<Restoration> restorations,
      StepState state,
      Optional<String> note) {
    public Entry {
      restorations = List.copyOf(restorations);
    }

    public Entry withState(StepState s) {
      return new Entry(index, summary, category, restorations, s, note);
    }
  }

  public Journal {
    entries = List.copyOf(entries);
  }

  /**
   * The journal of a commit whose journal is gone (a host that lost it, an older daemon): no steps
   * to undo, the marker's targets.
   */
  static Journal ofCommit(CommitMarker marker, Attempt attempt, Instant now) {
    return new Journal(
        marker.attemptId(),
        attempt.number(),
        marker.previous().orElse(marker.target()),
        marker.target(),
        Phase.COMMITTED,
        now,
        List.of());
  }

  public Journal with(Entry entry) {
    List<Entry> out = new ArrayList<>(entries);
    if (entry.index() < out.size()) {
      out.set(entry.index(), entry);
    } else {
      out.add(entry);
    }
    return new Journal(attemptId, attempt, from, to, phase, startedAt, out);
  }

  public Journal withPhase(Phase p) {
    return new Journal(attemptId, attempt, from, to, p, startedAt, entries);
  }

  /** True once a step has taken ownership of the staged deployment slot. */
  public boolean ownsStagedSlot() {
    return entries.stream()
        .flatMap(e -> e.restorations().stream())
        .anyMatch(Restoration.DiscardStaged.class::isInstance);
  }
}

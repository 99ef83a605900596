package io.ocelot.daemon.txn;

import io.ocelot.daemon.host.FileState;
import java.time.Instant;
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
    Optional<Origin> origin,
    List<Entry> entries) {

  /**
   * Where the attempt started: the boot and the deployment the host had booted. A start that finds
   * an unfinished attempt in another boot on another deployment knows the machine rebooted into
   * what the attempt staged.
   */
  public record Origin(String bootId, String bootedDeployment) {}

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

    /** The bytes of the files this step keeps to put them back. */
    public long preimageBytes() {
      long n = 0;
      for (Restoration r : restorations) {
        if (r instanceof Restoration.RestoreFile f
            && f.before().orElse(null) instanceof FileState.Regular before) {
          n += before.contents().size();
        }
      }
      return n;
    }

    /** True when undoing this step discards the staged deployment: it took the slot. */
    public boolean ownsStagedSlot() {
      return restorations.stream().anyMatch(Restoration.DiscardStaged.class::isInstance);
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
        Optional.empty(),
        List.of());
  }

  public Journal withEntries(List<Entry> e) {
    return new Journal(attemptId, attempt, from, to, phase, startedAt, origin, e);
  }

  public Journal withPhase(Phase p) {
    return new Journal(attemptId, attempt, from, to, p, startedAt, origin, entries);
  }

  /** True once a step has taken ownership of the staged deployment slot. */
  public boolean ownsStagedSlot() {
    return entries.stream().anyMatch(Entry::ownsStagedSlot);
  }
}

package io.ocelot.daemon.sync;

import io.ocelot.api.node.DrainRequest;
import io.ocelot.daemon.txn.FailureRecord;
import io.ocelot.daemon.txn.Target;
import java.util.List;
import java.util.Optional;

/** What a transition reports: the new phase and what the hook writes, emits and counts for it. */
public sealed interface Report {
  NodePhase phase();

  /**
   * An update starts. The same write asks for the update's drain and announces its reboot (issue
   * 16: one Node write where MCO makes three); both stay until Done or Degraded replaces them.
   */
  record Working(Optional<DrainRequest> drain, boolean rebooting) implements Report {
    @Override
    public NodePhase phase() {
      return NodePhase.WORKING;
    }
  }

  /**
   * The node is on {@code target}, validated. With {@code uncordon}, the same write asks for the
   * uncordon: the node counts as unavailable until the controller lifts its cordon, so Done may
   * come first (one Node write fewer); the MachineConfigNode completes once the uncordon is
   * acknowledged. {@code warnings}: what failed without failing the update (a wanted health check,
   * an after-update hook), each a Warning event.
   */
  record Done(Target target, Optional<DrainRequest> uncordon, List<Warning> warnings)
      implements Report {
    public Done {
      warnings = List.copyOf(warnings);
    }

    public Done(Target target, Optional<DrainRequest> uncordon) {
      this(target, uncordon, List.of());
    }

    /** One Warning event: its reason and its message. */
    public record Warning(String reason, String message) {}

    /** Done with nothing to uncordon. */
    public static Done settled(Target target) {
      return new Done(target, Optional.empty());
    }

    @Override
    public NodePhase phase() {
      return NodePhase.DONE;
    }
  }

  /**
   * The node's annotations were removed by hand; the host is stable on {@code target}: state Done
   * and {@code currentConfig} again, and {@code desiredConfig} when {@code desiredToo}.
   */
  record Restored(Target target, boolean desiredToo) implements Report {
    @Override
    public NodePhase phase() {
      return NodePhase.DONE;
    }
  }

  /** The reboot into the target is about to be requested. */
  record Rebooting(String rationale) implements Report {
    @Override
    public NodePhase phase() {
      return NodePhase.REBOOTING;
    }
  }

  /**
   * Something failed: a failure record from the engine, or a plain reason (API, config); with
   * {@code hold} when the node will not try the failed target again by itself; with {@code
   * refusedBy} when a check refused the update before it began (the event reason it emits, e.g.
   * MCO's {@code PreflightConfigDriftCheckFailed}).
   */
  record Degraded(
      String reason,
      String reasonClass,
      Optional<FailureRecord> failure,
      Optional<TargetHold> hold,
      Optional<String> refusedBy)
      implements Report {
    public Degraded(
        String reason,
        String reasonClass,
        Optional<FailureRecord> failure,
        Optional<TargetHold> hold) {
      this(reason, reasonClass, failure, hold, Optional.empty());
    }

    public Degraded(String reason, String reasonClass, Optional<FailureRecord> failure) {
      this(reason, reasonClass, failure, Optional.empty());
    }

    /** A check refused the update before anything on the host changed. */
    public static Degraded refused(String check, String reason, String reasonClass) {
      return new Degraded(
          reason, reasonClass, Optional.empty(), Optional.empty(), Optional.of(check));
    }

    @Override
    public NodePhase phase() {
      return NodePhase.DEGRADED;
    }
  }

  /** The desired config cannot be applied to a running node; nothing was touched. */
  record Unreconcilable(String reason, String from, String to) implements Report {
    @Override
    public NodePhase phase() {
      return NodePhase.UNRECONCILABLE;
    }
  }
}

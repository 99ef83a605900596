package io.ocelot.daemon.node;

import io.ocelot.daemon.txn.FailureRecord;
import io.ocelot.daemon.txn.Target;
import java.util.Optional;

/** What a transition reports: the new phase and what the hook writes, emits and counts for it. */
public sealed interface Report {
  NodePhase phase();

  /** An update starts. */
  record Working() implements Report {
    @Override
    public NodePhase phase() {
      return NodePhase.WORKING;
    }
  }

  /** The node is on {@code target}, validated (and uncordoned). */
  record Done(Target target) implements Report {
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

  /** Something failed: a failure record from the engine, or a plain reason (API, config). */
  record Degraded(String reason, String reasonClass, Optional<FailureRecord> failure)
      implements Report {
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

package io.ocelot.cli;

import io.ocelot.daemon.txn.EngineOutcome;

/** One line for a person about how an engine call ended. */
final class HostOutcomes {
  private HostOutcomes() {}

  static String describe(EngineOutcome o) {
    if (o instanceof EngineOutcome.RebootRequested r) {
      return "reboot requested: " + r.rationale();
    }
    if (o instanceof EngineOutcome.Completed c) {
      return "completed: the host is on " + c.target().describe();
    }
    if (o instanceof EngineOutcome.Idle i) {
      return i.target().config().isEmpty()
          ? "nothing in flight; no update recorded on this host"
          : "nothing in flight; the host is on " + i.target().describe();
    }
    return "failed: " + ((EngineOutcome.Failed) o).failure().message();
  }
}

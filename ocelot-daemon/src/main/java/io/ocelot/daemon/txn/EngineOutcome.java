package io.ocelot.daemon.txn;

import io.ocelot.daemon.host.HealthChecks;
import java.util.List;

/** How an engine call ended. */
public sealed interface EngineOutcome {

  /** The reboot into {@code target} was requested; the host is committed to it. */
  record RebootRequested(Target target, String rationale) implements EngineOutcome {}

  /**
   * The host is on {@code target} and validated (a rebootless update, a finalized boot); {@code
   * warnings} are the wanted health checks that failed, {@code hooksFailed} the after-update hooks
   * that did (both reported, not fatal).
   */
  record Completed(
      Target target, List<HealthChecks.Outcome> warnings, List<HealthChecks.Outcome> hooksFailed)
      implements EngineOutcome {
    public Completed {
      warnings = List.copyOf(warnings);
      hooksFailed = List.copyOf(hooksFailed);
    }

    public Completed(Target target, List<HealthChecks.Outcome> warnings) {
      this(target, warnings, List.of());
    }

    public Completed(Target target) {
      this(target, List.of());
    }
  }

  /** Nothing was in flight: the host is on {@code target} (empty target: never updated). */
  record Idle(Target target) implements EngineOutcome {}

  /**
   * The attempt failed. When the failure rolled back completely the host is back where it was;
   * otherwise the journal is kept and the next start retries the undo.
   */
  record Failed(FailureRecord failure) implements EngineOutcome {}
}

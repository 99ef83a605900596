package io.ocelot.daemon.sync;

import io.ocelot.api.disruption.ConfigTarget;
import io.ocelot.api.disruption.PostAction;
import io.ocelot.api.ignition.IgnitionResult;
import io.ocelot.api.model.IrreconcilableChangeDiff;
import io.ocelot.api.model.MachineConfig;
import io.ocelot.api.render.Reconcilability;
import io.ocelot.daemon.host.FileState;
import io.ocelot.daemon.host.HostException;
import io.ocelot.daemon.host.HostLock;
import io.ocelot.daemon.node.ClusterDrain;
import io.ocelot.daemon.node.DisruptionPolicySource;
import io.ocelot.daemon.node.NodeEvents;
import io.ocelot.daemon.node.NodeView;
import io.ocelot.daemon.node.mcn.McnMilestone;
import io.ocelot.daemon.plan.IrreconcilableChanges;
import io.ocelot.daemon.plan.Observed;
import io.ocelot.daemon.plan.PlanResult;
import io.ocelot.daemon.plan.Planner;
import io.ocelot.daemon.plan.Step;
import io.ocelot.daemon.plan.UpdateConfigs;
import io.ocelot.daemon.plan.UpdatePlan;
import io.ocelot.daemon.txn.Attempt;
import io.ocelot.daemon.txn.EngineOutcome;
import io.ocelot.daemon.txn.HostContext;
import io.ocelot.daemon.txn.Preflight;
import io.ocelot.daemon.txn.StartingPoint;
import io.ocelot.daemon.txn.StateStore;
import io.ocelot.daemon.txn.Target;
import io.ocelot.daemon.txn.UpdateEngine;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Supplier;

/**
 * One update decided by the loop, from its configs to the engine's outcome: read and parse both
 * configs once, MCO's pre-flight check, the node disruption policy, the host's starting point, the
 * plan, then the transaction. A check that refuses says why and touches nothing on the host.
 */
final class UpdateRunner {
  private static final org.slf4j.Logger LOG = org.slf4j.LoggerFactory.getLogger(UpdateRunner.class);

  static final String FORCE_FILE = Reconcilability.FORCE_FILE;
  static final String FIPS = "/proc/sys/crypto/fips_enabled";

  /** How one update ended. */
  sealed interface Result {
    /** A check refused the update; nothing on the host changed. */
    record Refused(Report report, Target target) implements Result {}

    /** Not yet: the node disruption policy is not known. */
    record Wait(Duration retryIn, String why) implements Result {}

    /** The engine ran (or found nothing to do) on {@code configs}. */
    record Ran(EngineOutcome outcome, UpdateConfigs configs) implements Result {}
  }

  private final HostContext host;
  private final StateStore store;
  private final ClusterDrain drain;
  private final DaemonMetrics metrics;
  private final Clock clock;
  private final NodeEvents events;
  private final NodeReporter reporter;
  private final MachineConfigs configs;
  private final DisruptionPolicySource policies;
  private final Supplier<Optional<NodeView>> node;

  UpdateRunner(
      HostContext host,
      StateStore store,
      ClusterDrain drain,
      DaemonMetrics metrics,
      Clock clock,
      NodeEvents events,
      NodeReporter reporter,
      MachineConfigs configs,
      DisruptionPolicySource policies,
      Supplier<Optional<NodeView>> node) {
    this.host = host;
    this.store = store;
    this.drain = drain;
    this.metrics = metrics;
    this.clock = clock;
    this.events = events;
    this.reporter = reporter;
    this.configs = configs;
    this.policies = policies;
    this.node = node;
  }

  Result run(HostLock.Lease held, SyncDecision.Update u, Attempt attempt) throws HostException {
    Optional<MachineConfig> current = configs.find(u.current().config());
    Optional<MachineConfig> desired = configs.find(u.desired().config());
    if (current.isEmpty() || desired.isEmpty()) {
      String missing = current.isEmpty() ? u.current().config() : u.desired().config();
      return refused(
          new Report.Degraded(
              "missing MachineConfig "
                  + missing
                  + ": machineconfigs.machineconfiguration.openshift.io \""
                  + missing
                  + "\" not found",
              ReasonClass.MISSING_CONFIG,
              Optional.empty()),
          u);
    }
    UpdateConfigs parsed =
        UpdateConfigs.of(
            new ConfigTarget(current.get(), u.current().image()),
            new ConfigTarget(desired.get(), u.desired().image()));
    Optional<String> drift = preflight(parsed, u.current().config());
    if (drift.isPresent()) {
      return refused(
          Report.Degraded.refused(
              "PreflightConfigDriftCheckFailed", drift.get(), ReasonClass.CONFIG_DRIFT),
          u);
    }
    DisruptionPolicySource.Lookup lookup = policies.lookup();
    if (lookup instanceof DisruptionPolicySource.Lookup.Wait w) {
      return new Result.Wait(w.retryIn(), w.why());
    }
    Observed seen = observed();
    Optional<String> elsewhere =
        StartingPoint.mismatch(parsed.from(), parsed.to(), store.marker(), seen.bootedImage());
    if (elsewhere.isPresent()) {
      return refused(
          new Report.Degraded(elsewhere.get(), ReasonClass.CONFIG_DRIFT, Optional.empty()), u);
    }
    DisruptionPolicySource.Lookup.Use cluster = (DisruptionPolicySource.Lookup.Use) lookup;
    PlanResult result = Planner.plan(parsed, seen, cluster.policy(), cluster.overridden());
    if (result instanceof PlanResult.Unreconcilable un) {
      return refused(
          new Report.Unreconcilable(un.message(), u.current().config(), u.desired().config()), u);
    }
    UpdatePlan plan = ((PlanResult.Ready) result).plan();
    if (plan.isNoop()) {
      return new Result.Ran(new EngineOutcome.Completed(u.desired()), parsed);
    }
    announce(u, plan, irreconcilable(parsed, cluster.overridden()));
    EngineOutcome outcome =
        new UpdateEngine(
                host,
                store,
                drain,
                metrics.engine(),
                clock,
                () -> UUID.randomUUID().toString(),
                new StepEvents(events, reporter, node))
            .apply(held, plan, attempt);
    return new Result.Ran(outcome, parsed);
  }

  private static Result refused(Report r, SyncDecision.Update u) {
    return new Result.Refused(r, u.desired());
  }

  /**
   * The update starts: a first attempt turns the node Working (with its drain and the reboot it
   * will need); a retry stays Degraded, as MCO's does. The MachineConfigNode hears of every start.
   */
  /**
   * What the node will lack of the target: the overridden storage sections it skips, measured from
   * the baseline the daemon keeps (recorded when it first skips one).
   */
  private List<IrreconcilableChangeDiff> irreconcilable(
      UpdateConfigs parsed, java.util.Set<String> overridden) throws HostException {
    java.util.Map<String, String> before = store.storageBaseline();
    IrreconcilableChanges.Outcome o =
        IrreconcilableChanges.of(
            before,
            ((IgnitionResult.Valid) parsed.fromIgnition()).config().refused(),
            ((IgnitionResult.Valid) parsed.toIgnition()).config().refused(),
            overridden);
    if (!o.baseline().equals(before)) {
      store.writeStorageBaseline(o.baseline());
    }
    return o.changes();
  }

  private void announce(
      SyncDecision.Update u, UpdatePlan plan, List<IrreconcilableChangeDiff> irreconcilable)
      throws HostException {
    if (reporter.phase() == NodePhase.DONE) {
      reporter.report(
          new Report.Working(
              plan.steps().stream()
                  .filter(Step.RequestDrain.class::isInstance)
                  .map(s -> ((Step.RequestDrain) s).request())
                  .findFirst(),
              plan.commit().map(c -> c.action() == PostAction.REBOOT).orElse(false)));
    }
    plan.notes().forEach(n -> LOG.info("update to {}: {}", u.desired().describe(), n));
    plan.notes().stream()
        .filter(n -> n.startsWith(Planner.SKIPPED))
        .forEach(
            n -> node.get().ifPresent(v -> events.normal(v, "IrreconcilableChangeSkipped", n)));
    reporter.progress(
        new McnMilestone.Started(
            u.current().config(),
            u.desired(),
            plan.disruption(),
            plan.steps().stream().anyMatch(Step.StageImage.class::isInstance),
            irreconcilable));
  }

  /**
   * MCO's pre-flight check: before planning from the current config, the host must carry it (its
   * files and units, the finalize validation's rules); a drifted host would plan wrong pre-images.
   * The force file skips it, as in MCO. Empty when the host is on it.
   */
  private Optional<String> preflight(UpdateConfigs parsed, String name) throws HostException {
    if (host.files().stat(FORCE_FILE).isPresent()) {
      return Optional.empty();
    }
    List<String> differences = Preflight.differences(host, parsed.fromIgnition());
    return differences.stream().findFirst().map(d -> Preflight.message(name, d));
  }

  private Observed observed() throws HostException {
    Optional<Boolean> fips =
        host.files()
            .stat(FIPS)
            .filter(FileState.Regular.class::isInstance)
            .map(s -> ((FileState.Regular) s).contents().asUtf8().strip().equals("1"));
    return new Observed(
        host.images().status().bootedImage(), host.files().stat(FORCE_FILE).isPresent(), fips);
  }
}

package io.ocelot.controller.pool;

import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.javaoperatorsdk.operator.api.config.informer.Informer;
import io.javaoperatorsdk.operator.api.reconciler.Context;
import io.javaoperatorsdk.operator.api.reconciler.ControllerConfiguration;
import io.javaoperatorsdk.operator.api.reconciler.ErrorStatusUpdateControl;
import io.javaoperatorsdk.operator.api.reconciler.EventSourceContext;
import io.javaoperatorsdk.operator.api.reconciler.Reconciler;
import io.javaoperatorsdk.operator.api.reconciler.RetryInfo;
import io.javaoperatorsdk.operator.api.reconciler.UpdateControl;
import io.javaoperatorsdk.operator.processing.event.source.EventSource;
import io.ocelot.api.json.Json;
import io.ocelot.api.kube.LabelSelectors;
import io.ocelot.api.model.MachineConfigNode;
import io.ocelot.api.model.MachineConfigPool;
import io.ocelot.api.model.MachineConfigPoolStatus;
import io.ocelot.api.model.PinnedImageSet;
import io.ocelot.api.model.PoolConfiguration;
import io.ocelot.api.node.PinnedSets;
import io.ocelot.api.operator.MachineConfiguration;
import io.ocelot.api.operator.Operator;
import io.ocelot.api.render.RenderDefaults;
import io.ocelot.controller.members.PoolNode;
import io.ocelot.controller.members.PoolTarget;
import io.ocelot.controller.pinned.PinnedProgress;
import io.ocelot.controller.pinned.PinnedSelection;
import io.ocelot.controller.policy.Batches;
import io.ocelot.controller.policy.PrometheusAlertSource;
import io.ocelot.controller.policy.RebootlessUpdates;
import io.ocelot.controller.policy.RolloutPolicies;
import io.ocelot.controller.render.RenderDebounce;
import io.ocelot.controller.render.RenderStep;
import io.ocelot.controller.render.RenderedConfigs;
import io.ocelot.controller.rollout.LayeredTarget;
import io.ocelot.controller.rollout.NodeTargeting;
import io.ocelot.controller.rollout.RebootLeases;
import io.ocelot.controller.rollout.Rollout;
import io.ocelot.controller.streams.OsStreams;
import io.ocelot.controller.support.ControllerMetrics;
import io.ocelot.controller.support.NodeUpdates;
import io.ocelot.controller.support.ObjectEvents;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.LongSupplier;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.slf4j.MDC;

/**
 * Reconciles a MachineConfigPool as a flat list of named steps: render its MachineConfigs, roll the
 * rendered config out to its nodes within maxUnavailable, compute its status. Nodes and
 * MachineConfigs come from the event sources' caches; selectors are matched client-side.
 */
@ControllerConfiguration(
    name = PoolReconciler.NAME,
    generationAwareEventProcessing = false,
    informer = @Informer(onUpdateFilter = PoolUpdates.class))
public final class PoolReconciler implements Reconciler<MachineConfigPool> {
  public static final String NAME = "machineconfigpools";

  /**
   * At most one pass per pool in this time: a pass reads every member, and during a rollout node
   * events arrive faster than passes end, so unpaced the pool reconciler ran back to back
   * (docs/performance.md). An event within the interval is not lost: the pass runs when it ends,
   * and sees every change since.
   */
  public static final Duration PASS_INTERVAL = Duration.ofMillis(200);

  /**
   * A pass at least this often without events (JOSDK's max reconciliation interval; its default is
   * 10 hours), as MCO's informers resync: a rollout whose trigger got lost — a write skipped on a
   * stale view, an event missed across a relist — goes on within a minute instead of waiting for
   * the next node or pool change. Cheap: a pass over a settled pool writes nothing.
   */
  public static final Duration RESYNC = Duration.ofMinutes(1);

  private static final Logger LOG = LoggerFactory.getLogger(PoolReconciler.class);

  private final RenderDefaults renderDefaults;
  private final Duration renderDelay;
  private final Clock clock;
  private final ObjectEvents events;
  private final ControllerMetrics metrics;
  private final RenderedConfigs renderedConfigs;
  private final Rollout rollout;
  private final RenderDebounce debounce;
  private final Set<String> warned = ConcurrentHashMap.newKeySet();
  private final RolloutGate gate;
  private final KubernetesClient client;
  private final StatusPacer pacer;
  private final String namespace;
  private final ReentrantLock budgets = new ReentrantLock();
  private final PinnedAsks pinnedAsks;
  private final ViewMemo<Node, PoolNode> nodeViews = new ViewMemo<>(PoolNode::of);
  private final ViewMemo<MachineConfigNode, Optional<NodeReport>> reportViews =
      new ViewMemo<>(NodeReport::of);

  public PoolReconciler(
      KubernetesClient client,
      ObjectEvents events,
      ControllerMetrics metrics,
      RenderDefaults renderDefaults,
      Duration renderDelay,
      Clock clock,
      LongSupplier ticker,
      Executor nodeWriters,
      String namespace) {
    this.renderDefaults = renderDefaults;
    this.renderDelay = renderDelay;
    this.pacer = new StatusPacer(ticker);
    this.namespace = namespace;
    this.client = client;
    this.clock = clock;
    this.events = events;
    this.metrics = metrics;
    this.renderedConfigs = new RenderedConfigs(client, events, renderDefaults.controllerVersion());
    this.rollout =
        new Rollout(
            new NodeTargeting(new NodeUpdates(client)),
            events,
            nodeWriters,
            new RebootLeases(client, namespace, clock),
            clock);
    this.debounce = new RenderDebounce(renderDelay, clock);
    this.pinnedAsks = new PinnedAsks(new NodeUpdates(client));
    this.gate = new RolloutGate(events, clock, new PrometheusAlertSource(clock));
  }

  @Override
  public List<EventSource<?, MachineConfigPool>> prepareEventSources(
      EventSourceContext<MachineConfigPool> ctx) {
    return PoolSources.prepare(ctx, namespace);
  }

  /**
   * One pass, as a table of contents: render the pool's MachineConfigs, gate and roll the target
   * out, compute the status, and pick the one {@link UpdateControl} the pass returns.
   */
  @Override
  public UpdateControl<MachineConfigPool> reconcile(
      MachineConfigPool pool, Context<MachineConfigPool> ctx) {
    // The pass's log lines name the pool for a collector (--log-format json).
    try (MDC.MDCCloseable context = MDC.putCloseable("pool", pool.getMetadata().getName())) {
      metrics.poolPass(pool.getMetadata().getName());
      PoolSources sources = new PoolSources(ctx, nodeViews, reportViews);
      nodeViews.prune(sources::nodeNames);
      reportViews.prune(sources::nodeNames);
      List<PinnedImageSet> sets = sources.pinnedImageSets();
      boolean pinsAdopted = PinnedSelection.adopt(pool, sets);
      Rendering rendering = render(pool, sources);
      Rolling rolling = gateAndRoll(pool, sources, rendering);
      PinnedSets pins = PinnedSelection.asked(pool, sources.pool("worker"), sets);
      pinnedAsks.ask(rolling.members(), pins, sources::written);
      MachineConfigPoolStatus status = status(pool, sources, rendering, rolling, pins);
      return control(pool, status, rendering.specChanged() || pinsAdopted, rendering, rolling);
    }
  }

  /** What the render step did: adopted a new rendered config, failed, or waits for quiet. */
  private record Rendering(
      boolean specChanged,
      Optional<String> error,
      Optional<String> pending,
      Optional<Duration> renderLater) {}

  /**
   * The pool's members after the rollout step, its target decision, what held it back, and the
   * nodes passed over because another holder has their reboot lease, the pulls ahead under way.
   */
  private record Rolling(
      List<Node> members,
      List<PoolNode> views,
      Optional<LayeredTarget.Decision> decision,
      RolloutGate.Hold hold,
      Rollout.Outcome outcome) {}

  private Rendering render(MachineConfigPool pool, PoolSources sources) {
    OsStreams.Resolution stream =
        OsStreams.resolve(
            pool,
            sources.pool("worker"),
            sources.osImageStream(),
            renderDefaults,
            RenderStep.selected(pool, sources.configs()));
    if (stream instanceof OsStreams.Refused refused) {
      return new Rendering(
          false,
          Optional.of(RenderStep.failureMessage(pool.getMetadata().getName(), refused.why())),
          Optional.empty(),
          Optional.empty());
    }
    RenderStep.Outcome rendered =
        RenderStep.render(
            pool,
            sources.configs(),
            sources.current(pool),
            ((OsStreams.Use) stream).defaults(),
            sources.overriddenSections());
    if (rendered instanceof RenderStep.Failed f) {
      return new Rendering(false, Optional.of(f.message()), Optional.empty(), Optional.empty());
    }
    if (!(rendered instanceof RenderStep.Rendered r)) {
      selectingAll(pool, "machineconfigs");
      return new Rendering(false, Optional.empty(), Optional.empty(), Optional.empty());
    }
    String name = r.config().getMetadata().getName();
    Optional<Duration> later =
        debounce.waitFor(pool.getMetadata().getUid(), name, configurationName(pool));
    if (later.isEmpty()) {
      boolean adopted = renderedConfigs.adopt(pool, r, sources::config, sources::created);
      return new Rendering(adopted, Optional.empty(), Optional.empty(), Optional.empty());
    }
    // Not Updated while a change waits: `kubectl wait --for=condition=Updated` must not return
    // before the change is even rendered.
    String pending =
        "Waiting "
            + renderDelay.toMillis()
            + " ms for the MachineConfigs to settle before rendering "
            + name;
    LOG.info("pool {}: {}", pool.getMetadata().getName(), pending);
    return new Rendering(false, Optional.empty(), Optional.of(pending), later);
  }

  private Rolling gateAndRoll(MachineConfigPool pool, PoolSources sources, Rendering rendering) {
    List<Node> members = sources.members(pool);
    Optional<LayeredTarget.Decision> decision =
        configurationName(pool)
            .map(
                n ->
                    LayeredTarget.decide(
                        n,
                        sources.layering(pool),
                        sources.layering(pool).flatMap(m -> sources.build(pool, m))));
    Rolling idle =
        new Rolling(
            members, sources.views(members), decision, RolloutGate.Hold.NONE, Rollout.Outcome.NONE);
    if (LabelSelectors.isEmpty(pool.getSpec().getNodeSelector())) {
      selectingAll(pool, "nodes");
    } else if (rendering.specChanged()) {
      // The new rendered config is published first (this pass's spec write); the rollout to it
      // starts on the next pass, which that write triggers: whoever reads the pool sees the
      // config before any node is targeted with it, as MCO's render and node controllers order it.
      LOG.info(
          "pool {}: rendered {}", pool.getMetadata().getName(), configurationName(pool).orElse(""));
    } else if (decision.orElse(null) instanceof LayeredTarget.Go go) {
      RolloutPolicies.Resolution policy = RolloutPolicies.forPool(pool, sources.policies());
      Rolled rolled;
      if (policy.disruptionBudget().isPresent()) {
        // Pools sharing a group budget decide and write one at a time: two passes side by side
        // could each take a group's last room.
        budgets.lock();
        try {
          rolled = roll(pool, sources, members, idle, go, policy);
        } finally {
          budgets.unlock();
        }
      } else {
        rolled = roll(pool, sources, members, idle, go, policy);
      }
      List<Node> after = sources.members(pool);
      return new Rolling(after, sources.views(after), decision, rolled.hold(), rolled.outcome());
    } else if (decision.orElse(null) instanceof LayeredTarget.Wait wait) {
      LOG.info("Requeueing layered pool {}: {}", pool.getMetadata().getName(), wait.message());
      wait.failure()
          .filter(f -> !f.equals(updatingMessage(pool)))
          .ifPresent(f -> events.warning(pool, "BuildFailed", f));
    }
    return idle;
  }

  /** What one rollout step held back, and the nodes whose reboot lease another holder has. */
  private record Rolled(RolloutGate.Hold hold, Rollout.Outcome outcome) {}

  private Rolled roll(
      MachineConfigPool pool,
      PoolSources sources,
      List<Node> members,
      Rolling idle,
      LayeredTarget.Go go,
      RolloutPolicies.Resolution policy) {
    RolloutGate.Hold hold =
        gate.check(
            pool, idle.views(), go.target(), sources.policies(), () -> scope(policy, sources));
    Predicate<PoolNode> mayStart =
        hold.mayStart(
            () -> RebootlessUpdates.to(go.target(), sources::config, clusterConfiguration()));
    Rollout.Outcome outcome =
        rollout.run(
            pool,
            members,
            idle.views(),
            go.target(),
            go.layered(),
            mayStart,
            StageAheadTargets.staging(
                pool, sources::config, go.target(), policy, members.size(), events),
            sources::written);
    return new Rolled(hold, outcome);
  }

  /** The nodes of every pool {@code policy} governs: a group budget's scope. */
  private static List<PoolNode> scope(RolloutPolicies.Resolution policy, PoolSources sources) {
    List<PoolNode> out = new ArrayList<>();
    for (MachineConfigPool p : sources.pools()) {
      if (RolloutPolicies.forPool(p, sources.policies()).name().equals(policy.name())) {
        out.addAll(sources.views(sources.members(p)));
      }
    }
    return out;
  }

  /** Who holds the leases of the nodes that were next, as the pool's Updating message says it. */
  private static Optional<String> leaseWait(List<RebootLeases.Held> held) {
    return held.isEmpty()
        ? Optional.empty()
        : Optional.of(
            "waiting: "
                + held.stream().map(RebootLeases.Held::message).collect(Collectors.joining("; ")));
  }

  /** The pulls ahead under way, as the pool's Updating message says them. */
  private static Optional<String> pullWait(long pulling) {
    return pulling == 0
        ? Optional.empty()
        : Optional.of(
            "waiting: "
                + pulling
                + (pulling == 1
                    ? " node pulls the new image ahead of its turn"
                    : " nodes pull the new image ahead of their turn")
                + " (stage ahead)");
  }

  /** The pool's new status; announces a hold and a completed update on the way. */
  private MachineConfigPoolStatus status(
      MachineConfigPool pool,
      PoolSources sources,
      Rendering rendering,
      Rolling rolling,
      PinnedSets pins) {
    Optional<String> halted =
        rolling.hold().halt().map(h -> h.message(pool.getMetadata().getName()));
    Optional<String> waiting =
        rendering
            .pending()
            .or(() -> gate.waiting(rolling.hold()))
            .or(() -> leaseWait(rolling.outcome().leased()))
            .or(() -> pullWait(rolling.outcome().pulling()));
    PoolStatusCalculator.Input in = statusInput(pool, rolling, rendering.error(), waiting, sources);
    MachineConfigPoolStatus status =
        PoolStatusCalculator.withConflicts(
            PoolStatusCalculator.withHalt(PoolStatusCalculator.calculate(in), halted, in),
            sources.conflicts(pool),
            in);
    status =
        PinnedPoolStatus.with(
            status,
            !pins.isEmpty(),
            PinnedProgress.of(
                rolling.members().stream().map(n -> n.getMetadata().getName()).toList(),
                sources.machineConfigNodes(rolling.members()),
                pins),
            in);
    status.setOsImageStream(
        OsStreams.reported(status, sources.osImageStream(), sources::config).orElse(null));
    gate.announce(pool, rolling.hold());
    Optional<String> before =
        Optional.ofNullable(pool.getStatus())
            .map(MachineConfigPoolStatus::getConfiguration)
            .map(PoolConfiguration::getName);
    Optional<String> after =
        Optional.ofNullable(status.getConfiguration()).map(PoolConfiguration::getName);
    if (after.isPresent() && !after.equals(before)) {
      String line = rolling.decision().map(d -> d.target().line()).orElse("");
      events.normal(
          pool,
          "Completed",
          "Pool " + pool.getMetadata().getName() + " has completed update to " + line);
    }
    metrics.pool(pool.getMetadata().getName(), status);
    return status;
  }

  /**
   * The one place that picks what the pass writes: the spec (a new rendered config, with the
   * status), the status alone (unless the pacer holds it back), or nothing; and when to look again
   * (the render delay's end, a window's opening, the pacer's release — the earliest).
   */
  private UpdateControl<MachineConfigPool> control(
      MachineConfigPool pool,
      MachineConfigPoolStatus status,
      boolean specChanged,
      Rendering rendering,
      Rolling rolling) {
    String uid = pool.getMetadata().getUid();
    boolean statusChanged = !sameStatus(pool.getStatus(), status);
    Optional<Duration> paced =
        statusChanged && !specChanged
            ? pacer.hold(uid, pool.getStatus(), status)
            : Optional.empty();
    if (specChanged) {
      pacer.wrote(uid);
    }
    pool.setStatus(status);
    UpdateControl<MachineConfigPool> control =
        specChanged
            ? UpdateControl.patchResourceAndStatus(pool)
            : statusChanged && paced.isEmpty()
                ? UpdateControl.patchStatus(pool)
                : UpdateControl.noUpdate();
    Stream.of(rendering.renderLater(), gate.recheck(rolling.hold()), paced)
        .flatMap(Optional::stream)
        .min(Duration::compareTo)
        .ifPresent(d -> control.rescheduleAfter(d.toMillis()));
    return control;
  }

  /**
   * MachineConfiguration/cluster (its node disruption policy), null when there is none: read only
   * while a closed window lets rebootless updates through, to judge which are.
   */
  private MachineConfiguration clusterConfiguration() {
    return client.resources(MachineConfiguration.class).withName(Operator.CLUSTER).get();
  }

  /**
   * A reconcile that threw: counted, an event now and then, and after a few attempts a pool
   * condition, so a controller stuck on one pool is visible in {@code kubectl describe mcp} and to
   * an alert, not only in its log. The retry (forever, with backoff) goes on.
   */
  @Override
  public ErrorStatusUpdateControl<MachineConfigPool> updateErrorStatus(
      MachineConfigPool pool, Context<MachineConfigPool> ctx, Exception e) {
    // The retry info counts the retries before this attempt: 0 on a first failure.
    int attempt = ctx.getRetryInfo().map(RetryInfo::getAttemptCount).orElse(0) + 1;
    String error = ReconcileFailures.describe(e);
    metrics.reconcileFailed(NAME);
    LOG.warn(
        "reconciling pool {} failed (attempt {}): {}",
        pool.getMetadata().getName(),
        attempt,
        error);
    ReconcileFailures.event(attempt, error)
        .ifPresent(m -> events.warning(pool, ReconcileFailures.EVENT_REASON, m));
    Optional<MachineConfigPoolStatus> stuck =
        ReconcileFailures.stuck(
            Optional.ofNullable(pool.getStatus()), attempt, error, clock.instant().toString());
    if (stuck.isEmpty()) {
      return ErrorStatusUpdateControl.noStatusUpdate();
    }
    pool.setStatus(stuck.get());
    return ErrorStatusUpdateControl.patchStatus(pool);
  }

  /**
   * MCO's warning for an empty selector, once per pool generation: the pool is reconciled on every
   * node event, and one warning per reconcile filled the event store.
   */
  private void selectingAll(MachineConfigPool pool, String what) {
    String key =
        pool.getMetadata().getUid() + "/" + pool.getMetadata().getGeneration() + "/" + what;
    if (warned.add(key)) {
      events.warning(
          pool,
          "SelectingAll",
          "This machineconfigpool is selecting all "
              + what
              + ". A non-empty selector is required.");
    }
  }

  private PoolStatusCalculator.Input statusInput(
      MachineConfigPool pool,
      Rolling rolling,
      Optional<String> renderError,
      Optional<String> waiting,
      PoolSources sources) {
    Optional<LayeredTarget.Decision> decision = rolling.decision();
    return new PoolStatusCalculator.Input(
        rolling.views(),
        decision.map(LayeredTarget.Decision::target).orElse(new PoolTarget("", Optional.empty())),
        decision.map(LayeredTarget.Decision::layered).orElse(false),
        Boolean.TRUE.equals(pool.getSpec().getPaused()),
        pool.getSpec().getConfiguration(),
        renderError,
        decision
            .filter(d -> d instanceof LayeredTarget.Wait)
            .map(d -> ((LayeredTarget.Wait) d).message())
            .or(() -> waiting),
        Optional.ofNullable(pool.getStatus()),
        pool.getMetadata().getGeneration() == null ? 0 : pool.getMetadata().getGeneration(),
        clock.instant().toString(),
        sources.reports(rolling.members()),
        rolling
            .hold()
            .batch()
            .map(RolloutGate.Batch::position)
            .filter(p -> p.batches() > 0)
            .map(Batches.Position::describe));
  }

  private static Optional<String> configurationName(MachineConfigPool pool) {
    return Optional.ofNullable(pool.getSpec().getConfiguration())
        .map(PoolConfiguration::getName)
        .filter(n -> !n.isEmpty());
  }

  private static String updatingMessage(MachineConfigPool pool) {
    return Optional.ofNullable(pool.getStatus()).stream()
        .flatMap(s -> s.getConditions().stream())
        .filter(c -> "Updating".equals(c.getType()))
        .map(c -> c.getMessage())
        .findFirst()
        .orElse("");
  }

  private static boolean sameStatus(MachineConfigPoolStatus a, MachineConfigPoolStatus b) {
    return a != null && Json.MAPPER.valueToTree(a).equals(Json.MAPPER.valueToTree(b));
  }
}

package io.ocelot.controller;

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
import io.ocelot.api.model.PoolConfiguration;
import io.ocelot.api.operator.MachineConfiguration;
import io.ocelot.api.operator.Operator;
import io.ocelot.controller.policy.PrometheusAlertSource;
import io.ocelot.controller.policy.RebootlessUpdates;
import io.ocelot.controller.pool.NodeReport;
import io.ocelot.controller.pool.PoolNode;
import io.ocelot.controller.pool.PoolStatusCalculator;
import io.ocelot.controller.pool.PoolTarget;
import io.ocelot.controller.render.RenderDebounce;
import io.ocelot.controller.render.RenderStep;
import io.ocelot.controller.render.RenderedConfigs;
import io.ocelot.controller.rollout.LayeredTarget;
import io.ocelot.controller.rollout.NodeTargeting;
import io.ocelot.controller.rollout.Rollout;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

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
   * events arrive faster than passes end, so unpaced the pool reconciler ran back to back (half a
   * core at 300 nodes on the benchmark). An event within the interval is not lost: the pass runs
   * when it ends, and sees every change since.
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

  private final ControllerSettings settings;
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
  private final ViewMemo<Node, PoolNode> nodeViews = new ViewMemo<>(PoolNode::of);
  private final ViewMemo<MachineConfigNode, Optional<NodeReport>> reportViews =
      new ViewMemo<>(NodeReport::of);

  public PoolReconciler(
      KubernetesClient client,
      ObjectEvents events,
      ControllerMetrics metrics,
      ControllerSettings settings,
      Clock clock,
      java.util.function.LongSupplier ticker,
      Executor nodeWriters) {
    this.settings = settings;
    this.pacer = new StatusPacer(ticker);
    this.client = client;
    this.clock = clock;
    this.events = events;
    this.metrics = metrics;
    this.renderedConfigs =
        new RenderedConfigs(client, events, settings.renderDefaults().controllerVersion());
    this.rollout = new Rollout(new NodeTargeting(new NodeUpdates(client)), events, nodeWriters);
    this.debounce = new RenderDebounce(settings.renderDelay(), clock);
    this.gate = new RolloutGate(events, clock, new PrometheusAlertSource(clock));
  }

  @Override
  public List<EventSource<?, MachineConfigPool>> prepareEventSources(
      EventSourceContext<MachineConfigPool> ctx) {
    return PoolSources.prepare(ctx);
  }

  @Override
  public UpdateControl<MachineConfigPool> reconcile(
      MachineConfigPool pool, Context<MachineConfigPool> ctx) {
    metrics.poolPass(pool.getMetadata().getName());
    PoolSources sources = new PoolSources(ctx, nodeViews, reportViews);
    nodeViews.prune(sources::nodeNames);
    reportViews.prune(sources::nodeNames);

    Optional<String> renderError = Optional.empty();
    boolean specChanged = false;
    Optional<Duration> renderLater = Optional.empty();
    Optional<String> renderPending = Optional.empty();
    RenderStep.Outcome rendered =
        RenderStep.render(
            pool, sources.configs(), sources.current(pool), settings.renderDefaults());
    if (rendered instanceof RenderStep.Rendered r) {
      renderLater =
          debounce.waitFor(
              pool.getMetadata().getUid(),
              r.config().getMetadata().getName(),
              Optional.ofNullable(pool.getSpec().getConfiguration())
                  .map(PoolConfiguration::getName)
                  .filter(n -> !n.isEmpty()));
      if (renderLater.isEmpty()) {
        specChanged = renderedConfigs.adopt(pool, r, sources::config, sources::created);
      } else {
        // Not Updated while a change waits: `kubectl wait --for=condition=Updated` must not
        // return before the change is even rendered.
        renderPending =
            Optional.of(
                "Waiting "
                    + settings.renderDelay().toMillis()
                    + " ms for the MachineConfigs to settle before rendering "
                    + r.config().getMetadata().getName());
        LOG.info("pool {}: {}", pool.getMetadata().getName(), renderPending.get());
      }
    } else if (rendered instanceof RenderStep.Failed f) {
      renderError = Optional.of(f.message());
    } else {
      selectingAll(pool, "machineconfigs");
    }

    List<Node> members = sources.members(pool);
    List<PoolNode> views = sources.views(members);
    RolloutGate.Hold hold = RolloutGate.Hold.NONE;
    Optional<LayeredTarget.Decision> decision =
        Optional.ofNullable(pool.getSpec().getConfiguration())
            .map(PoolConfiguration::getName)
            .filter(n -> !n.isEmpty())
            .map(
                n ->
                    LayeredTarget.decide(
                        n,
                        sources.layering(pool),
                        sources.layering(pool).flatMap(m -> sources.build(pool, m))));
    if (LabelSelectors.isEmpty(pool.getSpec().getNodeSelector())) {
      selectingAll(pool, "nodes");
    } else if (specChanged) {
      // The new rendered config is published first (this pass's spec write); the rollout to it
      // starts on the next pass, which that write triggers: whoever reads the pool sees the
      // config before any node is targeted with it, as MCO's render and node controllers order it.
      LOG.info(
          "pool {}: rendered {}",
          pool.getMetadata().getName(),
          pool.getSpec().getConfiguration().getName());
    } else if (decision.orElse(null) instanceof LayeredTarget.Go go) {
      hold = gate.check(pool, views, go.target(), sources.policies());
      rollout.run(
          pool,
          members,
          views,
          go.target(),
          go.layered(),
          hold.mayStart(
              () -> RebootlessUpdates.to(go.target(), sources::config, clusterConfiguration())),
          sources::written);
      members = sources.members(pool);
      views = sources.views(members);
    } else if (decision.orElse(null) instanceof LayeredTarget.Wait wait) {
      LOG.info("Requeueing layered pool {}: {}", pool.getMetadata().getName(), wait.message());
      wait.failure()
          .filter(f -> !f.equals(updatingMessage(pool)))
          .ifPresent(f -> events.warning(pool, "BuildFailed", f));
    }
    Optional<PoolTarget> target = decision.map(LayeredTarget.Decision::target);

    Optional<String> halted = hold.halt().map(h -> h.message(pool.getMetadata().getName()));
    Optional<String> windowWait = gate.waiting(hold);
    Optional<String> waiting = renderPending.or(() -> windowWait);
    MachineConfigPoolStatus status =
        status(
            pool,
            views,
            decision,
            renderError,
            waiting,
            halted,
            sources.reports(members),
            sources.conflicts(pool));
    gate.announce(pool, hold);
    boolean statusChanged = !sameStatus(pool.getStatus(), status);
    Optional<String> before =
        Optional.ofNullable(pool.getStatus())
            .map(MachineConfigPoolStatus::getConfiguration)
            .map(PoolConfiguration::getName);
    Optional<String> after =
        Optional.ofNullable(status.getConfiguration()).map(PoolConfiguration::getName);
    if (after.isPresent() && !after.equals(before)) {
      events.normal(
          pool,
          "Completed",
          "Pool "
              + pool.getMetadata().getName()
              + " has completed update to "
              + target.map(PoolTarget::line).orElse(""));
    }
    metrics.pool(pool.getMetadata().getName(), status);
    String uid = pool.getMetadata().getUid();
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
    Optional<Duration> opens = gate.recheck(hold);
    Stream.of(renderLater, opens, paced)
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

  private MachineConfigPoolStatus status(
      MachineConfigPool pool,
      List<PoolNode> members,
      Optional<LayeredTarget.Decision> decision,
      Optional<String> renderError,
      Optional<String> renderPending,
      Optional<String> halted,
      Map<String, NodeReport> reports,
      List<String> conflicts) {
    PoolStatusCalculator.Input in =
        new PoolStatusCalculator.Input(
            members,
            decision
                .map(LayeredTarget.Decision::target)
                .orElse(new PoolTarget("", Optional.empty())),
            decision.map(LayeredTarget.Decision::layered).orElse(false),
            Boolean.TRUE.equals(pool.getSpec().getPaused()),
            pool.getSpec().getConfiguration(),
            renderError,
            decision
                .filter(d -> d instanceof LayeredTarget.Wait)
                .map(d -> ((LayeredTarget.Wait) d).message())
                .or(() -> renderPending),
            Optional.ofNullable(pool.getStatus()),
            pool.getMetadata().getGeneration() == null ? 0 : pool.getMetadata().getGeneration(),
            clock.instant().toString(),
            reports);
    return PoolStatusCalculator.withConflicts(
        PoolStatusCalculator.withHalt(PoolStatusCalculator.calculate(in), halted, in),
        conflicts,
        in);
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

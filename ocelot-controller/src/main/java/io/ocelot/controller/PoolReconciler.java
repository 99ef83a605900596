package io.ocelot.controller;

import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.javaoperatorsdk.operator.api.config.informer.InformerEventSourceConfiguration;
import io.javaoperatorsdk.operator.api.reconciler.Context;
import io.javaoperatorsdk.operator.api.reconciler.ControllerConfiguration;
import io.javaoperatorsdk.operator.api.reconciler.EventSourceContext;
import io.javaoperatorsdk.operator.api.reconciler.Reconciler;
import io.javaoperatorsdk.operator.api.reconciler.UpdateControl;
import io.javaoperatorsdk.operator.processing.event.ResourceID;
import io.javaoperatorsdk.operator.processing.event.source.EventSource;
import io.javaoperatorsdk.operator.processing.event.source.informer.InformerEventSource;
import io.ocelot.api.kube.LabelSelectors;
import io.ocelot.api.model.MachineConfig;
import io.ocelot.api.model.MachineConfigPool;
import io.ocelot.api.model.MachineConfigPoolStatus;
import io.ocelot.api.model.MachineOSBuild;
import io.ocelot.api.model.MachineOSConfig;
import io.ocelot.api.model.PoolConfiguration;
import io.ocelot.controller.build.BuildObjects;
import io.ocelot.controller.build.BuildRequest;
import io.ocelot.controller.pool.PoolNode;
import io.ocelot.controller.pool.PoolStatusCalculator;
import io.ocelot.controller.pool.PoolTarget;
import io.ocelot.controller.render.RenderStep;
import io.ocelot.controller.render.RenderedConfigs;
import io.ocelot.controller.rollout.LayeredTarget;
import io.ocelot.controller.rollout.NodeTargeting;
import io.ocelot.controller.rollout.Rollout;
import java.time.Clock;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reconciles a MachineConfigPool as a flat list of named steps: render its MachineConfigs, roll the
 * rendered config out to its nodes within maxUnavailable, compute its status. Nodes and
 * MachineConfigs come from the event sources' caches; selectors are matched client-side.
 */
@ControllerConfiguration(name = PoolReconciler.NAME)
public final class PoolReconciler implements Reconciler<MachineConfigPool> {
  public static final String NAME = "machineconfigpools";
  private static final Logger LOG = LoggerFactory.getLogger(PoolReconciler.class);
  static final String NODES = "nodes";
  static final String CONFIGS = "machineconfigs";
  static final String LAYERING = "machineosconfigs";
  static final String BUILDS = "machineosbuilds";

  private final ControllerSettings settings;
  private final Clock clock;
  private final ObjectEvents events;
  private final ControllerMetrics metrics;
  private final RenderedConfigs renderedConfigs;
  private final Rollout rollout;

  public PoolReconciler(
      KubernetesClient client,
      ObjectEvents events,
      ControllerMetrics metrics,
      ControllerSettings settings,
      Clock clock) {
    this.settings = settings;
    this.clock = clock;
    this.events = events;
    this.metrics = metrics;
    this.renderedConfigs =
        new RenderedConfigs(client, events, settings.renderDefaults().controllerVersion());
    this.rollout = new Rollout(new NodeTargeting(new NodeUpdates(client)), events);
  }

  @Override
  public List<EventSource<?, MachineConfigPool>> prepareEventSources(
      EventSourceContext<MachineConfigPool> ctx) {
    InformerEventSource<Node, MachineConfigPool> nodes =
        new InformerEventSource<>(
            InformerEventSourceConfiguration.from(Node.class, MachineConfigPool.class)
                .withName(NODES)
                .withSecondaryToPrimaryMapper(
                    node ->
                        pools(
                            ctx,
                            p ->
                                LabelSelectors.matches(
                                    p.getSpec().getNodeSelector(), node.getMetadata().getLabels())))
                .build(),
            ctx);
    InformerEventSource<MachineConfig, MachineConfigPool> configs =
        new InformerEventSource<>(
            InformerEventSourceConfiguration.from(MachineConfig.class, MachineConfigPool.class)
                .withName(CONFIGS)
                .withSecondaryToPrimaryMapper(
                    mc ->
                        pools(
                            ctx,
                            p ->
                                LabelSelectors.matches(
                                        p.getSpec().getMachineConfigSelector(),
                                        mc.getMetadata().getLabels())
                                    || mc.getMetadata()
                                        .getName()
                                        .startsWith("rendered-" + p.getMetadata().getName() + "-")))
                .build(),
            ctx);
    InformerEventSource<MachineOSConfig, MachineConfigPool> layering =
        new InformerEventSource<>(
            InformerEventSourceConfiguration.from(MachineOSConfig.class, MachineConfigPool.class)
                .withName(LAYERING)
                .withSecondaryToPrimaryMapper(m -> Set.of(new ResourceID(BuildObjects.poolOf(m))))
                .build(),
            ctx);
    InformerEventSource<MachineOSBuild, MachineConfigPool> builds =
        new InformerEventSource<>(
            InformerEventSourceConfiguration.from(MachineOSBuild.class, MachineConfigPool.class)
                .withName(BUILDS)
                .withSecondaryToPrimaryMapper(
                    b ->
                        Optional.ofNullable(b.getMetadata().getLabels())
                            .map(l -> l.get(BuildObjects.POOL_LABEL))
                            .map(p -> Set.of(new ResourceID(p)))
                            .orElse(Set.of()))
                .build(),
            ctx);
    return List.of(nodes, configs, layering, builds);
  }

  private static Set<ResourceID> pools(
      EventSourceContext<MachineConfigPool> ctx,
      java.util.function.Predicate<MachineConfigPool> which) {
    return ctx.getPrimaryCache()
        .list()
        .filter(which)
        .map(ResourceID::fromResource)
        .collect(Collectors.toSet());
  }

  @Override
  @SuppressWarnings("unchecked")
  public UpdateControl<MachineConfigPool> reconcile(
      MachineConfigPool pool, Context<MachineConfigPool> ctx) {
    InformerEventSource<Node, MachineConfigPool> nodeCache =
        (InformerEventSource<Node, MachineConfigPool>)
            ctx.eventSourceRetriever().getEventSourceFor(Node.class, NODES);
    InformerEventSource<MachineConfig, MachineConfigPool> configCache =
        (InformerEventSource<MachineConfig, MachineConfigPool>)
            ctx.eventSourceRetriever().getEventSourceFor(MachineConfig.class, CONFIGS);

    Optional<String> renderError = Optional.empty();
    boolean specChanged = false;
    RenderStep.Outcome rendered =
        RenderStep.render(
            pool,
            configCache.list(mc -> true).toList(),
            current(pool, configCache),
            settings.renderDefaults());
    if (rendered instanceof RenderStep.Rendered r) {
      specChanged =
          renderedConfigs.adopt(
              pool,
              r,
              name -> configCache.get(new ResourceID(name)),
              mc -> configCache.handleRecentResourceCreate(ResourceID.fromResource(mc), mc));
    } else if (rendered instanceof RenderStep.Failed f) {
      renderError = Optional.of(f.message());
    } else {
      events.warning(
          pool,
          "SelectingAll",
          "This machineconfigpool is selecting all machineconfigs. A non-empty selector is required.");
    }

    List<Node> members = members(pool, nodeCache);
    Optional<LayeredTarget.Decision> decision =
        Optional.ofNullable(pool.getSpec().getConfiguration())
            .map(PoolConfiguration::getName)
            .filter(n -> !n.isEmpty())
            .map(n -> layered(pool, n, ctx));
    if (LabelSelectors.isEmpty(pool.getSpec().getNodeSelector())) {
      events.warning(
          pool,
          "SelectingAll",
          "This machineconfigpool is selecting all nodes. A non-empty selector is required.");
    } else if (decision.orElse(null) instanceof LayeredTarget.Go go) {
      rollout.run(
          pool,
          members,
          go.target(),
          go.layered(),
          (now, old) ->
              nodeCache.handleRecentResourceUpdate(ResourceID.fromResource(now), now, old));
      members = members(pool, nodeCache);
    } else if (decision.orElse(null) instanceof LayeredTarget.Wait wait) {
      LOG.info("Requeueing layered pool {}: {}", pool.getMetadata().getName(), wait.message());
      wait.failure()
          .filter(f -> !f.equals(updatingMessage(pool)))
          .ifPresent(f -> events.warning(pool, "BuildFailed", f));
    }
    Optional<PoolTarget> target = decision.map(LayeredTarget.Decision::target);

    MachineConfigPoolStatus status = status(pool, members, decision, renderError);
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
    pool.setStatus(status);
    if (specChanged) {
      return UpdateControl.patchResourceAndStatus(pool);
    }
    return statusChanged ? UpdateControl.patchStatus(pool) : UpdateControl.noUpdate();
  }

  private MachineConfigPoolStatus status(
      MachineConfigPool pool,
      List<Node> members,
      Optional<LayeredTarget.Decision> decision,
      Optional<String> renderError) {
    return PoolStatusCalculator.calculate(
        new PoolStatusCalculator.Input(
            members.stream().map(PoolNode::of).toList(),
            decision
                .map(LayeredTarget.Decision::target)
                .orElse(new PoolTarget("", Optional.empty())),
            decision.map(LayeredTarget.Decision::layered).orElse(false),
            Boolean.TRUE.equals(pool.getSpec().getPaused()),
            pool.getSpec().getConfiguration(),
            renderError,
            decision
                .filter(d -> d instanceof LayeredTarget.Wait)
                .map(d -> ((LayeredTarget.Wait) d).message()),
            Optional.ofNullable(pool.getStatus()),
            pool.getMetadata().getGeneration() == null ? 0 : pool.getMetadata().getGeneration(),
            clock.instant().toString()));
  }

  /** The pool's MachineOSConfig and the build of its current rendered config decide. */
  @SuppressWarnings("unchecked")
  private static LayeredTarget.Decision layered(
      MachineConfigPool pool, String rendered, Context<MachineConfigPool> ctx) {
    InformerEventSource<MachineOSConfig, MachineConfigPool> layering =
        (InformerEventSource<MachineOSConfig, MachineConfigPool>)
            ctx.eventSourceRetriever().getEventSourceFor(MachineOSConfig.class, LAYERING);
    InformerEventSource<MachineOSBuild, MachineConfigPool> builds =
        (InformerEventSource<MachineOSBuild, MachineConfigPool>)
            ctx.eventSourceRetriever().getEventSourceFor(MachineOSBuild.class, BUILDS);
    String name = pool.getMetadata().getName();
    Optional<MachineOSConfig> mosc =
        layering.list(m -> name.equals(BuildObjects.poolOf(m))).findFirst();
    Optional<MachineOSBuild> build =
        mosc.flatMap(
            m ->
                builds.get(
                    new ResourceID(BuildRequest.name(m, pool.getSpec().getConfiguration()))));
    return LayeredTarget.decide(rendered, mosc, build);
  }

  private static String updatingMessage(MachineConfigPool pool) {
    return Optional.ofNullable(pool.getStatus()).stream()
        .flatMap(s -> s.getConditions().stream())
        .filter(c -> "Updating".equals(c.getType()))
        .map(c -> c.getMessage())
        .findFirst()
        .orElse("");
  }

  private static List<Node> members(
      MachineConfigPool pool, InformerEventSource<Node, MachineConfigPool> cache) {
    if (LabelSelectors.isEmpty(pool.getSpec().getNodeSelector())) {
      return List.of();
    }
    return cache
        .list(
            n ->
                LabelSelectors.matches(
                    pool.getSpec().getNodeSelector(), n.getMetadata().getLabels()))
        .sorted(java.util.Comparator.comparing(n -> n.getMetadata().getName()))
        .toList();
  }

  private static Optional<MachineConfig> current(
      MachineConfigPool pool, InformerEventSource<MachineConfig, MachineConfigPool> cache) {
    return Optional.ofNullable(pool.getSpec().getConfiguration())
        .map(PoolConfiguration::getName)
        .flatMap(n -> cache.get(new ResourceID(n)));
  }

  private static boolean sameStatus(MachineConfigPoolStatus a, MachineConfigPoolStatus b) {
    return a != null
        && io.ocelot.api.json.Json.MAPPER
            .valueToTree(a)
            .equals(io.ocelot.api.json.Json.MAPPER.valueToTree(b));
  }
}

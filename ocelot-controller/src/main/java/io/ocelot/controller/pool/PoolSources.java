package io.ocelot.controller.pool;

import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.coordination.v1.Lease;
import io.javaoperatorsdk.operator.api.config.informer.InformerEventSourceConfiguration;
import io.javaoperatorsdk.operator.api.reconciler.Context;
import io.javaoperatorsdk.operator.api.reconciler.EventSourceContext;
import io.javaoperatorsdk.operator.processing.event.ResourceID;
import io.javaoperatorsdk.operator.processing.event.source.EventSource;
import io.javaoperatorsdk.operator.processing.event.source.informer.InformerEventSource;
import io.ocelot.api.kube.LabelSelectors;
import io.ocelot.api.model.MachineConfig;
import io.ocelot.api.model.MachineConfigNode;
import io.ocelot.api.model.MachineConfigPool;
import io.ocelot.api.model.MachineOSBuild;
import io.ocelot.api.model.MachineOSConfig;
import io.ocelot.api.model.OSImageStream;
import io.ocelot.api.model.PinnedImageSet;
import io.ocelot.api.model.PoolConfiguration;
import io.ocelot.api.operator.MachineConfiguration;
import io.ocelot.api.operator.Operator;
import io.ocelot.api.policy.RolloutPolicy;
import io.ocelot.controller.imagebuild.BuildObjects;
import io.ocelot.controller.imagebuild.BuildRequest;
import io.ocelot.controller.members.PoolMembership;
import io.ocelot.controller.members.PoolNode;
import io.ocelot.controller.rollout.RebootLeases;
import io.ocelot.controller.support.CacheStores;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;
import java.util.stream.Collectors;

/**
 * What a pool reconcile reads, from the informer caches of its event sources (never by listing the
 * API, and never through {@code getSecondaryResources}, which is stale for selector-based
 * relations), and how it registers its own writes so the next pass reads them.
 */
final class PoolSources {
  static final String NODES = "nodes";
  static final String CONFIGS = "machineconfigs";
  static final String LAYERING = "machineosconfigs";
  static final String BUILDS = "machineosbuilds";
  static final String MCNS = "machineconfignodes";
  static final String POLICIES = "rolloutpolicies";
  static final String LEASES = "reboot-leases";
  static final String CLUSTER_CONFIG = "machineconfigurations";
  static final String STREAMS = "osimagestreams";
  static final String PEERS = "peer-pools";
  static final String PINNED = "pinnedimagesets";

  private final InformerEventSource<Node, MachineConfigPool> nodes;
  private final InformerEventSource<MachineConfig, MachineConfigPool> configs;
  private final InformerEventSource<MachineOSConfig, MachineConfigPool> layering;
  private final InformerEventSource<MachineOSBuild, MachineConfigPool> builds;
  private final InformerEventSource<MachineConfigNode, MachineConfigPool> mcns;
  private final InformerEventSource<RolloutPolicy, MachineConfigPool> policies;
  private final InformerEventSource<MachineConfiguration, MachineConfigPool> cluster;
  private final InformerEventSource<OSImageStream, MachineConfigPool> streams;
  private final InformerEventSource<PinnedImageSet, MachineConfigPool> pinned;
  private final List<MachineConfigPool> pools;
  private final ViewMemo<Node, PoolNode> nodeViews;
  private final ViewMemo<MachineConfigNode, Optional<NodeReport>> reportViews;

  /**
   * {@code nodeViews}, {@code reportViews}: what earlier passes derived, kept by the reconciler.
   */
  @SuppressWarnings("unchecked")
  PoolSources(
      Context<MachineConfigPool> ctx,
      ViewMemo<Node, PoolNode> nodeViews,
      ViewMemo<MachineConfigNode, Optional<NodeReport>> reportViews) {
    this.nodeViews = nodeViews;
    this.reportViews = reportViews;
    var sources = ctx.eventSourceRetriever();
    nodes =
        (InformerEventSource<Node, MachineConfigPool>) sources.getEventSourceFor(Node.class, NODES);
    configs =
        (InformerEventSource<MachineConfig, MachineConfigPool>)
            sources.getEventSourceFor(MachineConfig.class, CONFIGS);
    layering =
        (InformerEventSource<MachineOSConfig, MachineConfigPool>)
            sources.getEventSourceFor(MachineOSConfig.class, LAYERING);
    builds =
        (InformerEventSource<MachineOSBuild, MachineConfigPool>)
            sources.getEventSourceFor(MachineOSBuild.class, BUILDS);
    mcns =
        (InformerEventSource<MachineConfigNode, MachineConfigPool>)
            sources.getEventSourceFor(MachineConfigNode.class, MCNS);
    policies =
        (InformerEventSource<RolloutPolicy, MachineConfigPool>)
            sources.getEventSourceFor(RolloutPolicy.class, POLICIES);
    cluster =
        (InformerEventSource<MachineConfiguration, MachineConfigPool>)
            sources.getEventSourceFor(MachineConfiguration.class, CLUSTER_CONFIG);
    streams =
        (InformerEventSource<OSImageStream, MachineConfigPool>)
            sources.getEventSourceFor(OSImageStream.class, STREAMS);
    pinned =
        (InformerEventSource<PinnedImageSet, MachineConfigPool>)
            sources.getEventSourceFor(PinnedImageSet.class, PINNED);
    pools = ctx.getPrimaryCache().list().toList();
  }

  /** The event sources, each mapping its objects to the pools they concern. */
  static List<EventSource<?, MachineConfigPool>> prepare(
      EventSourceContext<MachineConfigPool> ctx, String namespace) {
    return List.of(
        new InformerEventSource<>(
            InformerEventSourceConfiguration.from(Lease.class, MachineConfigPool.class)
                .withName(LEASES)
                .withNamespaces(Set.of(namespace))
                // Every pool, for a node's reboot lease let go (the leader's renewals: none).
                .withSecondaryToPrimaryMapper(
                    l ->
                        l.getMetadata().getName().startsWith(RebootLeases.PREFIX)
                            ? pools(ctx, p -> true)
                            : Set.of())
                .withItemStore(CacheStores.withoutManagedFields())
                .build(),
            ctx),
        new InformerEventSource<>(
            InformerEventSourceConfiguration.from(Node.class, MachineConfigPool.class)
                .withName(NODES)
                // Every pool: a relabelled node leaves one pool's count and joins another's.
                .withSecondaryToPrimaryMapper(node -> pools(ctx, p -> true))
                .withItemStore(CacheStores.withoutManagedFields())
                .build(),
            ctx),
        new InformerEventSource<>(
            InformerEventSourceConfiguration.from(MachineConfig.class, MachineConfigPool.class)
                .withName(CONFIGS)
                .withSecondaryToPrimaryMapper(mc -> pools(ctx, p -> concerns(p, mc)))
                .withItemStore(CacheStores.withoutManagedFields())
                .build(),
            ctx),
        new InformerEventSource<>(
            InformerEventSourceConfiguration.from(MachineOSConfig.class, MachineConfigPool.class)
                .withName(LAYERING)
                .withSecondaryToPrimaryMapper(m -> Set.of(new ResourceID(BuildObjects.poolOf(m))))
                .withItemStore(CacheStores.withoutManagedFields())
                .build(),
            ctx),
        new InformerEventSource<>(
            InformerEventSourceConfiguration.from(MachineOSBuild.class, MachineConfigPool.class)
                .withName(BUILDS)
                .withSecondaryToPrimaryMapper(
                    b ->
                        Optional.ofNullable(b.getMetadata().getLabels())
                            .map(l -> l.get(BuildObjects.POOL_LABEL))
                            .map(p -> Set.of(new ResourceID(p)))
                            .orElse(Set.of()))
                .withItemStore(CacheStores.withoutManagedFields())
                .build(),
            ctx),
        new InformerEventSource<>(
            InformerEventSourceConfiguration.from(MachineConfigNode.class, MachineConfigPool.class)
                .withName(MCNS)
                // A node's report concerns the pool its MachineConfigNode names.
                .withSecondaryToPrimaryMapper(
                    m ->
                        Optional.ofNullable(m.getSpec())
                            .map(s -> s.getPool())
                            .map(p -> Set.of(new ResourceID(p.getName())))
                            .orElse(Set.of()))
                .withItemStore(CacheStores.withoutManagedFields())
                .build(),
            ctx),
        new InformerEventSource<>(
            InformerEventSourceConfiguration.from(RolloutPolicy.class, MachineConfigPool.class)
                .withName(POLICIES)
                // Every pool: a policy's selection may have moved from one pool to another.
                .withSecondaryToPrimaryMapper(p -> pools(ctx, x -> true))
                .withItemStore(CacheStores.withoutManagedFields())
                .build(),
            ctx),
        new InformerEventSource<>(
            InformerEventSourceConfiguration.from(
                    MachineConfiguration.class, MachineConfigPool.class)
                .withName(CLUSTER_CONFIG)
                // Every pool: the irreconcilable-change overrides decide what a render may change.
                .withSecondaryToPrimaryMapper(
                    m ->
                        Operator.CLUSTER.equals(m.getMetadata().getName())
                            ? pools(ctx, x -> true)
                            : Set.of())
                .withItemStore(CacheStores.withoutManagedFields())
                .build(),
            ctx),
        new InformerEventSource<>(
            InformerEventSourceConfiguration.from(MachineConfigPool.class, MachineConfigPool.class)
                .withName(PEERS)
                // A custom pool without a stream of its own renders with the worker pool's: when
                // that changes, every pool looks again (MCO enqueues the custom pools alike), not
                // only when a node's event or the resync happens to pass by.
                .withOnUpdateFilter(
                    (before, after) ->
                        "worker".equals(after.getMetadata().getName())
                            && !before
                                .getSpec()
                                .osImageStreamName()
                                .equals(after.getSpec().osImageStreamName()))
                .withOnAddFilter(p -> false)
                .withOnDeleteFilter((p, unknown) -> false)
                .withSecondaryToPrimaryMapper(p -> pools(ctx, x -> true))
                .withItemStore(CacheStores.withoutManagedFields())
                .build(),
            ctx),
        new InformerEventSource<>(
            InformerEventSourceConfiguration.from(OSImageStream.class, MachineConfigPool.class)
                .withName(STREAMS)
                // Every pool: the streams decide each pool's OS image.
                .withSecondaryToPrimaryMapper(s -> pools(ctx, x -> true))
                .withItemStore(CacheStores.withoutManagedFields())
                .build(),
            ctx),
        new InformerEventSource<>(
            InformerEventSourceConfiguration.from(PinnedImageSet.class, MachineConfigPool.class)
                .withName(PINNED)
                // Every pool: a set's labels decide which pools select it now and which lose
                // it, and a custom pool's nodes pin the worker pool's sets too (few objects).
                .withSecondaryToPrimaryMapper(s -> pools(ctx, p -> true))
                .withItemStore(CacheStores.withoutManagedFields())
                .build(),
            ctx));
  }

  /** Every pinned image set. */
  List<PinnedImageSet> pinnedImageSets() {
    return pinned.list(s -> true).toList();
  }

  /** The members' MachineConfigNodes, by node name (those that have one). */
  Map<String, MachineConfigNode> machineConfigNodes(List<Node> members) {
    Map<String, MachineConfigNode> out = new java.util.HashMap<>();
    for (Node n : members) {
      mcns.get(new ResourceID(n.getMetadata().getName()))
          .ifPresent(m -> out.put(n.getMetadata().getName(), m));
    }
    return out;
  }

  /** OSImageStream/cluster, when there is one. */
  Optional<OSImageStream> osImageStream() {
    return streams.get(new ResourceID(OSImageStream.CLUSTER));
  }

  /** The pool named {@code name}, from the cache. */
  Optional<MachineConfigPool> pool(String name) {
    return pools.stream().filter(p -> p.getMetadata().getName().equals(name)).findFirst();
  }

  /**
   * The storage sections MachineConfiguration/cluster lets change although existing nodes cannot
   * apply them ({@code irreconcilableValidationOverrides}); none without the object.
   */
  Set<String> overriddenSections() {
    return cluster
        .get(new ResourceID(Operator.CLUSTER))
        .map(MachineConfiguration::getSpec)
        .map(s -> s.overriddenSections())
        .orElse(Set.of());
  }

  /** The rollout policies (Ocelot's CRD). */
  List<RolloutPolicy> policies() {
    return policies.list(p -> true).toList();
  }

  /** What the members' MachineConfigNodes report, by node name (those that report anything). */
  Map<String, NodeReport> reports(List<Node> members) {
    Map<String, NodeReport> out = new java.util.HashMap<>();
    for (Node n : members) {
      mcns.get(new ResourceID(n.getMetadata().getName()))
          .flatMap(reportViews::of)
          .ifPresent(r -> out.put(n.getMetadata().getName(), r));
    }
    return out;
  }

  private static boolean concerns(MachineConfigPool p, MachineConfig mc) {
    return LabelSelectors.matches(
            p.getSpec().getMachineConfigSelector(), mc.getMetadata().getLabels())
        || mc.getMetadata().getName().startsWith("rendered-" + p.getMetadata().getName() + "-");
  }

  private static Set<ResourceID> pools(
      EventSourceContext<MachineConfigPool> ctx, Predicate<MachineConfigPool> which) {
    return ctx.getPrimaryCache()
        .list()
        .filter(which)
        .map(ResourceID::fromResource)
        .collect(Collectors.toSet());
  }

  List<MachineConfig> configs() {
    return configs.list(mc -> true).toList();
  }

  Optional<MachineConfig> config(String name) {
    return configs.get(new ResourceID(name));
  }

  /** The rendered config the pool points at now. */
  Optional<MachineConfig> current(MachineConfigPool pool) {
    return Optional.ofNullable(pool.getSpec().getConfiguration())
        .map(PoolConfiguration::getName)
        .flatMap(this::config);
  }

  void created(MachineConfig mc) {
    configs.handleRecentResourceCreate(ResourceID.fromResource(mc), mc);
  }

  void written(Node now, Node old) {
    nodes.handleRecentResourceUpdate(ResourceID.fromResource(now), now, old);
  }

  /** Every pool, as the cache has them. */
  List<MachineConfigPool> pools() {
    return pools;
  }

  /** The nodes whose primary pool this is (a node selected by two custom pools is in neither). */
  List<Node> members(MachineConfigPool pool) {
    if (LabelSelectors.isEmpty(pool.getSpec().getNodeSelector())) {
      return List.of();
    }
    PoolMembership.Member self = new PoolMembership.Member(pool.getMetadata().getName());
    return nodes
        .list(
            n -> {
              Map<String, String> labels = nodeViews.of(n).labels();
              if (!LabelSelectors.matches(pool.getSpec().getNodeSelector(), labels)) {
                return false;
              }
              // A node two custom pools select is in neither; conflicts() reports it.
              return PoolMembership.of(labels, pools).equals(self);
            })
        .sorted(Comparator.comparing(n -> n.getMetadata().getName()))
        .toList();
  }

  /**
   * Why nodes this pool selects belong to no pool (MCO's words): each is selected by this and
   * another custom pool, so that neither updates it.
   */
  List<String> conflicts(MachineConfigPool pool) {
    if (LabelSelectors.isEmpty(pool.getSpec().getNodeSelector())) {
      return List.of();
    }
    return nodes
        .list(
            n -> LabelSelectors.matches(pool.getSpec().getNodeSelector(), nodeViews.of(n).labels()))
        .sorted(Comparator.comparing(n -> n.getMetadata().getName()))
        .flatMap(
            n ->
                PoolMembership.of(nodeViews.of(n).labels(), pools)
                        instanceof PoolMembership.Ambiguous a
                    ? java.util.stream.Stream.of(
                        PoolMembership.conflict(n.getMetadata().getName(), a))
                    : java.util.stream.Stream.empty())
        .toList();
  }

  /** The pool's MachineOSConfig, if it is layered. */
  Optional<MachineOSConfig> layering(MachineConfigPool pool) {
    String name = pool.getMetadata().getName();
    return layering.list(m -> name.equals(BuildObjects.poolOf(m))).findFirst();
  }

  /** The build of the pool's current rendered config for {@code mosc}. */
  Optional<MachineOSBuild> build(MachineConfigPool pool, MachineOSConfig mosc) {
    return builds.get(new ResourceID(BuildRequest.name(mosc, pool.getSpec().getConfiguration())));
  }

  /** The members' views, in their order. */
  List<PoolNode> views(List<Node> members) {
    return members.stream().map(nodeViews::of).toList();
  }

  /** The names of every node in the cache. */
  Set<String> nodeNames() {
    return nodes.list(n -> true).map(n -> n.getMetadata().getName()).collect(Collectors.toSet());
  }
}

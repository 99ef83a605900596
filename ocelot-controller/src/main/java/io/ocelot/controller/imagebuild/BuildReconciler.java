package io.ocelot.controller.imagebuild;

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
import io.ocelot.api.model.MachineConfig;
import io.ocelot.api.model.MachineConfigPool;
import io.ocelot.api.model.MachineOSBuild;
import io.ocelot.api.model.MachineOSConfig;
import io.ocelot.api.model.MachineOSConfigStatus;
import io.ocelot.api.model.ObjectRef;
import io.ocelot.api.model.PoolConfiguration;
import io.ocelot.controller.support.CacheStores;
import io.ocelot.controller.support.ObjectEvents;
import io.ocelot.controller.support.OclMetrics;
import io.ocelot.controller.support.Owners;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Builds a layered pool's image (MCO §1.4): for the MachineOSConfig and its pool's current rendered
 * config, one MachineOSBuild; the {@link ImageBuilder} runs it; when it succeeds the
 * MachineOSConfig's {@code status.currentImagePullSpec} names the pushed digest. The annotation
 * {@code machineconfiguration.openshift.io/rebuild} forces a new build of the same inputs.
 */
// Not generation-aware: the rebuild annotation is a metadata-only change.
@ControllerConfiguration(name = BuildReconciler.NAME, generationAwareEventProcessing = false)
public final class BuildReconciler implements Reconciler<MachineOSConfig> {
  public static final String NAME = "machineosconfigs";
  public static final String REBUILD = "machineconfiguration.openshift.io/rebuild";
  public static final String CURRENT_BUILD =
      "machineconfiguration.openshift.io/current-machine-os-build";
  static final String POOLS = "pools";
  static final String BUILDS = "builds";
  private static final Logger LOG = LoggerFactory.getLogger(BuildReconciler.class);

  private final KubernetesClient client;
  private final ImageBuilder builder;
  private final ObjectEvents events;
  private final OclMetrics metrics;
  private final Clock clock;
  private final Duration poll;

  /** Whether the builder's own event sources report its builds (then no polling). */
  private volatile boolean watched;

  public BuildReconciler(
      KubernetesClient client,
      ImageBuilder builder,
      ObjectEvents events,
      OclMetrics metrics,
      Clock clock,
      Duration poll) {
    this.client = client;
    this.builder = builder;
    this.events = events;
    this.metrics = metrics;
    this.clock = clock;
    this.poll = poll;
  }

  @Override
  public List<EventSource<?, MachineOSConfig>> prepareEventSources(
      EventSourceContext<MachineOSConfig> ctx) {
    List<EventSource<?, MachineOSConfig>> fromBuilder = builder.eventSources(ctx);
    watched = !fromBuilder.isEmpty();
    return java.util.stream.Stream.concat(fromBuilder.stream(), ownEventSources(ctx).stream())
        .toList();
  }

  private static List<EventSource<?, MachineOSConfig>> ownEventSources(
      EventSourceContext<MachineOSConfig> ctx) {
    return List.of(
        new InformerEventSource<>(
            InformerEventSourceConfiguration.from(MachineConfigPool.class, MachineOSConfig.class)
                .withName(POOLS)
                .withSecondaryToPrimaryMapper(pool -> configs(ctx, pool.getMetadata().getName()))
                // A build cares for the pool's spec (its rendered config), not for its status,
                // which changes with every node: each status write cost a GET of the rendered
                // config and of the build (issue 16).
                .withOnUpdateFilter(
                    (now, before) ->
                        !Objects.equals(
                            now.getMetadata().getGeneration(),
                            before.getMetadata().getGeneration()))
                .withItemStore(CacheStores.withoutManagedFields())
                .build(),
            ctx),
        new InformerEventSource<>(
            InformerEventSourceConfiguration.from(MachineOSBuild.class, MachineOSConfig.class)
                .withName(BUILDS)
                .withSecondaryToPrimaryMapper(
                    b ->
                        b.getSpec() == null || b.getSpec().getMachineOSConfig() == null
                            ? Set.of()
                            : Set.of(new ResourceID(b.getSpec().getMachineOSConfig().getName())))
                .withItemStore(CacheStores.withoutManagedFields())
                .build(),
            ctx));
  }

  /** The MachineOSConfigs of {@code pool}: what a change of its build concerns. */
  static Set<ResourceID> configs(EventSourceContext<MachineOSConfig> ctx, String pool) {
    return ctx.getPrimaryCache()
        .list(m -> pool.equals(BuildObjects.poolOf(m)))
        .map(ResourceID::fromResource)
        .collect(Collectors.toSet());
  }

  @Override
  public UpdateControl<MachineOSConfig> reconcile(
      MachineOSConfig mosc, Context<MachineOSConfig> ctx) {
    @SuppressWarnings("unchecked")
    InformerEventSource<MachineConfigPool, MachineOSConfig> pools =
        (InformerEventSource<MachineConfigPool, MachineOSConfig>)
            ctx.eventSourceRetriever().getEventSourceFor(MachineConfigPool.class, POOLS);
    Optional<MachineConfigPool> pool = pools.get(new ResourceID(BuildObjects.poolOf(mosc)));
    Optional<PoolConfiguration> poolConfig =
        pool.map(p -> p.getSpec().getConfiguration()).filter(c -> c.getName() != null);
    if (poolConfig.isEmpty()) {
      LOG.info(
          "MachineOSConfig {}: pool {} has no rendered config yet",
          mosc.getMetadata().getName(),
          BuildObjects.poolOf(mosc));
      return UpdateControl.noUpdate();
    }
    MachineConfig rendered =
        client.resources(MachineConfig.class).withName(poolConfig.get().getName()).get();
    if (rendered == null) {
      return UpdateControl.noUpdate();
    }
    BuildRequest request = BuildRequest.of(mosc, poolConfig.get(), rendered);
    boolean rebuild = annotations(mosc).containsKey(REBUILD);
    MachineOSBuild build = client.resources(MachineOSBuild.class).withName(request.name()).get();
    if (rebuild && build != null) {
      // Its image is rebuilt under the same name: the build goes at once, without the
      // registry clean-up's finalizer holding it while nodes use the image.
      if (build.getMetadata().getFinalizers().contains(BuildImageCleanup.FINALIZER)) {
        client
            .resources(MachineOSBuild.class)
            .withName(request.name())
            .edit(
                b -> {
                  b.getMetadata().getFinalizers().remove(BuildImageCleanup.FINALIZER);
                  return b;
                });
      }
      client.resources(MachineOSBuild.class).withName(request.name()).delete();
      build = null;
    }
    if (build == null) {
      build = start(mosc, request);
    } else if (!BuildConditions.finished(build.getStatus())) {
      build = advance(build, request);
    }
    return finish(mosc, build, rebuild);
  }

  private MachineOSBuild start(MachineOSConfig mosc, BuildRequest request) {
    MachineOSBuild b = BuildObjects.build(request);
    Owners.setController(b, mosc);
    MachineOSBuild created = client.resources(MachineOSBuild.class).resource(b).create();
    String now = clock.instant().toString();
    created.setStatus(BuildObjects.preparedStatus(now));
    Optional<String> refused = builder.start(request);
    if (refused.isPresent()) {
      BuildConditions.set(created.getStatus(), BuildConditions.FAILED, refused.get(), now);
      created.getStatus().setBuildEnd(now);
      events.warning(mosc, "BuildFailed", refused.get());
      Instant at = Instant.parse(now);
      metrics.ended(request.pool(), OclMetrics.FAILED, at, at, false);
      return client.resources(MachineOSBuild.class).resource(created).updateStatus();
    }
    metrics.started(request.pool(), Instant.parse(now));
    BuildConditions.set(created.getStatus(), BuildConditions.BUILDING, "Image build started", now);
    events.normal(
        mosc, "BuildStarted", "Started build " + request.name() + " of " + request.renderedName());
    return client.resources(MachineOSBuild.class).resource(created).updateStatus();
  }

  private MachineOSBuild advance(MachineOSBuild build, BuildRequest request) {
    String now = clock.instant().toString();
    ImageBuilder.BuildState state =
        builder.state(request, Instant.parse(build.getStatus().getBuildStart()));
    if (state instanceof ImageBuilder.Running) {
      return build;
    } else if (state instanceof ImageBuilder.Succeeded s) {
      String image = request.digested(s.sha256());
      build.getStatus().setDigestedImagePushSpec(image);
      BuildConditions.set(
          build.getStatus(),
          BuildConditions.SUCCEEDED,
          "Image built successfully, pullspec: " + image,
          now);
    } else if (state instanceof ImageBuilder.Failed f) {
      BuildConditions.set(build.getStatus(), BuildConditions.FAILED, f.reason(), now);
    } else if (state instanceof ImageBuilder.Interrupted i) {
      BuildConditions.set(build.getStatus(), BuildConditions.INTERRUPTED, i.reason(), now);
    }
    build.getStatus().setBuildEnd(now);
    metrics.ended(
        request.pool(),
        state instanceof ImageBuilder.Succeeded
            ? OclMetrics.SUCCEEDED
            : state instanceof ImageBuilder.Failed ? OclMetrics.FAILED : OclMetrics.INTERRUPTED,
        Instant.parse(build.getStatus().getBuildStart()),
        Instant.parse(now),
        true);
    return client.resources(MachineOSBuild.class).resource(build).updateStatus();
  }

  /**
   * Points the MachineOSConfig at a finished build; polls a running one unless the builder reports
   * its changes.
   */
  private UpdateControl<MachineOSConfig> finish(
      MachineOSConfig mosc, MachineOSBuild build, boolean rebuild) {
    boolean metaChanged = false;
    Map<String, String> a = new HashMap<>(annotations(mosc));
    if (rebuild) {
      a.remove(REBUILD);
      metaChanged = true;
    }
    MachineOSConfigStatus status =
        mosc.getStatus() == null ? new MachineOSConfigStatus() : mosc.getStatus();
    String before = Objects.toString(status.getCurrentImagePullSpec(), "");
    if (BuildConditions.is(build.getStatus(), BuildConditions.SUCCEEDED)) {
      if (!build.getMetadata().getName().equals(a.get(CURRENT_BUILD))) {
        a.put(CURRENT_BUILD, build.getMetadata().getName());
        metaChanged = true;
      }
      status.setCurrentImagePullSpec(build.getStatus().getDigestedImagePushSpec());
      ObjectRef ref = new ObjectRef();
      ref.setGroup("machineconfiguration.openshift.io");
      ref.setResource("machineosbuilds");
      ref.setName(build.getMetadata().getName());
      status.setMachineOSBuild(ref);
    } else if (BuildConditions.is(build.getStatus(), BuildConditions.FAILED)) {
      LOG.warn(
          "build {} failed: {}",
          build.getMetadata().getName(),
          BuildConditions.message(build.getStatus(), BuildConditions.FAILED).orElse(""));
    }
    status.setObservedGeneration(mosc.getMetadata().getGeneration());
    boolean statusChanged =
        !Objects.equals(before, Objects.toString(status.getCurrentImagePullSpec(), ""))
            || mosc.getStatus() == null
            || !Objects.equals(
                mosc.getStatus().getObservedGeneration(), mosc.getMetadata().getGeneration());
    mosc.setStatus(status);
    mosc.getMetadata().setAnnotations(a);
    UpdateControl<MachineOSConfig> control =
        metaChanged
            ? UpdateControl.patchResourceAndStatus(mosc)
            : statusChanged ? UpdateControl.patchStatus(mosc) : UpdateControl.noUpdate();
    return BuildConditions.finished(build.getStatus()) || watched
        ? control
        : control.rescheduleAfter(poll);
  }

  private static Map<String, String> annotations(MachineOSConfig m) {
    return m.getMetadata().getAnnotations() == null ? Map.of() : m.getMetadata().getAnnotations();
  }
}

package io.ocelot.controller;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.extended.leaderelection.LeaderCallbacks;
import io.fabric8.kubernetes.client.informers.ResourceEventHandler;
import io.fabric8.kubernetes.client.informers.SharedIndexInformer;
import io.javaoperatorsdk.operator.Operator;
import io.javaoperatorsdk.operator.api.config.ControllerConfigurationOverrider;
import io.javaoperatorsdk.operator.api.config.LeaderElectionConfiguration;
import io.javaoperatorsdk.operator.processing.event.rate.LinearRateLimiter;
import io.ocelot.api.model.MachineConfigPool;
import io.ocelot.controller.drain.ApiPodEvictor;
import io.ocelot.controller.drain.DrainReconciler;
import io.ocelot.controller.generated.ContainerRuntimeConfigReconciler;
import io.ocelot.controller.generated.KubeletConfigReconciler;
import io.ocelot.controller.imagebuild.BuildImageCleanup;
import io.ocelot.controller.imagebuild.BuildReconciler;
import io.ocelot.controller.imagebuild.ImageBuilder;
import io.ocelot.controller.mcn.McnReconciler;
import io.ocelot.controller.policy.DisruptionPolicyReconciler;
import io.ocelot.controller.policy.RolloutPolicyReconciler;
import io.ocelot.controller.pool.PoolReconciler;
import io.ocelot.controller.streams.OsImageStreamReconciler;
import io.ocelot.controller.support.CacheStores;
import io.ocelot.controller.support.ControllerMetrics;
import io.ocelot.controller.support.NodeUpdates;
import io.ocelot.controller.support.ObjectEvents;
import io.ocelot.runtime.BackgroundThreads;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Wires the reconcilers into one JOSDK operator (server-side apply off: the mock has none). */
public final class ControllerOperator implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(ControllerOperator.class);
  private final Operator operator;
  private final ApiPodEvictor evictor;
  private final AtomicBoolean closing;
  private final SharedIndexInformer<MachineConfigPool> deletions;

  private final ExecutorService writers;

  private ControllerOperator(
      Operator operator,
      ApiPodEvictor evictor,
      AtomicBoolean closing,
      SharedIndexInformer<MachineConfigPool> deletions,
      ExecutorService writers) {
    this.operator = operator;
    this.writers = writers;
    this.evictor = evictor;
    this.closing = closing;
    this.deletions = deletions;
  }

  /**
   * Reconciles under way at once, all reconcilers together. They mostly wait on the API server (a
   * drain's cordon, evictions and acknowledgement are round trips); with a handful, a large pool's
   * drains took them all while the pool's next pass queued behind them.
   */
  static final int RECONCILE_THREADS = 16;

  public static ControllerOperator start(
      KubernetesClient client,
      ControllerSettings settings,
      ControllerMetrics metrics,
      ImageBuilder builder,
      Clock clock) {
    AtomicBoolean closing = new AtomicBoolean();
    Operator operator =
        new Operator(
            o -> {
              // An API server error while an informer starts or runs is retried with backoff:
              // JOSDK's default stops the operator (System.exit) on one during startup and lets
              // fabric8 stop an informer on a watch error other than 410 (seen through
              // ApiFaultProxy: a 410 on an informer's first watch exited the controller's JVM).
              o.withKubernetesClient(client)
                  .withStopOnInformerErrorDuringStartup(false)
                  .withUseSSAToPatchPrimaryResource(false)
                  .withSSABasedCreateUpdateMatchForDependentResources(false)
                  .withCloseClientOnStop(false)
                  .withResourceCloner(new ResourceCopies(client.getKubernetesSerialization()))
                  .withConcurrentReconciliationThreads(RECONCILE_THREADS);
              settings
                  .leaderElection()
                  .ifPresent(
                      e ->
                          o.withLeaderElectionConfiguration(
                              new LeaderElectionConfiguration(
                                  e.leaseName(),
                                  e.namespace(),
                                  e.lease(),
                                  e.renewDeadline(),
                                  e.retryPeriod(),
                                  e.identity(),
                                  new LeaderCallbacks(
                                      () -> {},
                                      () -> {
                                        if (!closing.get()) {
                                          e.onLoss().run();
                                        }
                                      },
                                      leader -> {}),
                                  false)));
            });
    ObjectEvents events = new ObjectEvents(client, clock);
    ExecutorService writers = nodeWriters();
    ApiPodEvictor evictor = new ApiPodEvictor(client);
    operator.register(
        // Status writes are paced on real elapsed time, not the controller's clock: a rate, which
        // a test's stopped clock must not stop.
        new PoolReconciler(
            client,
            events,
            metrics,
            settings.renderDefaults(),
            settings.renderDelay(),
            clock,
            System::nanoTime,
            writers,
            settings.namespace()),
        ControllerOperator.<MachineConfigPool>reconcilerDefaults(settings)
            .andThen(
                o ->
                    o.withRateLimiter(new LinearRateLimiter(PoolReconciler.PASS_INTERVAL, 1))
                        .withReconciliationMaxInterval(PoolReconciler.RESYNC)));
    operator.register(
        new DrainReconciler(
            new NodeUpdates(client), evictor, events, metrics, settings.drain(), clock),
        nodeReconcilerDefaults(settings));
    operator.register(new McnReconciler(client), nodeReconcilerDefaults(settings));
    operator.register(new DisruptionPolicyReconciler(), reconcilerDefaults(settings));
    operator.register(new RolloutPolicyReconciler(clock), reconcilerDefaults(settings));
    if (!settings.osStreams().isEmpty()) {
      try {
        OsImageStreamReconciler.ensure(client, settings.osStreams());
      } catch (KubernetesClientException e) {
        // Not fatal: pools render with the default images until it is there.
        LOG.warn("could not create OSImageStream/cluster: {}", e.getMessage());
      }
      operator.register(
          new OsImageStreamReconciler(settings.osStreams()), reconcilerDefaults(settings));
    }
    String version = settings.renderDefaults().controllerVersion();
    operator.register(
        new KubeletConfigReconciler(client, version, events, clock), reconcilerDefaults(settings));
    operator.register(
        new ContainerRuntimeConfigReconciler(client, version, events, clock),
        reconcilerDefaults(settings));
    operator.register(
        new BuildReconciler(client, builder, events, metrics.ocl(), clock, settings.buildPoll()),
        reconcilerDefaults(settings));
    operator.register(
        new BuildImageCleanup(
            client, builder.registry(), events, settings.namespace(), settings.buildPoll()),
        reconcilerDefaults(settings));
    operator.start();
    return new ControllerOperator(
        operator, evictor, closing, poolDeletions(client, metrics), writers);
  }

  /**
   * The pool reconciler is not called for a deleted pool (it has no finalizer, and needs none), so
   * the pool's gauges are removed by a watch of its own. Like the daemon's node watch it never
   * gives up and does not hold up the start: fabric8's {@code inform()} waits for the first list
   * and stops the informer for good when that list or a later watch fails (seen through
   * ApiFaultProxy: the controller's start hung on a 500 here).
   */
  private static SharedIndexInformer<MachineConfigPool> poolDeletions(
      KubernetesClient client, ControllerMetrics metrics) {
    SharedIndexInformer<MachineConfigPool> informer =
        client.resources(MachineConfigPool.class).runnableInformer(0);
    informer.exceptionHandler(
        (started, e) -> {
          LOG.warn(
              "watch of pools for deletions failed ({}); retrying: {}",
              started ? "running" : "starting",
              e.getMessage());
          return true;
        });
    informer.addEventHandler(
        new ResourceEventHandler<>() {
          @Override
          public void onAdd(MachineConfigPool pool) {}

          @Override
          public void onUpdate(MachineConfigPool old, MachineConfigPool pool) {}

          @Override
          public void onDelete(MachineConfigPool pool, boolean unknown) {
            metrics.poolDeleted(pool.getMetadata().getName());
          }
        });
    informer.start();
    return informer;
  }

  /**
   * Where a rollout pass's node writes run, eight at a time (they wait on the server, not on a
   * core): one after the other, a large pool's targets and taints held the first batch back
   * (docs/performance.md).
   */
  private static ExecutorService nodeWriters() {
    return Executors.newFixedThreadPool(8, BackgroundThreads.named("ocelot-node-writer"));
  }

  /** Every reconciler: MCO-like retries, and caches without managedFields ({@link CacheStores}). */
  private static <P extends HasMetadata>
      Consumer<ControllerConfigurationOverrider<P>> reconcilerDefaults(
          ControllerSettings settings) {
    return o -> o.withRetry(settings.retry()).withItemStore(CacheStores.withoutManagedFields());
  }

  /**
   * A reconciler of Nodes: no max-reconciliation timer. JOSDK schedules a 10-hour timer per
   * reconcile and cancels the previous one, and a cancelled {@code java.util.Timer} task stays
   * queued until it would have run: one per node event, kept 10 hours (53 000 after one 5000-node
   * rollout). These reconcilers act on node events only; a drain's retry schedules its own. And
   * only on changes of what they read ({@link NodeChanges}), not on kubelets' status writes.
   */
  private static Consumer<ControllerConfigurationOverrider<Node>> nodeReconcilerDefaults(
      ControllerSettings settings) {
    return ControllerOperator.<Node>reconcilerDefaults(settings)
        .andThen(o -> o.withReconciliationMaxInterval(null).withOnUpdateFilter(new NodeChanges()));
  }

  /** Each registered reconciler's max reconciliation interval, by name (for tests). */
  Map<String, Optional<Duration>> maxReconciliationIntervals() {
    Map<String, Optional<Duration>> out = new TreeMap<>();
    operator
        .getRegisteredControllers()
        .forEach(
            c ->
                out.put(
                    c.getConfiguration().getName(),
                    c.getConfiguration().maxReconciliationInterval()));
    return out;
  }

  @Override
  public void close() {
    closing.set(true);
    deletions.close();
    operator.stop();
    writers.shutdownNow();
    evictor.close();
  }
}

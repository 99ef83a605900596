package io.ocelot.controller;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.extended.leaderelection.LeaderCallbacks;
import io.javaoperatorsdk.operator.Operator;
import io.javaoperatorsdk.operator.api.config.ControllerConfigurationOverrider;
import io.javaoperatorsdk.operator.api.config.LeaderElectionConfiguration;
import io.ocelot.controller.build.BuildReconciler;
import io.ocelot.controller.build.ImageBuilder;
import io.ocelot.controller.drain.ApiPodEvictor;
import io.ocelot.controller.drain.DrainReconciler;
import java.time.Clock;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;

/** Wires the reconcilers into one JOSDK operator (server-side apply off: the mock has none). */
public final class ControllerOperator implements AutoCloseable {
  private final Operator operator;
  private final ApiPodEvictor evictor;
  private final AtomicBoolean closing;

  private ControllerOperator(Operator operator, ApiPodEvictor evictor, AtomicBoolean closing) {
    this.operator = operator;
    this.evictor = evictor;
    this.closing = closing;
  }

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
              o.withKubernetesClient(client)
                  .withUseSSAToPatchPrimaryResource(false)
                  .withSSABasedCreateUpdateMatchForDependentResources(false)
                  .withCloseClientOnStop(false)
                  .withConcurrentReconciliationThreads(4);
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
    ObjectEvents events = new ObjectEvents(client, settings.eventNamespace(), clock);
    ApiPodEvictor evictor = new ApiPodEvictor(client);
    operator.register(
        new PoolReconciler(client, events, metrics, settings, clock), retry(settings));
    operator.register(
        new DrainReconciler(
            new NodeUpdates(client), evictor, events, metrics, settings.drain(), clock),
        retry(settings));
    operator.register(
        new BuildReconciler(client, builder, events, clock, settings.buildPoll()), retry(settings));
    operator.start();
    return new ControllerOperator(operator, evictor, closing);
  }

  private static <P extends HasMetadata> Consumer<ControllerConfigurationOverrider<P>> retry(
      ControllerSettings settings) {
    return o -> o.withRetry(settings.retry());
  }

  @Override
  public void close() {
    closing.set(true);
    operator.stop();
    evictor.close();
  }
}

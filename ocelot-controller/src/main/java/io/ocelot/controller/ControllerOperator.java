package io.ocelot.controller;

import io.fabric8.kubernetes.client.KubernetesClient;
import io.javaoperatorsdk.operator.Operator;
import io.ocelot.controller.build.BuildReconciler;
import io.ocelot.controller.build.ImageBuilder;
import io.ocelot.controller.drain.ApiPodEvictor;
import io.ocelot.controller.drain.DrainReconciler;
import java.time.Clock;

/** Wires the reconcilers into one JOSDK operator (server-side apply off: the mock has none). */
public final class ControllerOperator implements AutoCloseable {
  private final Operator operator;
  private final ApiPodEvictor evictor;

  private ControllerOperator(Operator operator, ApiPodEvictor evictor) {
    this.operator = operator;
    this.evictor = evictor;
  }

  public static ControllerOperator start(
      KubernetesClient client,
      ControllerSettings settings,
      ControllerMetrics metrics,
      ImageBuilder builder,
      Clock clock) {
    Operator operator =
        new Operator(
            o ->
                o.withKubernetesClient(client)
                    .withUseSSAToPatchPrimaryResource(false)
                    .withSSABasedCreateUpdateMatchForDependentResources(false)
                    .withCloseClientOnStop(false)
                    .withConcurrentReconciliationThreads(4));
    ObjectEvents events = new ObjectEvents(client, settings.eventNamespace(), clock);
    ApiPodEvictor evictor = new ApiPodEvictor(client);
    operator.register(new PoolReconciler(client, events, metrics, settings, clock));
    operator.register(
        new DrainReconciler(
            new NodeUpdates(client), evictor, events, metrics, settings.drain(), clock));
    operator.register(new BuildReconciler(client, builder, events, clock, settings.buildPoll()));
    operator.start();
    return new ControllerOperator(operator, evictor);
  }

  @Override
  public void close() {
    operator.stop();
    evictor.close();
  }
}

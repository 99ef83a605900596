package io.ocelot.controller;

import io.fabric8.kubernetes.client.KubernetesClient;
import io.javaoperatorsdk.operator.Operator;
import java.time.Clock;

/** Wires the reconcilers into one JOSDK operator (server-side apply off: the mock has none). */
public final class ControllerOperator implements AutoCloseable {
  private final Operator operator;

  private ControllerOperator(Operator operator) {
    this.operator = operator;
  }

  public static ControllerOperator start(
      KubernetesClient client, ControllerSettings settings, Clock clock) {
    Operator operator =
        new Operator(
            o ->
                o.withKubernetesClient(client)
                    .withUseSSAToPatchPrimaryResource(false)
                    .withSSABasedCreateUpdateMatchForDependentResources(false)
                    .withCloseClientOnStop(false)
                    .withConcurrentReconciliationThreads(4));
    operator.register(new PoolReconciler(client, settings, clock));
    operator.start();
    return new ControllerOperator(operator);
  }

  @Override
  public void close() {
    operator.stop();
  }
}

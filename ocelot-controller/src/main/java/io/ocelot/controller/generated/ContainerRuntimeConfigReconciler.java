package io.ocelot.controller.generated;

import io.fabric8.kubernetes.client.KubernetesClient;
import io.javaoperatorsdk.operator.api.reconciler.Context;
import io.javaoperatorsdk.operator.api.reconciler.ControllerConfiguration;
import io.javaoperatorsdk.operator.api.reconciler.EventSourceContext;
import io.javaoperatorsdk.operator.api.reconciler.Reconciler;
import io.javaoperatorsdk.operator.api.reconciler.UpdateControl;
import io.javaoperatorsdk.operator.processing.event.source.EventSource;
import io.ocelot.api.model.ContainerRuntimeConfig;
import io.ocelot.controller.support.ObjectEvents;
import java.time.Clock;
import java.util.List;

/**
 * Turns each ContainerRuntimeConfig into its pools' {@code
 * 99-<pool>-generated-containerruntime[-N]}.
 */
@ControllerConfiguration(name = ContainerRuntimeConfigReconciler.NAME)
public final class ContainerRuntimeConfigReconciler implements Reconciler<ContainerRuntimeConfig> {
  public static final String NAME = "containerruntimeconfigs";
  private final GeneratedConfigSync<ContainerRuntimeConfig> sync;

  public ContainerRuntimeConfigReconciler(
      KubernetesClient client, String controllerVersion, ObjectEvents events, Clock clock) {
    this.sync =
        new GeneratedConfigSync<>(
            client, new ContainerRuntimeConfigs(), controllerVersion, events, clock);
  }

  @Override
  public List<EventSource<?, ContainerRuntimeConfig>> prepareEventSources(
      EventSourceContext<ContainerRuntimeConfig> ctx) {
    return GeneratedSources.of(ctx);
  }

  @Override
  public UpdateControl<ContainerRuntimeConfig> reconcile(
      ContainerRuntimeConfig config, Context<ContainerRuntimeConfig> ctx) {
    sync.sync(
        config,
        ctx.getPrimaryCache().list().toList(),
        GeneratedSources.pools(ctx),
        GeneratedSources.configs(ctx));
    return UpdateControl.noUpdate();
  }
}

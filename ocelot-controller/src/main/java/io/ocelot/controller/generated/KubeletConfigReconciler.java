package io.ocelot.controller.generated;

import io.fabric8.kubernetes.client.KubernetesClient;
import io.javaoperatorsdk.operator.api.reconciler.Context;
import io.javaoperatorsdk.operator.api.reconciler.ControllerConfiguration;
import io.javaoperatorsdk.operator.api.reconciler.EventSourceContext;
import io.javaoperatorsdk.operator.api.reconciler.Reconciler;
import io.javaoperatorsdk.operator.api.reconciler.UpdateControl;
import io.javaoperatorsdk.operator.processing.event.source.EventSource;
import io.ocelot.api.model.KubeletConfig;
import io.ocelot.controller.support.ObjectEvents;
import java.time.Clock;
import java.util.List;

/** Turns each KubeletConfig into its pools' {@code 99-<pool>-generated-kubelet[-N]}. */
@ControllerConfiguration(name = KubeletConfigReconciler.NAME)
public final class KubeletConfigReconciler implements Reconciler<KubeletConfig> {
  public static final String NAME = "kubeletconfigs";
  private final GeneratedConfigSync<KubeletConfig> sync;

  public KubeletConfigReconciler(
      KubernetesClient client, String controllerVersion, ObjectEvents events, Clock clock) {
    this.sync =
        new GeneratedConfigSync<>(client, new KubeletConfigs(), controllerVersion, events, clock);
  }

  @Override
  public List<EventSource<?, KubeletConfig>> prepareEventSources(
      EventSourceContext<KubeletConfig> ctx) {
    return GeneratedSources.of(ctx);
  }

  @Override
  public UpdateControl<KubeletConfig> reconcile(KubeletConfig config, Context<KubeletConfig> ctx) {
    sync.sync(
        config,
        ctx.getPrimaryCache().list().toList(),
        GeneratedSources.pools(ctx),
        GeneratedSources.configs(ctx));
    return UpdateControl.noUpdate();
  }
}

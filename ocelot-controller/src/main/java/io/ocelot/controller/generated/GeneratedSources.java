package io.ocelot.controller.generated;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.javaoperatorsdk.operator.api.config.informer.InformerEventSourceConfiguration;
import io.javaoperatorsdk.operator.api.reconciler.Context;
import io.javaoperatorsdk.operator.api.reconciler.EventSourceContext;
import io.javaoperatorsdk.operator.processing.event.ResourceID;
import io.javaoperatorsdk.operator.processing.event.source.EventSource;
import io.javaoperatorsdk.operator.processing.event.source.informer.InformerEventSource;
import io.ocelot.api.model.MachineConfig;
import io.ocelot.api.model.MachineConfigPool;
import io.ocelot.api.model.Mco;
import io.ocelot.controller.support.CacheStores;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * What a generating reconciler watches beside its sources: the pools (their labels decide which
 * sources select them) and the MachineConfigs that carry a role label (a pool's base kubelet.conf,
 * and the generated configs themselves, so one deleted by hand comes back). Rendered configs have
 * no role label and stay out of the cache. Every event syncs every source of the kind: there are a
 * handful, and a sync that finds nothing to change writes nothing.
 */
final class GeneratedSources {
  static final String POOLS = "pools";
  static final String CONFIGS = "roleconfigs";

  private GeneratedSources() {}

  static <P extends HasMetadata> List<EventSource<?, P>> of(EventSourceContext<P> ctx) {
    return List.of(
        new InformerEventSource<>(
            InformerEventSourceConfiguration.from(
                    MachineConfigPool.class, ctx.getPrimaryResourceClass())
                .withName(POOLS)
                .withSecondaryToPrimaryMapper(p -> every(ctx))
                .withItemStore(CacheStores.withoutManagedFields())
                .build(),
            ctx),
        new InformerEventSource<>(
            InformerEventSourceConfiguration.from(
                    MachineConfig.class, ctx.getPrimaryResourceClass())
                .withName(CONFIGS)
                .withLabelSelector(Mco.ROLE_LABEL)
                .withSecondaryToPrimaryMapper(mc -> every(ctx))
                .withItemStore(CacheStores.withoutManagedFields())
                .build(),
            ctx));
  }

  private static <P extends HasMetadata> Set<ResourceID> every(EventSourceContext<P> ctx) {
    return ctx.getPrimaryCache().list().map(ResourceID::fromResource).collect(Collectors.toSet());
  }

  @SuppressWarnings("unchecked")
  static <P extends HasMetadata> List<MachineConfigPool> pools(Context<P> ctx) {
    return ((InformerEventSource<MachineConfigPool, P>)
            ctx.eventSourceRetriever().getEventSourceFor(MachineConfigPool.class, POOLS))
        .list(p -> true)
        .toList();
  }

  @SuppressWarnings("unchecked")
  static <P extends HasMetadata> List<MachineConfig> configs(Context<P> ctx) {
    return ((InformerEventSource<MachineConfig, P>)
            ctx.eventSourceRetriever().getEventSourceFor(MachineConfig.class, CONFIGS))
        .list(p -> true)
        .toList();
  }
}

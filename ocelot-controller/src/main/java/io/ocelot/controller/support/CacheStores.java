package io.ocelot.controller.support;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.client.informers.cache.ItemStore;
import io.javaoperatorsdk.operator.processing.event.source.informer.TransformingItemStore;

/**
 * The controller's informer caches keep objects without {@code metadata.managedFields}: the
 * server's record of who set each field is a third of a Node's or a MachineConfig's size, three
 * informers hold every Node, and nothing in the controller reads it. At 5000 nodes that is most of
 * the controller's heap (docs/performance.md). A write of a cached object without the field leaves
 * the server's record as it was (an omitted managedFields changes nothing).
 */
public final class CacheStores {
  private CacheStores() {}

  public static <R extends HasMetadata> ItemStore<R> withoutManagedFields() {
    return new TransformingItemStore<>(
        r -> {
          r.getMetadata().setManagedFields(null);
          return r;
        });
  }
}

package io.ocelot.controller.pool;

import io.fabric8.kubernetes.api.model.HasMetadata;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * What a pass derives from a cached object (a node's {@code PoolNode}, an MCN's report), kept while
 * the object's resourceVersion stays: a pool pass reads every member, and deriving every view
 * afresh (copies of its annotations and labels) was most of a pass in a profile. An object without
 * a resourceVersion is derived every time.
 */
final class ViewMemo<T extends HasMetadata, V> {
  private record Entry<V>(String resourceVersion, V view) {}

  private final Function<T, V> derive;
  private final Map<String, Entry<V>> views = new ConcurrentHashMap<>();
  private volatile int sizeAfterPrune;

  ViewMemo(Function<T, V> derive) {
    this.derive = derive;
  }

  V of(T object) {
    String name = object.getMetadata().getName();
    String version = object.getMetadata().getResourceVersion();
    Entry<V> e = views.get(name);
    if (e != null && e.resourceVersion().equals(version)) {
      return e.view();
    }
    V view = derive.apply(object);
    if (version != null) {
      views.put(name, new Entry<>(version, view));
    }
    return view;
  }

  /**
   * Forgets the views of objects no longer {@code present} (deleted nodes) once the memo has
   * doubled since it last did: at most twice the live objects are kept, and {@code present} is
   * listed seldom.
   */
  void prune(Supplier<Set<String>> present) {
    if (views.size() > 2 * sizeAfterPrune + 64) {
      views.keySet().retainAll(present.get());
      sizeAfterPrune = views.size();
    }
  }
}

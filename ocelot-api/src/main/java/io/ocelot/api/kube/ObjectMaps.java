package io.ocelot.api.kube;

import java.util.HashMap;
import java.util.Map;

/**
 * Labels and annotations as they may arrive: absent, empty, or holding a {@code null} (a removed
 * key that a server or an old client kept as {@code "a": null}). Every reader sees a map without
 * nulls, so a removed label is simply absent and no reconcile fails on it.
 */
public final class ObjectMaps {
  private ObjectMaps() {}

  /** An immutable copy without null keys or values; empty for a null map. */
  public static Map<String, String> present(Map<String, String> map) {
    if (map == null || map.isEmpty()) {
      return Map.of();
    }
    if (withoutNulls(map)) {
      return Map.copyOf(map); // the same map when it is such a copy already
    }
    Map<String, String> out = new HashMap<>(map.size());
    map.forEach(
        (k, v) -> {
          if (k != null && v != null) {
            out.put(k, v);
          }
        });
    return Map.copyOf(out);
  }

  // Not containsKey(null): immutable maps throw on a null key.
  private static boolean withoutNulls(Map<String, String> map) {
    for (Map.Entry<String, String> e : map.entrySet()) {
      if (e.getKey() == null || e.getValue() == null) {
        return false;
      }
    }
    return true;
  }
}

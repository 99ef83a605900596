package io.ocelot.apiserver;

import java.util.Map;
import java.util.TreeMap;

/**
 * Requests a server has served, by verb and resource: {@code GET nodes}, {@code LIST events},
 * {@code PATCH nodes}, {@code CREATE pods/eviction}, {@code WATCH machineconfigs}, and retryable
 * refusals apart ({@code PATCH nodes 409}).
 */
public record RequestCounts(Map<String, Long> byKind) {
  public RequestCounts {
    byKind = Map.copyOf(byKind);
  }

  /** Every request, refusals counted once (the {@code "... 409"} keys repeat their request). */
  public long total() {
    return byKind.entrySet().stream()
        .filter(e -> !isRefusal(e.getKey()))
        .mapToLong(Map.Entry::getValue)
        .sum();
  }

  /** Of those, the writes: create, update, patch, apply and delete. */
  public long writes() {
    return byKind.entrySet().stream()
        .filter(e -> !isRefusal(e.getKey()) && isWrite(e.getKey()))
        .mapToLong(Map.Entry::getValue)
        .sum();
  }

  /** The writes to one resource, e.g. {@code machineconfignodes/status}. */
  public long writesTo(String resource) {
    return byKind.entrySet().stream()
        .filter(e -> !isRefusal(e.getKey()) && isWrite(e.getKey()))
        .filter(e -> e.getKey().substring(e.getKey().indexOf(' ') + 1).equals(resource))
        .mapToLong(Map.Entry::getValue)
        .sum();
  }

  /** What was served since {@code earlier}, sorted by key. */
  public RequestCounts since(RequestCounts earlier) {
    Map<String, Long> out = new TreeMap<>();
    byKind.forEach(
        (k, v) -> {
          long d = v - earlier.byKind.getOrDefault(k, 0L);
          if (d > 0) {
            out.put(k, d);
          }
        });
    return new RequestCounts(out);
  }

  private static boolean isRefusal(String key) {
    return key.matches(".* \\d{3}$");
  }

  private static boolean isWrite(String key) {
    String verb = key.substring(0, key.indexOf(' '));
    return switch (verb) {
      case "CREATE", "UPDATE", "PATCH", "APPLY", "DELETE", "DELETECOLLECTION" -> true;
      default -> false;
    };
  }
}

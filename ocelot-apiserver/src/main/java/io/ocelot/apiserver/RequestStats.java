package io.ocelot.apiserver;

import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

/**
 * Requests counted by verb and resource ({@code GET nodes}, {@code LIST events}, {@code PATCH
 * nodes}, {@code WATCH machineconfigs}), and the conflicts among them ({@code PATCH nodes 409}):
 * what a benchmark needs to see where the load comes from.
 */
final class RequestStats {
  private final Map<String, LongAdder> counts = new ConcurrentHashMap<>();

  void record(String method, String path, int code) {
    String kind = classify(method, path);
    counts.computeIfAbsent(kind, k -> new LongAdder()).increment();
    if (code == 409 || code == 422 || code == 429) {
      // Refusals that make a client retry are worth seeing apart: "PATCH nodes 409".
      counts.computeIfAbsent(kind + " " + code, k -> new LongAdder()).increment();
    }
  }

  /** A sorted copy of the counts so far. */
  Map<String, Long> snapshot() {
    Map<String, Long> out = new TreeMap<>();
    counts.forEach((k, v) -> out.put(k, v.sum()));
    return out;
  }

  /**
   * {@code GET /api/v1/nodes/a} → {@code GET nodes}; {@code GET /api/v1/namespaces/x/events} →
   * {@code LIST events}; {@code ...?watch=true} → {@code WATCH}; a subresource is kept ({@code
   * CREATE pods/eviction}); anything else (discovery, OpenAPI) is {@code GET other}.
   */
  static String classify(String method, String path) {
    int q = path.indexOf('?');
    String query = q < 0 ? "" : path.substring(q + 1);
    String[] segs = (q < 0 ? path : path.substring(0, q)).replaceAll("^/+|/+$", "").split("/");
    int start;
    if (segs.length >= 3 && segs[0].equals("api")) {
      start = 2;
    } else if (segs.length >= 4 && segs[0].equals("apis")) {
      start = 3;
    } else {
      return method + " other";
    }
    if (segs.length - start > 2 && segs[start].equals("namespaces")) {
      start += 2;
    }
    String resource = segs[start];
    boolean named = segs.length - start >= 2;
    String sub = segs.length - start >= 3 ? "/" + segs[start + 2] : "";
    String verb =
        switch (method) {
          case "GET" -> query.contains("watch=true") ? "WATCH" : named ? "GET" : "LIST";
          case "POST" -> "CREATE";
          case "PUT" -> "UPDATE";
          default -> method;
        };
    return verb + " " + resource + sub;
  }
}

package io.ocelot.bench;

import io.ocelot.apiserver.RequestCounts;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Ocelot's own requests during a rollout (its daemons' and its controller's clients, apart from the
 * simulated kubelets' and the benchmark's), per node update: the total and the breakdown by verb
 * and resource, one column per part.
 */
record OcelotRequests(Map<String, RequestCounts> byPart) {

  /** What each part sent between {@code before} and {@code after}. */
  static OcelotRequests between(
      Map<String, RequestCounts> before, Map<String, RequestCounts> after) {
    Map<String, RequestCounts> out = new LinkedHashMap<>();
    after.forEach(
        (part, counts) ->
            out.put(part, counts.since(before.getOrDefault(part, new RequestCounts(Map.of())))));
    return new OcelotRequests(out);
  }

  long total() {
    return byPart.values().stream().mapToLong(RequestCounts::total).sum();
  }

  /** {@code 18.3 (daemons 12.1, controller 6.2)} per node update. */
  String perUpdate(int updates) {
    List<String> parts = new ArrayList<>();
    byPart.forEach((p, c) -> parts.add(String.format("%s %.1f", p, per(c.total(), updates))));
    return String.format("%.1f (%s)", per(total(), updates), String.join(", ", parts));
  }

  /** One line per kind, most frequent first: the kind, its count per update in each part. */
  List<String> table(int updates, int top) {
    Map<String, long[]> rows = new TreeMap<>();
    List<String> parts = List.copyOf(byPart.keySet());
    for (int i = 0; i < parts.size(); i++) {
      int column = i;
      byPart
          .get(parts.get(i))
          .byKind()
          .forEach((k, v) -> rows.computeIfAbsent(k, x -> new long[parts.size()])[column] += v);
    }
    List<String> out = new ArrayList<>();
    StringBuilder head = new StringBuilder(String.format("  %-40s", "kind"));
    parts.forEach(p -> head.append(String.format(" %10s", p)));
    out.add(head.toString());
    rows.entrySet().stream()
        .sorted((a, b) -> Long.compare(sum(b.getValue()), sum(a.getValue())))
        .limit(top)
        .forEach(
            e -> {
              StringBuilder line = new StringBuilder(String.format("  %-40s", e.getKey()));
              for (long v : e.getValue()) {
                line.append(String.format(" %10.2f", per(v, updates)));
              }
              out.add(line.toString());
            });
    return out;
  }

  private static long sum(long[] values) {
    long s = 0;
    for (long v : values) {
      s += v;
    }
    return s;
  }

  private static double per(long n, int updates) {
    return n / (double) Math.max(1, updates);
  }
}

package io.ocelot.cli;

import io.ocelot.apiserver.ControlPlaneMode;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/** Benchmark runs' figures as one Markdown table, a column per control plane (pure). */
final class SideBySide {
  private SideBySide() {}

  static String table(Map<ControlPlaneMode, Map<String, String>> runs) {
    List<ControlPlaneMode> modes = List.copyOf(runs.keySet());
    Set<String> labels = new LinkedHashSet<>();
    runs.values().forEach(f -> labels.addAll(f.keySet()));
    StringBuilder t = new StringBuilder();
    t.append("| figure | ")
        .append(modes.stream().map(ControlPlaneMode::toString).collect(Collectors.joining(" | ")))
        .append(" |\n|---|")
        .append("---|".repeat(modes.size()))
        .append('\n');
    for (String label : labels) {
      t.append("| ").append(label).append(" | ");
      t.append(
          modes.stream()
              .map(m -> runs.get(m).getOrDefault(label, "–"))
              .collect(Collectors.joining(" | ")));
      t.append(" |\n");
    }
    return t.toString();
  }
}

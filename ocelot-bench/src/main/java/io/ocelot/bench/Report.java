package io.ocelot.bench;

import java.io.PrintWriter;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/** A benchmark's printed report: lines, and figures (label: value) kept for a later table. */
final class Report {
  private final PrintWriter out;
  private final int labelWidth;
  private final Map<String, String> figures = new LinkedHashMap<>();

  Report(PrintWriter out, int labelWidth) {
    this.out = out;
    this.labelWidth = labelWidth;
  }

  /** Says one figure and keeps it. */
  void figure(String label, String value) {
    figures.put(label, value);
    say(String.format("%-" + labelWidth + "s%s", label + ":", value));
  }

  void say(String line) {
    out.println(line);
    out.flush();
  }

  /** The figures, label → value, in the order said. */
  Map<String, String> figures() {
    return Collections.unmodifiableMap(figures);
  }
}

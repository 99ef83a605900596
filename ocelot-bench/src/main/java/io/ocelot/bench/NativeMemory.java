package io.ocelot.bench;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * The committed memory of {@code jcmd <pid> VM.native_memory summary}, in KiB, by category, and the
 * number of classes loaded.
 */
record NativeMemory(long total, Map<String, Long> committed, long classes) {
  private static final Pattern TOTAL =
      Pattern.compile("Total: reserved=\\d+KB, committed=(\\d+)KB");
  private static final Pattern CATEGORY =
      Pattern.compile("(?m)^-\\s+(.+?) \\(reserved=\\d+KB, committed=(\\d+)KB\\)");
  private static final Pattern CLASSES = Pattern.compile("\\(classes #(\\d+)\\)");

  static NativeMemory parse(String summary) {
    Matcher t = TOTAL.matcher(summary);
    long total = t.find() ? Long.parseLong(t.group(1)) : 0;
    Map<String, Long> out = new LinkedHashMap<>();
    Matcher c = CATEGORY.matcher(summary);
    while (c.find()) {
      out.put(c.group(1).strip(), Long.parseLong(c.group(2)));
    }
    Matcher k = CLASSES.matcher(summary);
    return new NativeMemory(total, out, k.find() ? Long.parseLong(k.group(1)) : 0);
  }

  /** {@code Java Heap 12.0, Class 9.1, …} in MiB, biggest first. */
  String top(int n) {
    return committed.entrySet().stream()
        .sorted(Map.Entry.<String, Long>comparingByValue().reversed())
        .limit(n)
        .map(e -> String.format("%s %.1f", e.getKey(), e.getValue() / 1024.0))
        .collect(Collectors.joining(", ", "", " (MiB)"));
  }
}

package io.ocelot.bench;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** What the benchmarks read about a process they started: /proc figures, its start line. */
final class Procfs {
  static final long CLOCK_TICKS_PER_SECOND = 100; // USER_HZ on Linux
  private static final Pattern METRICS_ON = Pattern.compile("; metrics on (\\S+:\\d+)");

  private Procfs() {}

  /** A {@code /proc/<pid>/status} figure in its unit (kB for memory). */
  static long status(long pid, String key) throws IOException {
    return status(Path.of("/proc", Long.toString(pid), "status"), key);
  }

  /** A figure of a {@code /proc/.../status} file ({@code VmRSS:}, {@code Threads:}). */
  static long status(Path file, String key) throws IOException {
    for (String line : Files.readAllLines(file)) {
      if (line.startsWith(key)) {
        return Long.parseLong(line.replaceAll("[^0-9]", ""));
      }
    }
    throw new IOException("no " + key + " in " + file);
  }

  /** User plus system CPU time of the process, in clock ticks ({@code /proc/<pid>/stat}). */
  static long cpuTicks(long pid) throws IOException {
    return cpuTicks(Path.of("/proc", Long.toString(pid), "stat"));
  }

  /** User plus system CPU time in a {@code stat} file (a process's or a thread's), in ticks. */
  static long cpuTicks(Path stat) throws IOException {
    String[] f = statFields(stat);
    return Long.parseLong(f[UTIME]) + Long.parseLong(f[STIME]);
  }

  /** Reaped children's user plus system CPU time in a process's {@code stat} file, in ticks. */
  static long childrenCpuTicks(Path stat) throws IOException {
    String[] f = statFields(stat);
    return Long.parseLong(f[CUTIME]) + Long.parseLong(f[CSTIME]);
  }

  /** The name in a {@code stat} file (a thread's name as the kernel keeps it: 15 characters). */
  static String statName(Path stat) throws IOException {
    String s = Files.readString(stat);
    return s.substring(s.indexOf('(') + 1, s.lastIndexOf(')'));
  }

  // After the name in parentheses: state is field 3 (index 0 here), utime 14, stime 15, cutime
  // 16, cstime 17.
  private static final int UTIME = 11;
  private static final int STIME = 12;
  private static final int CUTIME = 13;
  private static final int CSTIME = 14;

  private static String[] statFields(Path stat) throws IOException {
    String s = Files.readString(stat);
    return s.substring(s.lastIndexOf(')') + 2).split(" ");
  }

  /** CPU milliseconds per second of {@code ticks} spent {@code over} a span. */
  static double cpuMsPerSecond(long ticks, Duration over) {
    return over.isZero() ? 0 : ticks * 1000.0 / CLOCK_TICKS_PER_SECOND / (over.toMillis() / 1000.0);
  }

  /**
   * /metrics as an Ocelot process's start line in {@code log} names it ("…; metrics on host:port":
   * it serves on a port it picked), once said.
   */
  static Optional<URI> metricsUri(Path log) {
    try {
      Matcher m = METRICS_ON.matcher(Files.readString(log));
      return m.find()
          ? Optional.of(URI.create("http://" + m.group(1) + "/metrics"))
          : Optional.empty();
    } catch (IOException e) {
      return Optional.empty();
    }
  }
}

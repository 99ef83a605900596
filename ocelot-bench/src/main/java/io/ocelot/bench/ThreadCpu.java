package io.ocelot.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * This JVM's CPU by thread, from {@code /proc/self/task}: which of its parts (the controller's
 * reconcilers, the daemons' workers, the HTTP clients, the sim's power lifecycle, GC, JIT) used it.
 * A sampling profiler cannot say that on a saturated machine: it counts a thread waiting for a core
 * as running. Threads are grouped by name with numbers dropped. A thread that ended is counted by
 * its last sample when snapshots taken while it ran were {@link #merge merged} in (the sim's
 * daemons end their threads at every reboot); what no sample saw is "(ended threads)", the rest of
 * the process's time.
 */
record ThreadCpu(long total, Map<String, Sample> threads) {
  record Sample(String group, long ticks) {}

  static ThreadCpu now() {
    return of(Path.of("/proc/self"));
  }

  /** The threads of the process whose {@code /proc} directory is {@code proc}. */
  static ThreadCpu of(Path proc) {
    Map<String, Sample> threads = new HashMap<>();
    long total = 0;
    try (Stream<Path> tasks = Files.list(proc.resolve("task"))) {
      for (Path task : tasks.toList()) {
        try {
          String stat = Files.readString(task.resolve("stat"));
          String name = stat.substring(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
          String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
          long ticks = Long.parseLong(f[11]) + Long.parseLong(f[12]);
          // A thread id is reused once its thread ends: with its start time it names one thread.
          threads.put(task.getFileName() + "@" + f[19], new Sample(group(name), ticks));
        } catch (IOException | RuntimeException e) {
          // the thread ended while listed
        }
      }
      total = Procfs.cpuTicks(proc.resolve("stat"));
    } catch (IOException | RuntimeException e) {
      return new ThreadCpu(0, Map.of());
    }
    return new ThreadCpu(total, threads);
  }

  /**
   * This snapshot with {@code later}'s: the later process total, each thread's latest sample, and
   * the threads that ended since this one was taken, as this one saw them last. A snapshot that
   * could not read /proc (total 0, no threads) changes nothing.
   */
  ThreadCpu merge(ThreadCpu later) {
    Map<String, Sample> all = new HashMap<>(threads);
    all.putAll(later.threads);
    return new ThreadCpu(Math.max(total, later.total), all);
  }

  /** {@code ocelot-daemon-worker-17} → {@code ocelot-daemon-worker-N}; GC and JIT threads named. */
  static String group(String name) {
    return name.replaceAll("\\d+", "N");
  }

  /** CPU seconds per node update by group since {@code before}, the largest first. */
  List<String> since(ThreadCpu before, int updates, int top) {
    double n = Math.max(1, updates) * 100.0;
    return ticksSince(before).entrySet().stream()
        .limit(top)
        .map(e -> String.format("  %-32s %6.3f s", e.getKey(), e.getValue() / n))
        .toList();
  }

  /** Clock ticks by group since {@code before}, the largest first; "(ended threads)" the rest. */
  Map<String, Long> ticksSince(ThreadCpu before) {
    Map<String, Long> byGroup = new HashMap<>();
    long accounted = 0;
    for (Map.Entry<String, Sample> t : threads.entrySet()) {
      Sample earlier = before.threads.get(t.getKey());
      long ticks = t.getValue().ticks() - (earlier == null ? 0 : earlier.ticks());
      byGroup.merge(t.getValue().group(), ticks, Long::sum);
      accounted += ticks;
    }
    byGroup.merge("(ended threads)", Math.max(0, total - before.total - accounted), Long::sum);
    Map<String, Long> sorted = new LinkedHashMap<>();
    byGroup.entrySet().stream()
        .sorted(Map.Entry.<String, Long>comparingByValue().reversed())
        .forEach(e -> sorted.put(e.getKey(), e.getValue()));
    return sorted;
  }
}

package io.ocelot.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.OptionalLong;

/**
 * Where a rollout's CPU went, from /proc: this JVM (controller, daemons, the sim), the host tool
 * stand-ins it ran (its reaped children: every {@code rpm-ostree}, {@code systemctl}, … is a bash
 * script), the control plane process, and what the machine had left idle. All in clock ticks.
 */
record CpuSplit(
    long jvm, long standIns, long controlPlane, long machine, long idle, long processes) {

  /** The figures now; the control plane's only when it is a process of its own. */
  static CpuSplit now(OptionalLong controlPlane) {
    try {
      Path self = Path.of("/proc/self/stat");
      long plane = 0;
      if (controlPlane.isPresent()) {
        plane = Procfs.cpuTicks(controlPlane.getAsLong());
      }
      long[] all = machineTicks();
      return new CpuSplit(
          Procfs.cpuTicks(self), Procfs.childrenCpuTicks(self), plane, all[0], all[1], all[2]);
    } catch (IOException | RuntimeException e) {
      return new CpuSplit(0, 0, 0, 0, 0, 0);
    }
  }

  /** The ticks spent from {@code before} to this sample. */
  CpuSplit since(CpuSplit before) {
    return new CpuSplit(
        jvm - before.jvm,
        standIns - before.standIns,
        controlPlane - before.controlPlane,
        machine - before.machine,
        idle - before.idle,
        processes - before.processes);
  }

  /**
   * One line: CPU seconds per node update of each consumer and the machine's idle share, e.g.
   * {@code JVM 0.41 s, stand-ins 0.22 s, control plane 0.09 s per update; machine 12 % idle}, and
   * the processes and threads the machine started per update (the stand-ins and what they run, a
   * restarted daemon's client threads).
   */
  String perUpdate(int updates) {
    double n = Math.max(1, updates) * 100.0; // ticks per second
    return String.format(
        "this JVM %.2f s, host stand-ins %.2f s, control plane %.2f s per node update;"
            + " machine %.0f %% idle; %.0f processes and threads started per node update",
        jvm / n,
        standIns / n,
        controlPlane / n,
        machine == 0 ? 0 : 100.0 * idle / machine,
        processes / (double) Math.max(1, updates));
  }

  /**
   * All CPUs' ticks, their idle ticks (idle + iowait) and the processes started since boot, from
   * {@code /proc/stat}.
   */
  private static long[] machineTicks() throws IOException {
    List<String> lines = Files.readAllLines(Path.of("/proc/stat"));
    String[] f = lines.get(0).trim().split("\\s+");
    long processes =
        lines.stream()
            .filter(l -> l.startsWith("processes "))
            .mapToLong(l -> Long.parseLong(l.substring("processes ".length()).trim()))
            .findFirst()
            .orElse(0);
    long total = 0;
    for (int i = 1; i <= 8; i++) { // user … steal; guest time is counted in user already
      total += Long.parseLong(f[i]);
    }
    return new long[] {total, Long.parseLong(f[4]) + Long.parseLong(f[5]), processes};
  }
}

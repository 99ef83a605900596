package io.ocelot.bench;

import io.fabric8.kubernetes.client.Watch;
import io.fabric8.kubernetes.client.dsl.base.PatchContext;
import io.fabric8.kubernetes.client.dsl.base.PatchType;
import io.ocelot.api.model.MachineConfigPool;
import io.ocelot.sim.MachineNode;
import io.ocelot.sim.SimCluster;
import io.ocelot.sim.SimException;
import io.ocelot.sim.SimNode;
import io.ocelot.sim.SimSettings;
import io.ocelot.sim.Trees;
import io.ocelot.sim.demo.RolloutRecorder;
import io.ocelot.sim.machine.Machine;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Machine nodes measured beside a simulated one: how long a machine takes to boot and its daemon to
 * start, what a machine costs in memory and idle CPU, and a rebooting update's time (t1) on a
 * machine next to a simulated node's. Prints figures; asserts nothing.
 */
public final class MachineBenchmark {
  /** Before the idle minute: the daemons' start-up work (JIT, first watch events) winds down. */
  private static final Duration SETTLE = Duration.ofSeconds(10);

  private final SimSettings settings;
  private final Duration idle;
  private final Report report;
  private final Clock clock = Clock.systemUTC();

  /**
   * {@code settings}: workers = machines + the simulated ones, the machines among them; {@code
   * idle}: how long the machines' idle CPU is measured.
   */
  public MachineBenchmark(SimSettings settings, Duration idle, PrintWriter out) {
    this.settings = settings;
    this.idle = idle;
    this.report = new Report(out, 38);
  }

  public boolean run() throws IOException, SimException {
    Path dir = Files.createTempDirectory("ocelot-bench-machines-");
    try {
      return runIn(dir);
    } finally {
      Trees.deleteMachines(dir);
    }
  }

  private boolean runIn(Path dir) throws IOException, SimException {
    Instant t0 = clock.instant();
    try (SimCluster sim =
        SimCluster.start(
            settings.inFreshDir(dir.resolve("state")),
            line -> {
              if (line.startsWith("machine")) {
                report.say(line);
              }
            })) {
      List<MachineNode> machines =
          sim.nodes().stream()
              .filter(MachineNode.class::isInstance)
              .map(MachineNode.class::cast)
              .toList();
      report.figure(
          "cluster up",
          RolloutBenchmark.seconds(Duration.between(t0, clock.instant()))
              + " ("
              + machines.size()
              + " machines, "
              + (sim.nodes().size() - machines.size())
              + " simulated)");
      report.figure(
          "machines boot from",
          settings.machines().ostree()
              ? "ostree deployments (--no-ostree: an overlay of the base)"
              : "an overlay of the base (--no-ostree)");
      report.figure(
          "machine boot (to systemd running)",
          joined(machines.stream().map(m -> m.machine().lastBoot()).toList()));
      List<Duration> startUps = new ArrayList<>();
      for (MachineNode m : machines) {
        startUps.add(awaitStartUp(m));
      }
      report.figure(
          "daemon start-up on a machine",
          joined(startUps) + " (unit started to its first sync done, the machine's journal)");
      for (MachineNode m : machines) {
        report.figure("memory of " + m.name() + " (PSS)", memory(m.machine()));
      }
      Waits.pause(SETTLE);
      report.figure("idle CPU of the machines", idleCpu(machines));
      return update(sim, machines);
    }
  }

  /** A layered image rolled out to every worker at once: each node's time from targeted to done. */
  private boolean update(SimCluster sim, List<MachineNode> machines) throws SimException {
    sim.client()
        .resources(MachineConfigPool.class)
        .withName("worker")
        .patch(
            PatchContext.of(PatchType.JSON_MERGE),
            "{\"spec\":{\"maxUnavailable\":" + sim.nodes().size() + "}}");
    RolloutBenchmark.createMachineOSConfig(sim);
    String image = RolloutBenchmark.awaitBuild(sim, clock);
    RolloutRecorder recorder = new RolloutRecorder(image, clock);
    int workers = settings.workers();
    Instant deadline = clock.instant().plus(Duration.ofMinutes(5));
    try (Watch w = sim.client().nodes().watch(recorder)) {
      while (recorder.done() < workers && clock.instant().isBefore(deadline)) {
        Waits.pause(Duration.ofMillis(200));
      }
    }
    Map<String, Instant> targeted = recorder.targetedAt();
    Map<String, Instant> done = recorder.doneAt();
    for (SimNode n : sim.nodes()) {
      Optional<Duration> t1 =
          Optional.ofNullable(done.get(n.name()))
              .flatMap(
                  d ->
                      Optional.ofNullable(targeted.get(n.name())).map(t -> Duration.between(t, d)));
      report.figure(
          "t1 of " + n.name() + (n instanceof MachineNode ? " (machine)" : " (simulated)"),
          t1.map(RolloutBenchmark::seconds).orElse("not done")
              + (n instanceof MachineNode m
                  ? "; its reboot took " + RolloutBenchmark.seconds(m.machine().lastBoot())
                  : "; its reboot takes " + RolloutBenchmark.seconds(settings.rebootTime())));
    }
    return recorder.done() == workers;
  }

  /** The machine's processes' proportional set size, and its daemon's share of it. */
  static String memory(Machine machine) {
    long all = 0;
    long daemon = 0;
    for (ProcessHandle p : machine.processes()) {
      try {
        long pss = Procfs.status(Path.of("/proc", Long.toString(p.pid()), "smaps_rollup"), "Pss:");
        all += pss;
        if (p.info()
            .arguments()
            .map(a -> List.of(a).contains("io.ocelot.daemon.DaemonMain"))
            .orElse(false)) {
          daemon += pss;
        }
      } catch (IOException e) {
        // The process ended meanwhile.
      }
    }
    return String.format("%.1f MiB, the daemon's JVM %.1f MiB", all / 1024.0, daemon / 1024.0);
  }

  /** The machines' CPU over the idle time, per machine. */
  private String idleCpu(List<MachineNode> machines) {
    long before = ticks(machines);
    Waits.pause(idle);
    long used = ticks(machines) - before;
    return String.format(
        "%.1f ms/s per machine (over %d s, %d s after the daemons' first sync)",
        Procfs.cpuMsPerSecond(used, idle) / Math.max(1, machines.size()),
        idle.toSeconds(),
        SETTLE.toSeconds());
  }

  private static long ticks(List<MachineNode> machines) {
    long sum = 0;
    for (MachineNode m : machines) {
      for (ProcessHandle p : m.machine().processes()) {
        try {
          sum += Procfs.cpuTicks(p.pid());
        } catch (IOException e) {
          // Ended meanwhile.
        }
      }
    }
    return sum;
  }

  /** {@link #daemonStartUp} once the daemon's first sync is done (a minute at most). */
  private Duration awaitStartUp(MachineNode node) {
    Instant deadline = clock.instant().plusSeconds(60);
    Duration d = daemonStartUp(node);
    while (d.isZero() && clock.instant().isBefore(deadline)) {
      Waits.pause(Duration.ofMillis(250));
      d = daemonStartUp(node);
    }
    return d;
  }

  /**
   * From systemd starting the daemon's unit to the daemon's first sync done (its drift monitor's
   * start), in the machine's journal of this boot.
   */
  static Duration daemonStartUp(MachineNode node) {
    List<Double> at = new ArrayList<>();
    node.machine()
        .exec(
            Duration.ofSeconds(30),
            "journalctl",
            "--unit=ocelot-daemon.service",
            "--boot=0",
            "--output=short-unix",
            "--no-pager",
            "--quiet")
        .ifPresent(
            r ->
                r.stdout()
                    .lines()
                    .filter(
                        l ->
                            l.contains("Started ocelot-daemon.service")
                                || l.contains("config drift monitor started"))
                    .forEach(l -> at.add(Double.parseDouble(l.split(" ", 2)[0]))));
    return at.size() < 2
        ? Duration.ZERO
        : Duration.ofMillis(Math.round((at.get(1) - at.get(0)) * 1000));
  }

  private static String joined(List<Duration> ds) {
    return String.join(" / ", ds.stream().map(RolloutBenchmark::seconds).toList());
  }
}

package io.ocelot.bench;

import io.fabric8.kubernetes.api.model.IntOrString;
import io.fabric8.kubernetes.client.Watch;
import io.fabric8.kubernetes.client.dsl.base.PatchContext;
import io.fabric8.kubernetes.client.dsl.base.PatchType;
import io.fabric8.kubernetes.client.utils.Serialization;
import io.ocelot.api.model.MachineConfigPool;
import io.ocelot.api.model.MachineOSBuild;
import io.ocelot.api.model.MachineOSConfig;
import io.ocelot.api.policy.RolloutPolicy;
import io.ocelot.api.policy.StageAhead;
import io.ocelot.apiserver.RequestCounts;
import io.ocelot.controller.imagebuild.BuildConditions;
import io.ocelot.controller.rollout.MaxUnavailable;
import io.ocelot.sim.SimCluster;
import io.ocelot.sim.SimException;
import io.ocelot.sim.SimSettings;
import io.ocelot.sim.Trees;
import io.ocelot.sim.demo.Admin;
import io.ocelot.sim.demo.RolloutRecorder;
import io.prometheus.metrics.model.snapshots.CounterSnapshot;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * {@code ocelot bench rollout}: a simulated cluster of N workers rolls a layered image out with a
 * given maxUnavailable. Prints figures and ratios; asserts nothing (a benchmark, not a test).
 */
public final class RolloutBenchmark {
  private final SimSettings settings;
  private final String maxUnavailable;
  private final Duration timeout;
  private final Report report;
  private final Optional<String> stageAhead;
  private final Clock clock = Clock.systemUTC();

  public RolloutBenchmark(
      SimSettings settings, String maxUnavailable, Duration timeout, PrintWriter out) {
    this(settings, maxUnavailable, timeout, Optional.empty(), out);
  }

  /**
   * {@code stageAhead}: the limit of concurrent pulls (count or percent); present, the rollout runs
   * twice, without and with stage ahead, and the two are compared side by side.
   */
  public RolloutBenchmark(
      SimSettings settings,
      String maxUnavailable,
      Duration timeout,
      Optional<String> stageAhead,
      PrintWriter out) {
    this.settings = settings;
    this.maxUnavailable = maxUnavailable;
    this.timeout = timeout;
    this.stageAhead = stageAhead;
    this.report = new Report(out, 30);
  }

  /**
   * One rollout's outcome: whether every worker got there, what the watch saw, and when the image
   * was built (from then on nodes may pull it: the makespan stage ahead is compared by).
   */
  record Run(
      boolean finished,
      Optional<Duration> lastUpdate,
      RolloutRecorder recorder,
      Instant imageReady) {
    /** From the image's build to the last node done. */
    Duration fromImage() {
      return recorder.doneAt().values().stream()
          .max(Instant::compareTo)
          .map(last -> Duration.between(imageReady, last))
          .orElse(Duration.ZERO);
    }
  }

  /**
   * First a 1-worker rollout with the same settings, whose per-node time {@code t1} makes the
   * physical ideal {@code ceil(N / maxUnavailable) × t1}; then the N-worker one, reported. True
   * when every worker reached the image within the timeout.
   */
  public boolean run() throws IOException, SimException {
    Path dir = Files.createTempDirectory("ocelot-bench-");
    double speedBefore = MachineSpeed.sha256Millis();
    try {
      report.say("measuring t1: a 1-worker rollout with the same settings ...");
      Optional<Duration> t1 =
          rollout(dir.resolve("t1"), settings.withWorkers(1), "1", null, Optional.empty())
              .lastUpdate();
      report.say(
          "t1 = "
              + t1.map(RolloutBenchmark::seconds).orElse("unknown (the rollout did not finish)"));
      Duration t = t1.orElse(Duration.ZERO);
      if (stageAhead.isEmpty()) {
        return rollout(dir.resolve("n"), settings, maxUnavailable, t, Optional.empty()).finished();
      }
      report.say("");
      report.say("== without stage ahead (image pulls: " + settings.pulls().describe() + ")");
      Run without = rollout(dir.resolve("without"), settings, maxUnavailable, t, Optional.empty());
      report.say("");
      report.say("== with stage ahead (maxConcurrentPulls " + stageAhead.get() + ")");
      Run with = rollout(dir.resolve("with"), settings, maxUnavailable, t, stageAhead);
      StageAheadReport.print(report, without, with);
      return without.finished() && with.finished();
    } finally {
      Trees.delete(dir);
      report.figure(
          "machine speed",
          "SHA-256 of 64 MiB on one thread, best of 8: "
              + MachineSpeed.describe(speedBefore)
              + " before, "
              + MachineSpeed.describe(MachineSpeed.sha256Millis())
              + " after (lower is faster)");
    }
  }

  /**
   * One rollout on a fresh sim; its per-node update time when every worker finished. {@code t1}
   * null: quiet (the baseline), else the full report against it.
   */
  private Run rollout(
      Path dir, SimSettings base, String max, Duration t1, Optional<String> concurrentPulls)
      throws SimException {
    SimSettings s = base.onFreePorts().inFreshDir(dir.resolve("state"));
    int workers = base.workers();
    boolean quiet = t1 == null;
    Instant t0 = clock.instant();
    try (SimCluster sim =
        SimCluster.start(
            s,
            line -> {
              if (!quiet) {
                report.say("  " + line);
              }
            })) {
      Duration startup = Duration.between(t0, clock.instant());
      if (!quiet) {
        report.say("start-up: " + seconds(startup) + " for " + sim.nodes().size() + " nodes");
      }
      // A merge patch: no conflict with the controller's status writes (an edit could 409).
      sim.client()
          .resources(MachineConfigPool.class)
          .withName("worker")
          .patch(
              PatchContext.of(PatchType.JSON_MERGE),
              "{\"spec\":{\"maxUnavailable\":" + Serialization.asJson(intOrString(max)) + "}}");
      RequestCounts requests0 = sim.api().requests();
      Map<String, RequestCounts> ocelot0 = sim.ocelotRequests();
      int events0 = events(sim);
      CpuSplit cpu0 = CpuSplit.now(sim.api().processId());
      double passes0 = poolPasses(sim);
      ThreadCpu threads0 = ThreadCpu.now();
      ThreadSampler sampler = ThreadSampler.start(threads0);
      concurrentPulls.ifPresent(p -> stageAhead(sim, p));
      Instant optedIn = clock.instant();
      createMachineOSConfig(sim);
      String image = awaitBuild(sim, clock);
      Instant imageReady = clock.instant();
      if (!quiet) {
        report.say(
            "image built: "
                + image
                + " ("
                + seconds(Duration.between(optedIn, clock.instant()))
                + ")");
      }
      RolloutRecorder recorder = new RolloutRecorder(image, clock);
      boolean finished;
      try (Watch w = sim.client().nodes().watch(recorder)) {
        finished = awaitRollout(recorder, workers, quiet);
      }
      Duration wall = Duration.between(optedIn, clock.instant());
      CpuSplit cpu = CpuSplit.now(sim.api().processId()).since(cpu0);
      ThreadCpu threads = sampler.stop();
      if (!quiet) {
        report(sim, recorder, startup, wall, requests0, events0, t1);
        report.figure("CPU (from the opt-in on)", cpu.perUpdate(recorder.done()));
        double passes = poolPasses(sim) - passes0;
        report.figure(
            "pool passes of the controller",
            String.format(
                "%.0f (%.1f/s)", passes, passes / Math.max(0.001, wall.toMillis() / 1000.0)));
        report.say("this JVM's CPU per node update, by thread (names as /proc shows them):");
        threads.since(threads0, recorder.done(), 12).forEach(report::say);
        ocelotReport(OcelotRequests.between(ocelot0, sim.ocelotRequests()), recorder.done());
        writeSvg(sim, recorder, workers, concurrentPulls.isPresent() ? "-stage-ahead" : "");
      }
      List<Duration> times = recorder.updateTimes();
      return new Run(
          finished,
          finished && !times.isEmpty()
              ? Optional.of(times.get(times.size() - 1))
              : Optional.empty(),
          recorder,
          imageReady);
    }
  }

  /** A RolloutPolicy for the worker pool that stages ahead with {@code concurrentPulls}. */
  private static void stageAhead(SimCluster sim, String concurrentPulls) {
    RolloutPolicy p = new RolloutPolicy();
    p.getMetadata().setName("bench-stage-ahead");
    p.getSpec().getPools().setNames(List.of("worker"));
    StageAhead s = new StageAhead();
    s.setMaxConcurrentPulls(intOrString(concurrentPulls));
    p.getSpec().setStageAhead(s);
    sim.client().resources(RolloutPolicy.class).resource(p).create();
  }

  private void writeSvg(SimCluster sim, RolloutRecorder r, int workers, String suffix) {
    Path svg =
        Path.of("rollout-" + sim.api().kind() + "-" + workers + suffix + ".svg").toAbsolutePath();
    String title =
        "ocelot bench rollout: "
            + workers
            + " workers, maxUnavailable "
            + maxUnavailable
            + ", "
            + sim.api().kind()
            + " control plane";
    try {
      Files.writeString(
          svg, RolloutSvg.render(title, workers, limit(workers), r.targetedAt(), r.doneAt()));
      report.say("picture:                      " + svg);
    } catch (IOException e) {
      report.say("picture:                      not written (" + e.getMessage() + ")");
    }
  }

  static void createMachineOSConfig(SimCluster sim) {
    sim.client().resources(MachineOSConfig.class).resource(Admin.layering("worker")).create();
  }

  /** The worker pool's built image, once its build succeeded (five minutes at most). */
  static String awaitBuild(SimCluster sim, Clock clock) throws SimException {
    Instant deadline = clock.instant().plus(Duration.ofMinutes(5));
    while (clock.instant().isBefore(deadline)) {
      Optional<String> image =
          sim.client().resources(MachineOSBuild.class).list().getItems().stream()
              .filter(b -> BuildConditions.is(b.getStatus(), BuildConditions.SUCCEEDED))
              .map(b -> b.getStatus().getDigestedImagePushSpec())
              .findFirst();
      if (image.isPresent()) {
        return image.get();
      }
      Waits.pause(Duration.ofMillis(200));
    }
    throw new SimException("the worker pool's image did not build within 5 minutes");
  }

  private boolean awaitRollout(RolloutRecorder r, int workers, boolean quiet) {
    Instant start = clock.instant();
    Instant deadline = start.plus(timeout);
    Instant nextReport = start;
    while (r.done() < workers && clock.instant().isBefore(deadline)) {
      if (!quiet && !clock.instant().isBefore(nextReport)) {
        report.say(
            String.format(
                "  t=%5.0f s: %d/%d workers on the image, %d targeted, at most %d unavailable",
                Duration.between(start, clock.instant()).toMillis() / 1000.0,
                r.done(),
                workers,
                r.targeted(),
                r.mostUnavailable()));
        nextReport = nextReport.plusSeconds(10);
      }
      Waits.pause(Duration.ofMillis(250));
    }
    return r.done() >= workers;
  }

  private void report(
      SimCluster sim,
      RolloutRecorder r,
      Duration startup,
      Duration wall,
      RequestCounts requests0,
      int events0,
      Duration t1) {
    int n = settings.workers();
    int limit = limit(n);
    List<Duration> times = r.updateTimes();
    Duration median = times.isEmpty() ? Duration.ZERO : times.get(times.size() / 2);
    Duration ideal = median.multipliedBy((n + limit - 1) / limit);
    Duration makespan = r.makespan();
    RequestCounts served = sim.api().requests().since(requests0);
    long requests = served.total();
    long writes = served.writes();
    int events = events(sim) - events0;
    report.say("");
    report.figure("workers", n + " (maxUnavailable " + maxUnavailable + " = " + limit + ")");
    report.figure("workers on the image", r.done() + "/" + n);
    report.figure("start-up time", seconds(startup));
    report.figure("control plane", sim.api().kind() + " " + sim.api().url());
    report.figure("peak RSS of this JVM", peakRss(Path.of("/proc/self/status")));
    report.figure(
        "peak RSS of the control plane",
        sim.api().processId().stream()
            .mapToObj(pid -> peakRss(Path.of("/proc", Long.toString(pid), "status")))
            .findFirst()
            .orElse("(in this JVM)"));
    report.figure(
        "per-node update time",
        "median "
            + seconds(median)
            + ", p90 "
            + seconds(pct(times, 90))
            + ", max "
            + seconds(pct(times, 100)));
    report.figure(
        "rollout makespan",
        seconds(makespan)
            + " (first targeted to last done; with the build: "
            + seconds(wall)
            + ")");
    Duration physical = t1.multipliedBy((n + limit - 1) / limit);
    report.figure("physical ideal ceil(N/max)*t1", seconds(physical) + " (t1 " + seconds(t1) + ")");
    report.figure("makespan / physical ideal", String.format("%.2f", ratio(makespan, physical)));
    report.figure("ceil(N/max) x median", seconds(ideal));
    report.figure("makespan / that", String.format("%.2f", ratio(makespan, ideal)));
    report.figure("most unavailable at once", r.mostUnavailable() + " (limit " + limit + ")");
    report.figure(
        "node writes per node update",
        String.format(
            "%.1f (and %.1f status writes by the simulated kubelet)",
            r.writes() / (double) Math.max(1, r.done()),
            r.statusWrites() / (double) Math.max(1, r.done())));
    report.figure(
        "MachineConfigNode status writes per node update",
        String.format(
            "%.1f", served.writesTo("machineconfignodes/status") / (double) Math.max(1, r.done())));
    report.figure(
        "events per node update", String.format("%.1f", events / (double) Math.max(1, r.done())));
    report.figure(
        "API requests",
        String.format(
            "%d (%.0f/s; %d writes, %.0f/s)",
            requests,
            requests / Math.max(0.001, wall.toMillis() / 1000.0),
            writes,
            writes / Math.max(0.001, wall.toMillis() / 1000.0)));
    report.say("requests per node update, by kind (top 12):");
    served.byKind().entrySet().stream()
        .sorted(Map.Entry.<String, Long>comparingByValue().reversed())
        .limit(12)
        .forEach(
            e ->
                report.say(
                    String.format(
                        "  %-32s %6.1f",
                        e.getKey(), e.getValue() / (double) Math.max(1, r.done()))));
  }

  private void ocelotReport(OcelotRequests ocelot, int updates) {
    report.figure("Ocelot's requests per node update", ocelot.perUpdate(updates));
    report.say("Ocelot's requests per node update, by kind:");
    ocelot.table(updates, 20).forEach(report::say);
  }

  private int limit(int n) {
    MaxUnavailable.Result r = MaxUnavailable.of(intOrString(maxUnavailable), n);
    return r instanceof MaxUnavailable.Count c ? c.value() : 1;
  }

  /** {@code 10} → the integer 10, {@code 10%} → the string (as a pool's spec holds them). */
  public static IntOrString intOrString(String value) {
    return value.strip().matches("\\d+")
        ? new IntOrString(Integer.parseInt(value.strip()))
        : new IntOrString(value.strip());
  }

  static Duration pct(List<Duration> sorted, int p) {
    if (sorted.isEmpty()) {
      return Duration.ZERO;
    }
    int i = Math.min(sorted.size() - 1, (int) Math.ceil(p / 100.0 * sorted.size()) - 1);
    return sorted.get(Math.max(0, i));
  }

  static double ratio(Duration a, Duration b) {
    return b.isZero() ? 0 : a.toMillis() / (double) b.toMillis();
  }

  /** The controller's {@code mcc_pool_passes_total} for the worker pool. */
  private static double poolPasses(SimCluster sim) {
    return sim.registry().scrape().stream()
        .filter(m -> m.getMetadata().getName().equals("mcc_pool_passes"))
        .flatMap(m -> m.getDataPoints().stream())
        .filter(d -> "worker".equals(d.getLabels().get("pool")))
        .mapToDouble(d -> ((CounterSnapshot.CounterDataPointSnapshot) d).getValue())
        .sum();
  }

  private static int events(SimCluster sim) {
    return sim.client().v1().events().inAnyNamespace().list().getItems().size();
  }

  static String peakRss(Path status) {
    try {
      return String.format("%.0f MiB (VmHWM)", Procfs.status(status, "VmHWM:") / 1024.0);
    } catch (IOException | NumberFormatException e) {
      return "unknown (" + e.getMessage() + ")";
    }
  }

  static String seconds(Duration d) {
    return String.format("%.1f s", d.toMillis() / 1000.0);
  }

  /** The report's figures, label → value, in the order said (empty until it ran). */
  public Map<String, String> figures() {
    return report.figures();
  }
}

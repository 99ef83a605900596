package io.ocelot.sim.bench;

import io.fabric8.kubernetes.api.model.IntOrString;
import io.fabric8.kubernetes.client.Watch;
import io.ocelot.api.model.MachineConfigPool;
import io.ocelot.api.model.MachineOSBuild;
import io.ocelot.api.model.MachineOSConfig;
import io.ocelot.apiserver.RequestCounts;
import io.ocelot.controller.build.BuildConditions;
import io.ocelot.controller.pool.MaxUnavailable;
import io.ocelot.sim.SimCluster;
import io.ocelot.sim.SimException;
import io.ocelot.sim.SimSettings;
import io.ocelot.sim.Trees;
import io.ocelot.sim.demo.Admin;
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
  private final PrintWriter out;
  private final Clock clock = Clock.systemUTC();

  public RolloutBenchmark(
      SimSettings settings, String maxUnavailable, Duration timeout, PrintWriter out) {
    this.settings = settings;
    this.maxUnavailable = maxUnavailable;
    this.timeout = timeout;
    this.out = out;
  }

  /** True when every worker reached the image within the timeout. */
  public boolean run() throws IOException, SimException {
    Path dir = Files.createTempDirectory("ocelot-bench-");
    try {
      return run(dir);
    } finally {
      Trees.delete(dir);
    }
  }

  private boolean run(Path dir) throws SimException {
    SimSettings s = settings.onFreePorts().inFreshDir(dir.resolve("state"));
    Instant t0 = clock.instant();
    try (SimCluster sim = SimCluster.start(s, line -> say("  " + line))) {
      Duration startup = Duration.between(t0, clock.instant());
      say("start-up: " + seconds(startup) + " for " + sim.nodes().size() + " nodes");
      sim.client()
          .resources(MachineConfigPool.class)
          .withName("worker")
          .edit(
              p -> {
                p.getSpec().setMaxUnavailable(intOrString(maxUnavailable));
                return p;
              });
      RequestCounts requests0 = sim.api().requests();
      int events0 = events(sim);
      Instant optedIn = clock.instant();
      createMachineOSConfig(sim);
      String image = awaitBuild(sim);
      say(
          "image built: "
              + image
              + " ("
              + seconds(Duration.between(optedIn, clock.instant()))
              + ")");
      RolloutRecorder recorder = new RolloutRecorder(image, clock);
      boolean finished;
      try (Watch w = sim.client().nodes().watch(recorder)) {
        finished = awaitRollout(recorder);
      }
      Duration wall = Duration.between(optedIn, clock.instant());
      report(sim, recorder, startup, wall, requests0, events0);
      return finished;
    }
  }

  private void createMachineOSConfig(SimCluster sim) {
    sim.client().resources(MachineOSConfig.class).resource(Admin.layering("worker")).create();
  }

  private String awaitBuild(SimCluster sim) throws SimException {
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
      pause(Duration.ofMillis(200));
    }
    throw new SimException("the worker pool's image did not build within 5 minutes");
  }

  private boolean awaitRollout(RolloutRecorder r) {
    Instant start = clock.instant();
    Instant deadline = start.plus(timeout);
    Instant nextReport = start;
    while (r.done() < settings.workers() && clock.instant().isBefore(deadline)) {
      if (!clock.instant().isBefore(nextReport)) {
        say(
            String.format(
                "  t=%5.0f s: %d/%d workers on the image, %d targeted, at most %d unavailable",
                Duration.between(start, clock.instant()).toMillis() / 1000.0,
                r.done(),
                settings.workers(),
                r.targeted(),
                r.mostUnavailable()));
        nextReport = nextReport.plusSeconds(10);
      }
      pause(Duration.ofMillis(250));
    }
    return r.done() >= settings.workers();
  }

  private void report(
      SimCluster sim,
      RolloutRecorder r,
      Duration startup,
      Duration wall,
      RequestCounts requests0,
      int events0) {
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
    say("");
    say(
        "workers:                      "
            + n
            + " (maxUnavailable "
            + maxUnavailable
            + " = "
            + limit
            + ")");
    say("workers on the image:         " + r.done() + "/" + n);
    say("start-up time:                " + seconds(startup));
    say("peak RSS:                     " + peakRss());
    say(
        "per-node update time:         median "
            + seconds(median)
            + ", p90 "
            + seconds(pct(times, 90))
            + ", max "
            + seconds(pct(times, 100)));
    say(
        "rollout makespan:             "
            + seconds(makespan)
            + " (first targeted to last done; with the build: "
            + seconds(wall)
            + ")");
    say("ideal ceil(N/max) x median:   " + seconds(ideal));
    say(String.format("makespan / ideal:             %.2f", ratio(makespan, ideal)));
    say("most unavailable at once:     " + r.mostUnavailable() + " (limit " + limit + ")");
    say(
        String.format(
            "node writes per node update: %.1f", r.writes() / (double) Math.max(1, r.done())));
    say(
        String.format(
            "events per node update:       %.1f", events / (double) Math.max(1, r.done())));
    say(
        String.format(
            "API requests:                 %d (%.0f/s; %d writes, %.0f/s)",
            requests,
            requests / Math.max(0.001, wall.toMillis() / 1000.0),
            writes,
            writes / Math.max(0.001, wall.toMillis() / 1000.0)));
    say("requests per node update, by kind (top 12):");
    served.byKind().entrySet().stream()
        .sorted(Map.Entry.<String, Long>comparingByValue().reversed())
        .limit(12)
        .forEach(
            e ->
                say(
                    String.format(
                        "  %-32s %6.1f",
                        e.getKey(), e.getValue() / (double) Math.max(1, r.done()))));
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

  private static Duration pct(List<Duration> sorted, int p) {
    if (sorted.isEmpty()) {
      return Duration.ZERO;
    }
    int i = Math.min(sorted.size() - 1, (int) Math.ceil(p / 100.0 * sorted.size()) - 1);
    return sorted.get(Math.max(0, i));
  }

  private static double ratio(Duration a, Duration b) {
    return b.isZero() ? 0 : a.toMillis() / (double) b.toMillis();
  }

  private static int events(SimCluster sim) {
    return sim.client().v1().events().inAnyNamespace().list().getItems().size();
  }

  static String peakRss() {
    try {
      for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
        if (line.startsWith("VmHWM:")) {
          long kb = Long.parseLong(line.replaceAll("[^0-9]", ""));
          return String.format("%.0f MiB (VmHWM)", kb / 1024.0);
        }
      }
    } catch (IOException | NumberFormatException e) {
      return "unknown (" + e.getMessage() + ")";
    }
    return "unknown";
  }

  private static String seconds(Duration d) {
    return String.format("%.1f s", d.toMillis() / 1000.0);
  }

  private void say(String line) {
    out.println(line);
    out.flush();
  }

  private static void pause(Duration d) {
    try {
      Thread.sleep(d.toMillis());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }
}

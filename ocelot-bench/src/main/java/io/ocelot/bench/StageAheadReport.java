package io.ocelot.bench;

import io.ocelot.sim.demo.RolloutRecorder;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * The same rollout without and with stage ahead, side by side: the makespan, the nodes' unavailable
 * time (cordoned to back) and update time, and each node's unavailable time.
 */
final class StageAheadReport {
  private StageAheadReport() {}

  static void print(Report report, RolloutBenchmark.Run withoutRun, RolloutBenchmark.Run withRun) {
    RolloutRecorder without = withoutRun.recorder();
    RolloutRecorder with = withRun.recorder();
    Map<String, Duration> offWithout = without.unavailableTimes();
    Map<String, Duration> offWith = with.unavailableTimes();
    List<Duration> a = sorted(offWithout);
    List<Duration> b = sorted(offWith);
    report.say("");
    report.say("== stage ahead, side by side");
    report.say(String.format("%-44s %10s %10s %8s", "", "without", "with", "ratio"));
    // From the image's build: with stage ahead the first node starts only after its pull.
    row(
        report,
        "rollout makespan (image built to last done)",
        withoutRun.fromImage(),
        withRun.fromImage());
    row(report, "unavailable per node: median", pct(a, 50), pct(b, 50));
    row(report, "unavailable per node: p90", pct(a, 90), pct(b, 90));
    row(report, "unavailable per node: max", pct(a, 100), pct(b, 100));
    row(
        report,
        "update per node (targeted to done): median",
        pct(without.updateTimes(), 50),
        pct(with.updateTimes(), 50));
    report.figure(
        "makespan with / without stage ahead",
        String.format("%.2f", RolloutBenchmark.ratio(withRun.fromImage(), withoutRun.fromImage())));
    report.figure(
        "median unavailable with / without",
        String.format("%.2f", RolloutBenchmark.ratio(pct(b, 50), pct(a, 50))));
    report.say("each node's unavailable time (cordoned to done and uncordoned), seconds:");
    report.say(String.format("  %-24s %10s %10s", "node", "without", "with"));
    TreeSet<String> nodes = new TreeSet<>(offWithout.keySet());
    nodes.addAll(offWith.keySet());
    for (String n : nodes) {
      report.say(
          String.format("  %-24s %10s %10s", n, secs(offWithout.get(n)), secs(offWith.get(n))));
    }
  }

  private static void row(Report report, String label, Duration without, Duration with) {
    report.say(
        String.format(
            "%-44s %10s %10s %8.2f",
            label, secs(without), secs(with), RolloutBenchmark.ratio(with, without)));
  }

  private static List<Duration> sorted(Map<String, Duration> times) {
    return times.values().stream().sorted().toList();
  }

  private static Duration pct(List<Duration> sorted, int p) {
    return RolloutBenchmark.pct(sorted, p);
  }

  private static String secs(Duration d) {
    return d == null ? "-" : String.format("%.1f", d.toMillis() / 1000.0);
  }
}

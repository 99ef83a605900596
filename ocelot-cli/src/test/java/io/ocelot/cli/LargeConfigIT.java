package io.ocelot.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The largest config a node applies — 10,000 entries, the validator's limit — goes through {@code
 * host apply} in a JVM with the DaemonSet's heap ({@code -Xmx48m}). Before the journal became a log
 * it was rewritten whole per step: 10,000 files took minutes and ran out of heap. The time and peak
 * RSS are printed as figures (docs/performance.md), never asserted.
 */
class LargeConfigIT {
  /** 00-worker's file and unit plus these: 10,000 entries. */
  static final int FILES = 9_998;

  @TempDir Path dir;

  @Test
  void tenThousandEntriesApplyUnderTheDaemonsHeapWithALinearJournal() throws Exception {
    Path base = Path.of(CliTest.ex("00-worker.yaml"));
    String image =
        Files.readAllLines(base).stream()
            .filter(l -> l.strip().startsWith("osImageURL:"))
            .map(l -> l.substring(l.indexOf(':') + 1).strip())
            .findFirst()
            .orElseThrow();
    Path root = dir.resolve("root");
    assertThat(
            CliTest.run(
                    "host",
                    "init",
                    "--root",
                    root.toString(),
                    "--image",
                    image,
                    "--config",
                    base.toString())
                .code())
        .isZero();
    Path many = dir.resolve("60-many.json");
    Files.writeString(many, manyFiles(FILES));

    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.addAll(List.of("-Xmx48m", "-XX:+UseSerialGC", "-cp"));
    command.add(System.getProperty("java.class.path"));
    command.add(Main.class.getName());
    command.addAll(List.of("host", "apply", "--pool", "worker", "--root", root.toString()));
    command.addAll(List.of("--current", base.toString()));
    command.addAll(List.of("--desired", base.toString(), "--desired", many.toString()));
    Path out = dir.resolve("apply.out");
    long start = System.nanoTime();
    Process p =
        new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(out.toFile()).start();
    long peakKiB = 0;
    while (!p.waitFor(50, TimeUnit.MILLISECONDS)) {
      peakKiB = Math.max(peakKiB, peakRssKiB(p.pid()));
    }
    double seconds = (System.nanoTime() - start) / 1e9;
    String output = Files.readString(out);

    assertThat(p.exitValue()).as(tail(output)).isZero();
    assertThat(output).contains("reboot requested: Node will reboot into config rendered-worker-");
    List<String> journal =
        Files.readAllLines(root.resolve("var/lib/ocelot/journal.jsonl"), StandardCharsets.UTF_8);
    // The attempt, each step observed and applied (the drain and every file), the commit.
    assertThat(journal).hasSize(1 + 2 * (1 + FILES) + 1);
    assertThat(journal.get(journal.size() - 1)).isEqualTo("{\"phase\":\"COMMITTED\"}");
    assertThat(Files.readString(root.resolve("etc/many/d99/f9997.conf"))).isEqualTo("value 9997\n");
    System.out.printf(
        "figure: host apply of %d entries under -Xmx48m: %.1f s, peak RSS %d MiB%n",
        FILES + 2, seconds, peakKiB / 1024);
  }

  static String manyFiles(int n) {
    StringBuilder files = new StringBuilder();
    for (int i = 0; i < n; i++) {
      files
          .append(i == 0 ? "" : ",")
          .append("{\"path\":\"/etc/many/d")
          .append(i / 100)
          .append("/f")
          .append(i)
          .append(".conf\",\"mode\":420,\"contents\":{\"source\":\"data:,value%20")
          .append(i)
          .append("%0A\"}}");
    }
    return "{\"apiVersion\":\"machineconfiguration.openshift.io/v1\",\"kind\":\"MachineConfig\","
        + "\"metadata\":{\"name\":\"60-many\",\"labels\":"
        + "{\"machineconfiguration.openshift.io/role\":\"worker\"}},"
        + "\"spec\":{\"config\":{\"ignition\":{\"version\":\"3.4.0\"},\"storage\":{\"files\":["
        + files
        + "]}}}}";
  }

  /** The process's peak resident set so far (VmHWM), 0 once it is gone. */
  static long peakRssKiB(long pid) {
    try {
      for (String line : Files.readAllLines(Path.of("/proc/" + pid + "/status"))) {
        if (line.startsWith("VmHWM:")) {
          return Long.parseLong(line.replaceAll("[^0-9]", ""));
        }
      }
    } catch (java.io.IOException | RuntimeException e) {
      // The process ended between two reads: keep the last figure.
    }
    return 0;
  }

  private static String tail(String s) {
    return s.length() <= 4000 ? s : s.substring(s.length() - 4000);
  }
}

package io.ocelot.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * {@code ocelot bench rollout} runs end to end on a few workers of the real control plane: t1, the
 * layered rollout within maxUnavailable, the figures and where the CPU went, and the machine's
 * speed before and after. Figures printed, not judged.
 */
class BenchRolloutIT {
  @Test
  void rollsALayeredImageOutAndSaysHowFastTheMachineWas() throws Exception {
    CliTest.Run r =
        CliTest.run(
            "bench",
            "rollout",
            "--workers",
            "3",
            "--max-unavailable",
            "1",
            "--control-plane",
            "kube",
            "--reboot-seconds",
            "1",
            "--timeout-minutes",
            "3",
            "--pull-seconds",
            "2");
    assertThat(r.code()).as(r.out() + r.err()).isZero();
    assertThat(r.out())
        .containsPattern("workers on the image: +3/3")
        .containsPattern("rollout makespan: +\\d+\\.\\d s")
        .containsPattern("most unavailable at once: +1 \\(limit 1\\)")
        .containsPattern("CPU \\(from the opt-in on\\): +this JVM \\d+\\.\\d\\d s")
        .containsPattern("Ocelot's requests per node update: *\\d+\\.\\d")
        .containsPattern(
            "machine speed: +SHA-256 of 64 MiB on one thread, best of 8: \\d+ ms before, \\d+ ms"
                + " after");
    // With a pull cost the rollout runs without and with stage ahead, side by side.
    assertThat(r.out())
        .contains("== without stage ahead (image pulls: 100 MiB at 50 MiB/s (2.0 s))")
        .contains("== with stage ahead (maxConcurrentPulls 100%)")
        .containsPattern(
            "rollout makespan \\(image built to last done\\) +\\d+\\.\\d +\\d+\\.\\d +\\d\\.\\d\\d")
        .containsPattern("unavailable per node: median +\\d+\\.\\d +\\d+\\.\\d")
        .containsPattern("  worker-2 +\\d+\\.\\d +\\d+\\.\\d");
    // The picture goes to the working directory, as a user running it wants it; not a test's.
    Matcher picture = Pattern.compile("picture: +(\\S+\\.svg)").matcher(r.out());
    assertThat(picture.find()).as(r.out()).isTrue();
    Path svg = Path.of(picture.group(1));
    assertThat(Files.readString(svg)).startsWith("<svg");
    Files.delete(svg);
    while (picture.find()) {
      Files.deleteIfExists(Path.of(picture.group(1)));
    }
  }
}

package io.ocelot.sim.machine;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.function.Consumer;

/**
 * debootstrap's output as progress a person can follow: the first line of each stage (retrieving,
 * validating, extracting, installing, unpacking, configuring), and the latest line when a stage
 * goes on for long, each with the seconds since the build began.
 */
final class DebootstrapProgress implements Consumer<String> {
  private final Consumer<String> progress;
  private final Clock clock;
  private final Instant start;
  private final Duration every;
  private String stage = "";
  private String last = "";
  private Instant lastSaid;

  DebootstrapProgress(Consumer<String> progress, Clock clock, Instant start, Duration every) {
    this.progress = progress;
    this.clock = clock;
    this.start = start;
    this.every = every;
    this.lastSaid = start;
  }

  @Override
  public synchronized void accept(String line) {
    String l = line.strip();
    if (l.isEmpty()) {
      return;
    }
    last = l;
    String now = stageOf(l);
    Instant at = clock.instant();
    if (!now.equals(stage) || !at.isBefore(lastSaid.plus(every))) {
      stage = now;
      lastSaid = at;
      progress.accept(
          "machine base: " + l + " (" + Duration.between(start, at).toSeconds() + " s)");
    }
  }

  /** The last line debootstrap printed: on a failure, usually why. */
  synchronized String last() {
    return last;
  }

  /**
   * {@code I: Extracting libc6...} → {@code I: Extracting}; retrieving and validating a package are
   * one stage (debootstrap alternates them); other lines are their own stage.
   */
  static String stageOf(String line) {
    String[] words = line.split(" ", 3);
    if (words.length < 2 || !words[0].endsWith(":")) {
      return line;
    }
    return words[0] + " " + (words[1].equals("Validating") ? "Retrieving" : words[1]);
  }
}

package io.ocelot.sim.demo;

import java.io.PrintWriter;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * A demo's printed record: each line stamped with the time since the start, each step ending in a
 * PASS or FAIL line that says what was seen. A step that fails ends the demo: later steps would
 * only report the same cause again.
 */
public final class Timeline {
  /** What a wait saw last: satisfied or not, and a description for the FAIL line. */
  public record Seen(boolean ok, String what) {
    public static Seen of(boolean ok, String what) {
      return new Seen(ok, what);
    }
  }

  private final PrintWriter out;
  private final Clock clock;
  private final Instant start;
  private int step;
  private int failed;

  public Timeline(PrintWriter out, Clock clock) {
    this.out = out;
    this.clock = clock;
    this.start = clock.instant();
  }

  public void info(String text) {
    print("      " + text);
  }

  /** A step that already happened (or a check right now). */
  public boolean check(String title, Supplier<Seen> check) {
    return await(title, Duration.ZERO, check);
  }

  /** Waits up to {@code timeout} for {@code check}; prints PASS or FAIL with what it saw last. */
  public boolean await(String title, Duration timeout, Supplier<Seen> check) {
    step++;
    print("  ..  " + step + ". " + title);
    Instant began = clock.instant();
    Instant deadline = began.plus(timeout);
    Seen last;
    while (true) {
      last = safely(check);
      if (last.ok() || !clock.instant().isBefore(deadline)) {
        break;
      }
      pause();
    }
    String took = seconds(Duration.between(began, clock.instant()));
    if (last.ok()) {
      print("PASS  " + step + ". " + title + " (" + took + ")" + detail(last));
      return true;
    }
    failed++;
    print("FAIL  " + step + ". " + title + " (gave up after " + took + ")" + detail(last));
    return false;
  }

  public boolean passed() {
    return failed == 0 && step > 0;
  }

  public Duration elapsed() {
    return Duration.between(start, clock.instant());
  }

  private static Seen safely(Supplier<Seen> check) {
    try {
      return check.get();
    } catch (RuntimeException e) {
      return Seen.of(false, "error: " + Optional.ofNullable(e.getMessage()).orElse(e.toString()));
    }
  }

  private static String detail(Seen s) {
    return s.what().isEmpty() ? "" : ": " + s.what();
  }

  private void print(String line) {
    Duration d = Duration.between(start, clock.instant());
    out.printf("[%02d:%04.1f] %s%n", d.toMinutes(), (d.toMillis() % 60_000) / 1000.0, line);
    out.flush();
  }

  private static String seconds(Duration d) {
    return String.format("%.1f s", d.toMillis() / 1000.0);
  }

  private static void pause() {
    try {
      Thread.sleep(200);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted", e);
    }
  }
}

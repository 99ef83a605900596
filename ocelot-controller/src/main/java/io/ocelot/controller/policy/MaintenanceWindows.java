package io.ocelot.controller.policy;

import io.ocelot.api.policy.MaintenanceWindow;
import java.time.DayOfWeek;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalTime;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Whether a pool's maintenance windows are open at an instant, and if not, when the next one opens
 * and how to say so: {@code waiting for maintenance window Sat 02:00–06:00 Europe/Berlin, opens in
 * 3h12m}. Local times follow the zone's rules (a window on a DST change day opens at the local time
 * that exists).
 */
public final class MaintenanceWindows {
  private static final Pattern LENGTH = Pattern.compile("^(?:([0-9]+)h)?(?:([0-9]+)m)?$");

  private MaintenanceWindows() {}

  /** Open now, or closed until a window opens. */
  public sealed interface State {}

  /** No windows: updates may start any time. */
  public record Always() implements State {}

  /** A window is open until {@code closes}. */
  public record Open(Instant closes) implements State {}

  /** Closed; {@code window} opens at {@code opens}. */
  public record Closed(Instant opens, String window) implements State {
    /** The pool's Updating message while it waits. */
    public String message(Instant now) {
      return "waiting for maintenance window "
          + window
          + ", opens in "
          + human(Duration.between(now, opens));
    }
  }

  public static State at(List<MaintenanceWindow> windows, Instant now) {
    if (windows.isEmpty()) {
      return new Always();
    }
    Optional<Instant> closes = Optional.empty();
    Instant nextOpen = null;
    String nextWindow = "";
    for (MaintenanceWindow w : windows) {
      ZoneId zone = ZoneId.of(Optional.ofNullable(w.getTimeZone()).orElse("UTC"));
      Duration length = length(w.getLength());
      LocalTime start = LocalTime.parse(w.getStart());
      LocalDate today = now.atZone(zone).toLocalDate();
      // Occurrences from a week back (a long window may still be open) to a week ahead.
      for (int d = -8; d <= 8; d++) {
        LocalDate day = today.plusDays(d);
        if (!opensOn(w, day.getDayOfWeek())) {
          continue;
        }
        Instant opens = ZonedDateTime.of(day, start, zone).toInstant();
        Instant end = opens.plus(length);
        if (!now.isBefore(opens) && now.isBefore(end)) {
          closes = Optional.of(closes.filter(c -> c.isAfter(end)).orElse(end));
        } else if (opens.isAfter(now) && (nextOpen == null || opens.isBefore(nextOpen))) {
          nextOpen = opens;
          nextWindow = describe(w, day.getDayOfWeek(), start, length, zone);
        }
      }
    }
    if (closes.isPresent()) {
      return new Open(closes.get());
    }
    return new Closed(nextOpen, nextWindow);
  }

  private static boolean opensOn(MaintenanceWindow w, DayOfWeek day) {
    return w.getDays().stream().anyMatch(d -> d.name().equalsIgnoreCase(short3(day)));
  }

  /** {@code Sat 02:00–06:00 Europe/Berlin}. */
  static String describe(
      MaintenanceWindow w, DayOfWeek day, LocalTime start, Duration length, ZoneId zone) {
    LocalTime end = start.plus(length);
    long days = (start.toSecondOfDay() + length.toSeconds()) / 86_400;
    return short3(day)
        + " "
        + start
        + "–"
        + end
        + (days > 0 ? " (+" + days + "d)" : "")
        + " "
        + zone.getId();
  }

  private static String short3(DayOfWeek day) {
    String s = day.name().toLowerCase(Locale.ROOT);
    return Character.toUpperCase(s.charAt(0)) + s.substring(1, 3);
  }

  /** {@code 4h}, {@code 90m}, {@code 1h30m} as the schema allows them. */
  public static Duration length(String text) {
    Matcher m = LENGTH.matcher(text == null ? "" : text);
    if (!m.matches() || text.isEmpty()) {
      throw new IllegalArgumentException("not a window length: " + text);
    }
    long h = m.group(1) == null ? 0 : Long.parseLong(m.group(1));
    long min = m.group(2) == null ? 0 : Long.parseLong(m.group(2));
    return Duration.ofHours(h).plusMinutes(min);
  }

  /** {@code 3h12m}, {@code 45m}, {@code 2d4h}: minutes rounded up, as a person reads a wait. */
  static String human(Duration d) {
    long minutes = (d.toSeconds() + 59) / 60;
    long days = minutes / 1440;
    long hours = (minutes % 1440) / 60;
    long mins = minutes % 60;
    StringBuilder b = new StringBuilder();
    if (days > 0) {
      b.append(days).append('d');
    }
    if (hours > 0) {
      b.append(hours).append('h');
    }
    if (mins > 0 || b.length() == 0) {
      b.append(mins).append('m');
    }
    return b.toString();
  }
}

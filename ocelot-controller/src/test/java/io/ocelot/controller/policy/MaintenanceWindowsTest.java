package io.ocelot.controller.policy;

import static org.assertj.core.api.Assertions.assertThat;

import io.ocelot.api.policy.MaintenanceWindow;
import io.ocelot.api.policy.MaintenanceWindow.Day;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

class MaintenanceWindowsTest {
  static MaintenanceWindow window(List<Day> days, String start, String length, String zone) {
    MaintenanceWindow w = new MaintenanceWindow();
    w.setDays(days);
    w.setStart(start);
    w.setLength(length);
    w.setTimeZone(zone);
    return w;
  }

  static final MaintenanceWindow SATURDAY_NIGHT =
      window(List.of(Day.Sat), "02:00", "4h", "Europe/Berlin");

  @Test
  void noWindowsMeansAnyTime() {
    assertThat(MaintenanceWindows.at(List.of(), Instant.parse("2026-12-05T12:00:00Z")))
        .isEqualTo(new MaintenanceWindows.Always());
  }

  @Test
  void closedUntilTheNextOpeningInTheWindowsZone() {
    // Fri 2026-12-04 21:48 UTC = 22:48 in Berlin (CET, +1); opens Sat 02:00 CET = 01:00 UTC.
    Instant now = Instant.parse("2026-12-04T21:48:00Z");
    MaintenanceWindows.Closed c =
        (MaintenanceWindows.Closed) MaintenanceWindows.at(List.of(SATURDAY_NIGHT), now);
    assertThat(c.opens()).isEqualTo(Instant.parse("2026-12-05T01:00:00Z"));
    assertThat(c.message(now))
        .isEqualTo("waiting for maintenance window Sat 02:00–06:00 Europe/Berlin, opens in 3h12m");
  }

  @Test
  void openFromItsStartUntilItsEnd() {
    assertThat(
            MaintenanceWindows.at(List.of(SATURDAY_NIGHT), Instant.parse("2026-12-05T01:00:00Z")))
        .isEqualTo(new MaintenanceWindows.Open(Instant.parse("2026-12-05T05:00:00Z")));
    assertThat(
            MaintenanceWindows.at(List.of(SATURDAY_NIGHT), Instant.parse("2026-12-05T05:00:00Z")))
        .isInstanceOf(MaintenanceWindows.Closed.class);
  }

  @Test
  void aWindowPastMidnightIsStillOpenTheNextDay() {
    MaintenanceWindow late = window(List.of(Day.Sun), "22:00", "6h", "UTC");
    assertThat(MaintenanceWindows.at(List.of(late), Instant.parse("2026-12-07T03:59:00Z")))
        .isEqualTo(new MaintenanceWindows.Open(Instant.parse("2026-12-07T04:00:00Z")));
    MaintenanceWindows.Closed c =
        (MaintenanceWindows.Closed)
            MaintenanceWindows.at(List.of(late), Instant.parse("2026-12-07T04:00:00Z"));
    assertThat(c.window()).isEqualTo("Sun 22:00–04:00 (+1d) UTC");
    assertThat(c.message(Instant.parse("2026-12-07T04:00:00Z"))).endsWith("opens in 6d18h");
  }

  @Test
  void theEarliestOfSeveralWindowsAndDaysIsNamed() {
    MaintenanceWindow weekdays =
        window(List.of(Day.Mon, Day.Wed), "03:00", "1h30m", "America/New_York");
    Instant now = Instant.parse("2026-12-05T12:00:00Z"); // Saturday
    MaintenanceWindows.Closed c =
        (MaintenanceWindows.Closed) MaintenanceWindows.at(List.of(SATURDAY_NIGHT, weekdays), now);
    // Mon 03:00 in New York (EST, -5) = 08:00 UTC, before next Saturday.
    assertThat(c.opens()).isEqualTo(Instant.parse("2026-12-07T08:00:00Z"));
    assertThat(c.window()).isEqualTo("Mon 03:00–04:30 America/New_York");
  }

  @Test
  void localTimesFollowDaylightSavingTime() {
    // Berlin switches to CEST (+2) on Sun 2027-03-28: Sat 2027-04-03 02:00 local = 00:00 UTC.
    MaintenanceWindows.Closed c =
        (MaintenanceWindows.Closed)
            MaintenanceWindows.at(List.of(SATURDAY_NIGHT), Instant.parse("2027-04-02T12:00:00Z"));
    assertThat(c.opens()).isEqualTo(Instant.parse("2027-04-03T00:00:00Z"));
  }

  @Test
  void lengthsAndWaitsInThePoliciesWords() {
    assertThat(MaintenanceWindows.length("1h30m")).isEqualTo(Duration.ofMinutes(90));
    assertThat(MaintenanceWindows.length("45m")).isEqualTo(Duration.ofMinutes(45));
    assertThat(MaintenanceWindows.human(Duration.ofSeconds(30))).isEqualTo("1m");
    assertThat(MaintenanceWindows.human(Duration.ofHours(26))).isEqualTo("1d2h");
  }
}

package io.ocelot.api.policy;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import io.fabric8.generator.annotation.Default;
import io.fabric8.generator.annotation.Pattern;
import io.fabric8.generator.annotation.Required;
import io.fabric8.generator.annotation.Size;
import io.fabric8.generator.annotation.ValidationRule;
import java.util.ArrayList;
import java.util.List;

/**
 * A weekly window in which disruptive updates may start, in kured's and zincati's words: the days
 * it opens on, the local time it opens, how long it stays open, and the time zone.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@ValidationRule(
    value = "duration(self.length) > duration('0s')",
    message = "length must be more than 0: such a window never opens")
@ValidationRule(
    value = "timestamp('2026-01-01T00:00:00Z').getHours(self.timeZone) >= 0",
    message = "timeZone must be an IANA time zone, e.g. Europe/Berlin or UTC")
public class MaintenanceWindow {
  @JsonPropertyDescription("Days the window opens on: Mon, Tue, Wed, Thu, Fri, Sat, Sun")
  @Required
  @Size(min = 1, max = 7)
  private List<Day> days = new ArrayList<>();

  @JsonPropertyDescription("Local time it opens, HH:MM (24 h)")
  @Required
  @Pattern("^([01][0-9]|2[0-3]):[0-5][0-9]$")
  private String start;

  @JsonPropertyDescription("How long it stays open, e.g. 4h, 90m, 1h30m")
  @Required
  @Size(max = 16)
  @Pattern("^([0-9]+h)?([0-9]+m)?$")
  private String length;

  @JsonPropertyDescription("IANA time zone of start, e.g. Europe/Berlin. Default UTC")
  @Default("UTC")
  @Size(max = 64)
  private String timeZone;

  /** A day of the week, as kured and zincati abbreviate it. */
  public enum Day {
    Mon,
    Tue,
    Wed,
    Thu,
    Fri,
    Sat,
    Sun
  }

  public List<Day> getDays() {
    return days;
  }

  public void setDays(List<Day> days) {
    this.days = days == null ? new ArrayList<>() : days;
  }

  public String getStart() {
    return start;
  }

  public void setStart(String start) {
    this.start = start;
  }

  public String getLength() {
    return length;
  }

  public void setLength(String length) {
    this.length = length;
  }

  public String getTimeZone() {
    return timeZone;
  }

  public void setTimeZone(String timeZone) {
    this.timeZone = timeZone;
  }
}

package io.ocelot.api.ignition;

import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/** An Ignition spec version, e.g. 3.4.0. */
public record SpecVersion(int major, int minor, int patch) implements Comparable<SpecVersion> {
  public static final SpecVersion V2_2 = new SpecVersion(2, 2, 0);
  public static final SpecVersion V3_0 = new SpecVersion(3, 0, 0);
  public static final SpecVersion V3_3 = new SpecVersion(3, 3, 0);
  public static final SpecVersion V3_5 = new SpecVersion(3, 5, 0);

  /**
   * Every version Ocelot parses; rendered configs are written in the newest. 2.0 and 2.1 are read
   * as 2.2, as MCO's Ignition translates them (each 2.x spec adds fields to the one before).
   */
  public static final List<SpecVersion> SUPPORTED =
      List.of(
          new SpecVersion(2, 0, 0),
          new SpecVersion(2, 1, 0),
          V2_2,
          V3_0,
          new SpecVersion(3, 1, 0),
          new SpecVersion(3, 2, 0),
          V3_3,
          new SpecVersion(3, 4, 0),
          V3_5);

  private static final Pattern SEMVER = Pattern.compile("(\\d+)\\.(\\d+)\\.(\\d+)");

  /** Parses {@code x.y.z}; anything else (including pre-release suffixes) is empty. */
  public static Optional<SpecVersion> parse(String text) {
    Matcher m = SEMVER.matcher(text);
    if (!m.matches()) {
      return Optional.empty();
    }
    try {
      return Optional.of(
          new SpecVersion(
              Integer.parseInt(m.group(1)),
              Integer.parseInt(m.group(2)),
              Integer.parseInt(m.group(3))));
    } catch (NumberFormatException e) {
      return Optional.empty();
    }
  }

  public boolean isSupported() {
    return SUPPORTED.contains(this);
  }

  public boolean isV2() {
    return major == 2;
  }

  public boolean atLeast(SpecVersion other) {
    return compareTo(other) >= 0;
  }

  /** The supported versions as a person reads them: {@code 2.2.0, 3.0.0, ...}. */
  public static String supportedList() {
    return SUPPORTED.stream().map(SpecVersion::toString).collect(Collectors.joining(", "));
  }

  @Override
  public int compareTo(SpecVersion o) {
    if (major != o.major) {
      return Integer.compare(major, o.major);
    }
    if (minor != o.minor) {
      return Integer.compare(minor, o.minor);
    }
    return Integer.compare(patch, o.patch);
  }

  @Override
  public String toString() {
    return major + "." + minor + "." + patch;
  }
}

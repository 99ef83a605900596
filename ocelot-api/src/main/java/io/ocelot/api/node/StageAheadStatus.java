package io.ocelot.api.node;

import java.util.Optional;

/**
 * A node's {@link NodeAnnotations#STAGE_AHEAD_STATUS}: where its pull of an image ahead of its turn
 * stands. Written by the daemon, read by the controller (to count the pulls under way) and by
 * whoever shows status.
 */
public record StageAheadStatus(Phase phase, String image, String why) {
  /** Where the pull stands. */
  public enum Phase {
    Pulling,
    Pulled,
    Failed
  }

  /** {@link NodeAnnotations#STAGE_AHEAD_STATUS} never holds more than this many characters. */
  public static final int MAX_LENGTH = 1024;

  public StageAheadStatus {
    why = why == null ? "" : why;
  }

  public static StageAheadStatus pulling(String image) {
    return new StageAheadStatus(Phase.Pulling, image, "");
  }

  public static StageAheadStatus pulled(String image) {
    return new StageAheadStatus(Phase.Pulled, image, "");
  }

  public static StageAheadStatus failed(String image, String why) {
    return new StageAheadStatus(Phase.Failed, image, why);
  }

  /** Whether this status is about {@code image}. */
  public boolean of(String image) {
    return this.image.equals(image);
  }

  /** The annotation's value (a failure's reason cut to fit). */
  public String value() {
    String v = phase + " " + image + (phase == Phase.Failed ? ": " + why : "");
    return v.length() <= MAX_LENGTH ? v : v.substring(0, MAX_LENGTH - 3) + "...";
  }

  /**
   * Reads an annotation's value; empty for one this version cannot read (treated as no status: the
   * daemon writes a fresh one when it acts).
   */
  public static Optional<StageAheadStatus> parse(String value) {
    if (value == null) {
      return Optional.empty();
    }
    int space = value.indexOf(' ');
    if (space <= 0) {
      return Optional.empty();
    }
    Phase phase;
    try {
      phase = Phase.valueOf(value.substring(0, space));
    } catch (IllegalArgumentException e) {
      return Optional.empty();
    }
    String rest = value.substring(space + 1);
    if (phase != Phase.Failed) {
      return rest.isEmpty() ? Optional.empty() : Optional.of(new StageAheadStatus(phase, rest, ""));
    }
    // An image reference has no ": " (a port or a digest is ':' without a space).
    int colon = rest.indexOf(": ");
    return colon <= 0
        ? Optional.empty()
        : Optional.of(failed(rest.substring(0, colon), rest.substring(colon + 2)));
  }
}

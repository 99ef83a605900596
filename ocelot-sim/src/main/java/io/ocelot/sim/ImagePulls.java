package io.ocelot.sim;

import java.time.Duration;

/**
 * What pulling an OS image costs a simulated node: the image's size and the node's pull speed (the
 * host stand-ins sleep {@code sizeMiB / mibPerSecond} seconds per pull; an image pulled once stays
 * in the node's store). Size 0: pulls are instant.
 */
public record ImagePulls(int sizeMiB, int mibPerSecond) {
  public static final int DEFAULT_SPEED = 50;
  public static final ImagePulls INSTANT = new ImagePulls(0, DEFAULT_SPEED);

  public ImagePulls {
    if (sizeMiB < 0) {
      throw new IllegalArgumentException("an image's size cannot be negative, got " + sizeMiB);
    }
    if (mibPerSecond < 1) {
      throw new IllegalArgumentException(
          "a pull's speed must be at least 1 MiB/s, got " + mibPerSecond);
    }
  }

  /** Pulls that take {@code time} at {@code mibPerSecond} (the size follows). */
  public static ImagePulls taking(Duration time, int mibPerSecond) {
    return new ImagePulls((int) Math.round(time.toMillis() / 1000.0 * mibPerSecond), mibPerSecond);
  }

  public boolean instant() {
    return sizeMiB == 0;
  }

  public Duration time() {
    return Duration.ofMillis(sizeMiB * 1000L / mibPerSecond);
  }

  public String describe() {
    return instant()
        ? "instant"
        : sizeMiB + " MiB at " + mibPerSecond + " MiB/s (" + time().toMillis() / 1000.0 + " s)";
  }
}

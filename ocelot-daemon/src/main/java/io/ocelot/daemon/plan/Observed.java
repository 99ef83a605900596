package io.ocelot.daemon.plan;

import java.util.Optional;

/**
 * Facts about the host the planner takes as input (it never reads them itself): the booted image,
 * whether the force file exists, and the kernel's FIPS mode when known.
 */
public record Observed(Optional<String> bootedImage, boolean forceFile, Optional<Boolean> fips) {
  /** Nothing known: plan from the two configs alone. */
  public static final Observed NOTHING = new Observed(Optional.empty(), false, Optional.empty());

  public static Observed booted(String image) {
    return new Observed(Optional.of(image), false, Optional.empty());
  }
}

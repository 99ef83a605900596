package io.ocelot.daemon.txn;

import io.ocelot.api.disruption.ConfigTarget;
import java.util.Optional;

/**
 * Before an update touches anything, what the caller says the host is on (the node's {@code
 * currentConfig}/{@code currentImage}, or {@code host apply --current}) must agree with the host's
 * own record: its stable commit marker and the deployment it booted. A journal that trusted a wrong
 * claim would record the wrong way back, and a later rollback would follow it.
 */
public final class StartingPoint {
  private StartingPoint() {}

  /**
   * Why {@code claimed} is not where the host is, or empty when it is (or when the host has no
   * record to say otherwise: no marker, an unknown booted image, a config without an OS image). A
   * host that booted {@code desired}'s image is where the update goes: its staging step skips.
   */
  public static Optional<String> mismatch(
      ConfigTarget claimed,
      ConfigTarget desired,
      Optional<CommitMarker> marker,
      Optional<String> booted) {
    Target claim = new Target(claimed.name(), claimed.image());
    Optional<Target> recorded =
        marker.filter(m -> m.phase() == CommitMarker.Phase.STABLE).map(CommitMarker::target);
    if (recorded.isPresent() && !recorded.get().equals(claim)) {
      return Optional.of(
          "unexpected on-disk state: the update starts from "
              + claim.describe()
              + ", but the host's commit marker says it is on "
              + recorded.get().describe()
              + "; nothing on the host was changed");
    }
    String expected = claimed.effectiveImage();
    // Booted into the desired image already (the update's staging step then skips): no conflict.
    if (!expected.isEmpty()
        && booted.isPresent()
        && !booted.get().equals(expected)
        && !booted.get().equals(desired.effectiveImage())) {
      return Optional.of(
          "unexpected on-disk state: the update starts from "
              + claim.describe()
              + " (image "
              + expected
              + "), but the host booted "
              + booted.get()
              + "; nothing on the host was changed");
    }
    return Optional.empty();
  }
}

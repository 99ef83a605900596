package io.ocelot.sim;

import java.util.EnumSet;
import java.util.Map;
import java.util.Set;

/**
 * A simulated machine's power state. UP: booted, its daemon running. REBOOTING: the daemon asked
 * for a reboot; the daemon is gone and the Node NotReady for the reboot time. HUNG: the reboot
 * never came back (fault {@code hang-reboot}) until the fault is cleared.
 */
enum Power {
  UP,
  REBOOTING,
  HUNG;

  /** The one transition table. */
  private static final Map<Power, Set<Power>> NEXT =
      Map.of(
          UP, EnumSet.of(REBOOTING),
          REBOOTING, EnumSet.of(UP, HUNG),
          HUNG, EnumSet.of(UP));

  boolean canBecome(Power next) {
    return NEXT.get(this).contains(next);
  }
}

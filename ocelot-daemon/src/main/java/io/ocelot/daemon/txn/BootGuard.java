package io.ocelot.daemon.txn;

import io.ocelot.daemon.host.HostException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The boot counter as the engine uses it, best effort: armed right before the reboot into a new
 * deployment, disarmed once the boot is healthy or the update is undone. A host without a counter
 * (no {@code grub2-editenv}: systemd-boot, an older root) updates all the same, said in the log.
 */
final class BootGuard {
  private static final Logger LOG = LoggerFactory.getLogger(BootGuard.class);

  /** Boots into a new deployment without a healthy mark before the fallback: greenboot's 3. */
  static final int BOOTS = 3;

  private BootGuard() {}

  static void arm(HostContext host) {
    try {
      host.bootCounter().arm(BOOTS);
    } catch (HostException e) {
      LOG.warn("no boot counter guards this reboot: {}", e.getMessage());
    }
  }

  static void disarm(HostContext host) {
    try {
      host.bootCounter().disarm();
    } catch (HostException e) {
      LOG.debug("could not disarm the boot counter: {}", e.getMessage());
    }
  }

  static boolean fellBack(HostContext host) {
    try {
      return host.bootCounter().fellBack();
    } catch (HostException e) {
      return false;
    }
  }
}

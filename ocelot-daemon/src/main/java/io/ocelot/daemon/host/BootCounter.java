package io.ocelot.daemon.host;

/**
 * The bootloader's boot counter (greenboot's, in the GRUB environment): armed before the reboot
 * into a new deployment, it counts boots down; a boot that passes its health checks disarms it; a
 * deployment that never gets that far (a kernel panic, a hang before the daemon runs) is left after
 * the given number of boots, the next boot being into the previous deployment.
 */
public interface BootCounter {

  /** No counter (a host whose bootloader has none): nothing armed, nothing fell back. */
  BootCounter NONE =
      new BootCounter() {
        @Override
        public void arm(int boots) {}

        @Override
        public void disarm() {}

        @Override
        public boolean fellBack() {
          return false;
        }
      };

  /** After {@code boots} boots without {@link #disarm}, the next boot is into the previous one. */
  void arm(int boots) throws HostException;

  /** The boot is healthy (or there is nothing to guard): the counter stops. */
  void disarm() throws HostException;

  /** True when this boot is the fallback: the counter ran out. */
  boolean fellBack() throws HostException;
}

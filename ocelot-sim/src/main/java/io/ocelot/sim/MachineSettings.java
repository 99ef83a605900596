package io.ocelot.sim;

import io.ocelot.sim.machine.MachineBase;
import java.nio.file.Path;
import java.util.Map;

/**
 * How many workers are machines (the first ones), and what they are made of: the daemon's image as
 * the build laid it out (ocelot-daemon/target/image), the cache their Debian base is kept in, the
 * Debian mirror it is built from, and whether they boot from real ostree deployments (the OS image
 * a commit, rpm-ostree and bootc over ostree; the default) or from an overlay of the base.
 */
public record MachineSettings(
    int count, Path daemonImage, Path cache, String mirror, boolean ostree) {
  public MachineSettings {
    if (count < 0) {
      throw new IllegalArgumentException("--machines must not be negative");
    }
    if (ostree && count == 0) {
      throw new IllegalArgumentException(
          "--ostree needs --machines: only machine nodes boot from ostree deployments");
    }
  }

  /** No machines: every node simulated. */
  public static MachineSettings none() {
    return new MachineSettings(0, Path.of(""), Path.of(""), MachineBase.DEFAULT_MIRROR, false);
  }

  /**
   * {@code count} machines booted from real ostree deployments, the base in the user's cache
   * ({@link MachineBase#defaultCache}), from {@code $OCELOT_DEBIAN_MIRROR} or Debian's own mirror.
   */
  public static MachineSettings of(int count, Path daemonImage, Map<String, String> env) {
    return new MachineSettings(
        count,
        daemonImage,
        MachineBase.defaultCache(env),
        env.getOrDefault("OCELOT_DEBIAN_MIRROR", MachineBase.DEFAULT_MIRROR),
        count > 0);
  }

  /** The same machines, booted from real ostree deployments (the default). */
  public MachineSettings withOstree() {
    return withOstree(true);
  }

  /**
   * The same machines, booted from ostree deployments or, with {@code false}, from an overlay of
   * the base whose OS image the stand-ins keep in files (no ostree needed on this computer).
   */
  public MachineSettings withOstree(boolean ostree) {
    return new MachineSettings(count, daemonImage, cache, mirror, ostree);
  }
}

package io.ocelot.sim.machine;

import io.ocelot.daemon.host.Command;
import io.ocelot.daemon.host.CommandRunner;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * Whether machine nodes can run on this computer: they are systemd-nspawn containers on overlayfs,
 * started by root. When they cannot, one line says what is missing and how to get it; the simulator
 * never falls back to simulated nodes by itself.
 */
public final class MachineSupport {
  /** What the machines need, and how to get it on Debian. */
  public static final String NEEDS =
      "machine nodes need root, overlayfs, systemd-nspawn and debootstrap"
          + " (apt-get install systemd-container debootstrap)";

  private static final Duration PROBE = Duration.ofSeconds(10);

  private MachineSupport() {}

  /**
   * Why machines cannot run here, or empty when they can. {@code uid}: this process's user id;
   * {@code filesystems}: the kernel's list ({@code /proc/filesystems}); {@code needDebootstrap}:
   * whether the base root still has to be built.
   */
  public static Optional<String> whyNot(
      CommandRunner local, long uid, Path filesystems, boolean needDebootstrap) {
    if (uid != 0) {
      return Optional.of("machines cannot run here: not root (uid " + uid + "); " + NEEDS);
    }
    List<String> tools =
        needDebootstrap
            ? List.of("systemd-nspawn", "nsenter", "setpriv", "debootstrap")
            : List.of("systemd-nspawn", "nsenter", "setpriv");
    for (String tool : tools) {
      if (local.run(Command.of(tool, "--version").withTimeout(PROBE)).exitCode() == 127) {
        return Optional.of("machines cannot run here: no " + tool + "; " + NEEDS);
      }
    }
    if (!overlayAvailable(filesystems)) {
      return Optional.of("machines cannot run here: the kernel has no overlayfs; " + NEEDS);
    }
    return Optional.empty();
  }

  /** This process's user id (the owner of {@code /proc/self}). */
  public static long uid() {
    try {
      return ((Number) Files.getAttribute(Path.of("/proc/self"), "unix:uid")).longValue();
    } catch (IOException | UnsupportedOperationException e) {
      return -1;
    }
  }

  /** Whether the kernel lists overlayfs ({@code nodev\toverlay}). */
  static boolean overlayAvailable(Path filesystems) {
    try {
      return Files.readAllLines(filesystems).stream().anyMatch(l -> l.strip().endsWith("overlay"));
    } catch (IOException e) {
      return false;
    }
  }
}

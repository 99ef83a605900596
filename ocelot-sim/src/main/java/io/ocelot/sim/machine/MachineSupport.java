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
    return whyNot(local, uid, filesystems, needDebootstrap, false);
  }

  /** The same, for machines that boot from ostree deployments ({@code needOstree}) too. */
  public static Optional<String> whyNot(
      CommandRunner local,
      long uid,
      Path filesystems,
      boolean needDebootstrap,
      boolean needOstree) {
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
    if (needOstree
        && local.run(Command.of("ostree", "--version").withTimeout(PROBE)).exitCode() == 127) {
      return Optional.of(
          "machines cannot run here: no ostree, which lays out their sysroots (apt-get install"
              + " ostree), or boot them from an overlay of the base instead: --no-ostree");
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

  /** inotify instances a machine takes: systemd 5, journald, logind, D-Bus, the daemon's watch. */
  static final int INOTIFY_PER_MACHINE = 10;

  /** The kernel's per-user limit on inotify instances; every machine's processes are root's. */
  public static final Path INOTIFY_INSTANCES = Path.of("/proc/sys/fs/inotify/max_user_instances");

  /**
   * Raises the per-user limit of inotify instances when {@code machines} would exceed it (all run
   * as root here): at Linux's default of 128 the 17th machine's systemd cannot start. What it did,
   * for a person; empty when the limit was high enough.
   */
  public static Optional<String> makeRoomForInotify(Path limit, int machines)
      throws MachineException {
    int need = 64 + INOTIFY_PER_MACHINE * machines;
    try {
      // Not Files.readString: on a /proc/sys file (size 0) JDK 17 returned its first byte only.
      int now = Integer.parseInt(String.join("", Files.readAllLines(limit)).strip());
      if (now >= need) {
        return Optional.empty();
      }
      Files.writeString(limit, need + "\n");
      return Optional.of(
          "machines: raised fs.inotify.max_user_instances from "
              + now
              + " to "
              + need
              + " (each machine's systemd, journald, logind, D-Bus and daemon take about "
              + INOTIFY_PER_MACHINE
              + "; all are root's)");
    } catch (IOException | NumberFormatException e) {
      throw new MachineException(
          "machines: "
              + machines
              + " need fs.inotify.max_user_instances of at least "
              + need
              + " and it cannot be raised here ("
              + e.getMessage()
              + "): sysctl -w fs.inotify.max_user_instances="
              + need,
          e);
    }
  }
}

package io.ocelot.daemon;

import io.ocelot.daemon.host.BootLog;
import io.ocelot.daemon.host.CommandRunner;
import io.ocelot.daemon.host.ContainerImages;
import io.ocelot.daemon.host.ExecutableHealthChecks;
import io.ocelot.daemon.host.ExecutableHooks;
import io.ocelot.daemon.host.FileHostLock;
import io.ocelot.daemon.host.FileWatcher;
import io.ocelot.daemon.host.GrubBootCounter;
import io.ocelot.daemon.host.HostException;
import io.ocelot.daemon.host.HostFiles;
import io.ocelot.daemon.host.InotifyFileWatcher;
import io.ocelot.daemon.host.OsImagesProbe;
import io.ocelot.daemon.host.ProcessCommandRunner;
import io.ocelot.daemon.host.Rebooter;
import io.ocelot.daemon.host.RootedHostFiles;
import io.ocelot.daemon.host.Systemd;
import io.ocelot.daemon.host.UserDb;
import io.ocelot.daemon.host.Users;
import io.ocelot.daemon.txn.BootIdSource;
import io.ocelot.daemon.txn.HostContext;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Optional;

/** Builds the host ports for a real host (tools run with chroot) or a simulated root. */
public final class HostWiring {
  private HostWiring() {}

  /** A real host mounted at {@code root} ({@code /rootfs} in the daemon's pod). */
  public static HostContext chroot(Path root) throws HostException {
    return wire(
        root, ProcessCommandRunner.chroot(root), BootIdSource.KERNEL, new InotifyFileWatcher(root));
  }

  /**
   * A real root that is not running yet (a machine before its first boot): its tools through
   * chroot, systemd's offline ({@link ProcessCommandRunner#offline}), nothing watched.
   */
  public static HostContext offline(Path root) throws HostException {
    return wire(root, ProcessCommandRunner.offline(root), BootIdSource.KERNEL, FileWatcher.NONE);
  }

  /**
   * A simulated root laid out by ocelot-fakehost. No inotify: a thousand roots would need a
   * thousand watcher threads, so the simulator's daemons poll their files instead.
   */
  public static HostContext simulated(Path root) throws HostException {
    return simulated(root, ProcessCommandRunner.simulatedRoot(root));
  }

  /**
   * The same with the stand-ins run through {@code tools} ({@link
   * ProcessCommandRunner#simulatedRoot} or a decorator of it: the simulator hears each command
   * end).
   */
  public static HostContext simulated(Path root, CommandRunner tools) throws HostException {
    return wire(root, tools, BootIdSource.SIMULATED, FileWatcher.NONE);
  }

  /**
   * True when every tool of {@code root} is a stand-in (ocelot-fakehost's marker). A real root
   * whose OS image tools are stand-ins (a simulator's machine) is not simulated: its systemd, users
   * and journal are real, and its tools run through {@code chroot}.
   */
  public static final String SIMULATED_MARKER = "usr/lib/fakehost/simulated-root";

  public static boolean isSimulated(Path root) {
    return Files.isRegularFile(root.resolve(SIMULATED_MARKER));
  }

  /** What kind of host the daemon was told it is on. */
  public enum Kind {
    /** A real host mounted at the root: tools run through chroot. */
    CHROOT,
    /** A root of ocelot-fakehost's stand-ins, run from its usr/bin. */
    SIMULATED;

    public static Optional<Kind> named(String name) {
      return switch (name) {
        case "chroot" -> Optional.of(CHROOT);
        case "simulated" -> Optional.of(SIMULATED);
        default -> Optional.empty();
      };
    }
  }

  /**
   * The host of {@code kind} at {@code root}, or why the root is not that kind. Said, never
   * guessed: a file on a real host could otherwise make the daemon run the host's tools outside
   * chroot.
   */
  public static HostContext of(Kind kind, Path root) throws HostException {
    boolean simulated = isSimulated(root);
    if (kind == Kind.CHROOT && simulated) {
      throw new HostException(
          "host root "
              + root
              + " is a simulated root (it has "
              + SIMULATED_MARKER
              + "); start the daemon with --host=simulated");
    }
    if (kind == Kind.SIMULATED && !simulated) {
      throw new HostException(
          "--host=simulated, but host root " + root + " has no " + SIMULATED_MARKER);
    }
    return simulated ? simulated(root) : chroot(root);
  }

  private static HostContext wire(
      Path root, CommandRunner runner, String bootIdPath, FileWatcher watcher)
      throws HostException {
    HostFiles files = new RootedHostFiles(root);
    return new HostContext(
        files,
        OsImagesProbe.detect(runner),
        new Systemd(runner),
        new Users(runner, files),
        new UserDb(files),
        new Rebooter(runner),
        BootIdSource.file(files, bootIdPath),
        new BootLog(runner),
        new FileHostLock(root, Clock.systemUTC()),
        watcher,
        new ExecutableHealthChecks(files, runner, ExecutableHealthChecks.DEFAULT_TIMEOUT),
        new ExecutableHooks(files, runner, ExecutableHooks.DEFAULT_TIMEOUT),
        new GrubBootCounter(runner),
        new ContainerImages(runner));
  }
}

package io.ocelot.sim;

import io.ocelot.sim.machine.LocalPrograms;
import io.ocelot.sim.machine.Machine;
import io.ocelot.sim.machine.MachineException;
import io.ocelot.sim.machine.OstreeSysroot;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * The simulator's directory: {@code kubeconfig}, {@code sim.json} (where the running sim listens)
 * and {@code nodes/<node>/root/}. One running sim holds its lock. A directory left by an earlier
 * run is refused (or, asked to, reset): the sim starts a fresh cluster every time, and that run's
 * daemons and controller are gone (on the embedded server its API objects too).
 */
public final class StateDir implements AutoCloseable {
  static final String MARKER = ".ocelot-state";
  static final String INFO = "sim.json";
  private final Path dir;
  private final FileChannel lockFile;
  private final FileLock lock;

  private StateDir(Path dir, FileChannel lockFile, FileLock lock) {
    this.dir = dir;
    this.lockFile = lockFile;
    this.lock = lock;
  }

  /**
   * Takes {@code dir} for a fresh cluster; {@code reset} first deletes one left by a stopped sim.
   */
  public static StateDir claim(Path dir, boolean reset) throws SimException {
    Path abs = dir.toAbsolutePath().normalize();
    if (Files.exists(abs) && !Files.isDirectory(abs)) {
      throw new SimException("state dir " + dir + " is a file, not a directory");
    }
    if (Files.isDirectory(abs) && !isEmpty(abs)) {
      if (!Files.exists(abs.resolve(MARKER))) {
        throw new SimException(
            "state dir "
                + dir
                + " is not empty and was not made by ocelot sim; refusing to use it (pick"
                + " another --state-dir)");
      }
      Optional<String> running = runningSim(abs);
      if (running.isPresent()) {
        throw new SimException(
            "state dir " + dir + " is in use by a running ocelot sim (" + running.get() + ")");
      }
      if (!reset) {
        throw new SimException(
            "state dir "
                + dir
                + " holds a cluster from an earlier run, whose daemons and controller are gone"
                + " (ocelot sim starts a fresh cluster every time); pass --reset to delete it and"
                + " start a fresh cluster, or pick another --state-dir");
      }
      deleteTree(abs);
    }
    try {
      Files.createDirectories(abs.resolve("nodes"));
      Files.writeString(abs.resolve(MARKER), "ocelot sim state directory\n");
      FileChannel ch =
          FileChannel.open(
              abs.resolve("sim.lock"), StandardOpenOption.CREATE, StandardOpenOption.WRITE);
      FileLock lock = ch.tryLock();
      if (lock == null) {
        ch.close();
        throw new SimException("state dir " + dir + " is in use by another ocelot sim");
      }
      return new StateDir(abs, ch, lock);
    } catch (IOException e) {
      throw new SimException("cannot write state dir " + dir + ": " + describe(e), e);
    }
  }

  public Path path() {
    return dir;
  }

  public Path kubeconfig() {
    return dir.resolve("kubeconfig");
  }

  public Path nodeRoot(String node) {
    return dir.resolve("nodes").resolve(node).resolve("root");
  }

  public void write(String name, String text) throws SimException {
    try {
      Path tmp = dir.resolve(name + ".tmp");
      Files.writeString(tmp, text, StandardCharsets.UTF_8);
      Files.move(tmp, dir.resolve(name), java.nio.file.StandardCopyOption.ATOMIC_MOVE);
    } catch (IOException e) {
      throw new SimException("cannot write " + dir.resolve(name) + ": " + describe(e), e);
    }
  }

  /** Where the sim that holds {@code dir} listens, if one does. */
  public static Optional<SimInfo> info(Path dir) {
    Path file = dir.resolve(INFO);
    try {
      return Files.exists(file)
          ? Optional.of(SimInfo.parse(Files.readString(file, StandardCharsets.UTF_8)))
          : Optional.empty();
    } catch (IOException | IllegalArgumentException e) {
      return Optional.empty();
    }
  }

  private static Optional<String> runningSim(Path dir) {
    Path lockPath = dir.resolve("sim.lock");
    if (!Files.exists(lockPath)) {
      return Optional.empty();
    }
    try (FileChannel ch = FileChannel.open(lockPath, StandardOpenOption.WRITE)) {
      FileLock probe = ch.tryLock();
      if (probe != null) {
        probe.release();
        return Optional.empty();
      }
    } catch (IOException | java.nio.channels.OverlappingFileLockException e) {
      // Held by this JVM, or unreadable: treat as in use.
    }
    return Optional.of(info(dir).map(i -> "pid " + i.pid() + ", " + i.http()).orElse("locked"));
  }

  private static boolean isEmpty(Path dir) throws SimException {
    try (Stream<Path> s = Files.list(dir)) {
      return s.findAny().isEmpty();
    } catch (IOException e) {
      throw new SimException("cannot read state dir " + dir + ": " + describe(e), e);
    }
  }

  private static void deleteTree(Path dir) throws SimException {
    try {
      // Machine roots a killed sim left mounted: deleting through them would empty their layers
      // and still fail at the mount points.
      Machine.unmountAllUnder(dir, new LocalPrograms());
      // ostree's deployments are immutable (chattr +i), for root too.
      OstreeSysroot.unlockAllUnder(dir, new LocalPrograms());
      Trees.deleteBelow(dir);
    } catch (IOException e) {
      throw new SimException("cannot reset state dir " + dir + ": " + describe(e), e);
    } catch (MachineException e) {
      throw new SimException("cannot reset state dir " + dir + ": " + e.getMessage(), e);
    }
  }

  private static String describe(IOException e) {
    if (e instanceof java.nio.file.AccessDeniedException) {
      return "permission denied (" + e.getMessage() + ")";
    }
    return e.getClass().getSimpleName() + ": " + e.getMessage();
  }

  @Override
  public void close() {
    try {
      Files.deleteIfExists(dir.resolve(INFO));
      lock.release();
      lockFile.close();
    } catch (IOException e) {
      // Closing a lock of a directory that vanished: nothing left to release.
    }
  }
}

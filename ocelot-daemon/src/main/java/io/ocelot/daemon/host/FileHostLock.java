package io.ocelot.daemon.host;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Clock;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * {@link HostLock} as a POSIX record lock on {@code <root>/var/lib/ocelot/engine.lock}, which the
 * kernel drops when the holder dies (a killed engine never leaves a stale lock). The holder writes
 * who it is into the file.
 *
 * <p>POSIX locks belong to the process and closing <em>any</em> descriptor of the file releases
 * them, so this object reads the holder's name through the channel it locks with and closes that
 * channel only when it lets go of the lock — then no lock of this process remains on the file. A
 * refused attempt keeps its channel (closing it could drop another object's lock in this process).
 *
 * <p>An idle lock holds no descriptor: every process the JVM starts inherits its descriptors, and
 * the JDK's spawn helper lists {@code /proc/self/fd} and closes each one. With a descriptor kept
 * per daemon, the simulator's thousand daemons made every host command dearer
 * (docs/performance.md).
 */
public final class FileHostLock implements HostLock {
  public static final String FILE = "var/lib/ocelot/engine.lock";

  private final Path root;
  private final Clock clock;
  private @Nullable FileChannel channel;

  /** Who holds the lock through this object, while it is held; null when idle. */
  private @Nullable String holder;

  public FileHostLock(Path root, Clock clock) {
    this.root = root;
    this.clock = clock;
  }

  @Override
  public synchronized Lease acquire(String holder) throws HostException {
    if (this.holder != null) {
      // Not re-entrant: a caller that holds the lock hands its lease on instead of asking again.
      throw new HostException(
          "the host lock of "
              + root
              + " is held already by "
              + this.holder
              + " in this process; "
              + holder
              + " must use that lease");
    }
    FileChannel ch = channel();
    FileLock taken;
    boolean heldInThisProcess = false;
    try {
      taken = ch.tryLock();
    } catch (OverlappingFileLockException e) {
      taken = null;
      heldInThisProcess = true;
    } catch (IOException e) {
      throw new HostException("cannot lock " + root.resolve(FILE) + ": " + IoReasons.of(e), e);
    }
    if (taken == null) {
      String heldBy = holderOf(ch);
      if (!heldInThisProcess) {
        closeQuietly(ch); // another process holds it: this one has no lock on the file to lose
      }
      throw new HostException(
          "another engine is working on host root "
              + root
              + " ("
              + heldBy
              + "); nothing was changed: try again when it has finished");
    }
    this.holder = holder;
    try {
      write(
          ch,
          holder + ", pid " + ProcessHandle.current().pid() + ", since " + clock.instant() + "\n");
    } catch (HostException e) {
      try {
        release(); // no lease reaches the caller, so nobody else would let go of the lock
      } catch (HostException secondary) {
        e.addSuppressed(secondary);
      }
      throw e;
    }
    return new Held();
  }

  /** A lease of this lock; closing it twice lets go once. */
  private final class Held implements Lease {
    private boolean closed;

    @Override
    public HostLock lock() {
      return FileHostLock.this;
    }

    @Override
    public void close() throws HostException {
      synchronized (FileHostLock.this) {
        if (closed) {
          return;
        }
        closed = true;
        release();
      }
    }
  }

  private synchronized void release() throws HostException {
    FileChannel ch = channel;
    holder = null;
    if (ch == null) {
      return;
    }
    channel = null;
    // Closing releases the lock with the descriptor, even when the truncation failed.
    try (FileChannel closing = ch) {
      closing.truncate(0);
    } catch (IOException e) {
      throw new HostException("cannot unlock " + root.resolve(FILE) + ": " + IoReasons.of(e), e);
    }
  }

  private void closeQuietly(FileChannel ch) {
    channel = null;
    try {
      ch.close();
    } catch (IOException e) {
      // nothing was locked through it; the refusal that follows says what matters
    }
  }

  private FileChannel channel() throws HostException {
    FileChannel open = channel;
    if (open != null && open.isOpen()) {
      return open;
    }
    Path file = root.resolve(FILE);
    Path dir = file.getParent();
    Path parent = dir == null ? null : dir.getParent();
    if (dir == null || parent == null) {
      throw new HostException("the host root " + root + " cannot hold " + FILE);
    }
    try {
      if (Files.isSymbolicLink(dir) || Files.isSymbolicLink(parent)) {
        throw new HostException(
            "the engine's state directory " + dir + " is a symbolic link; it must be a directory");
      }
      if (Files.exists(dir, LinkOption.NOFOLLOW_LINKS)
          && !Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS)) {
        throw new HostException("the engine's state directory " + dir + " is not a directory");
      }
      Files.createDirectories(dir);
      FileChannel opened =
          FileChannel.open(
              file,
              StandardOpenOption.CREATE,
              StandardOpenOption.READ,
              StandardOpenOption.WRITE,
              LinkOption.NOFOLLOW_LINKS);
      Optional<String> unfit = unfit(file);
      if (unfit.isPresent()) {
        opened.close();
        throw new HostException("the engine's lock file " + file + " " + unfit.get());
      }
      channel = opened;
      return opened;
    } catch (IOException e) {
      throw new HostException("cannot open " + file + ": " + IoReasons.of(e), e);
    }
  }

  /**
   * Why the opened lock file may not be used: anything but a regular file, or a file with another
   * hard link (the engine writes its holder into it: a link to a file outside the root would make
   * it write there).
   */
  private static Optional<String> unfit(Path file) throws IOException {
    if (!Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)) {
      return Optional.of("is not a regular file");
    }
    int links = (Integer) Files.getAttribute(file, "unix:nlink", LinkOption.NOFOLLOW_LINKS);
    if (links != 1) {
      return Optional.of(
          "has "
              + links
              + " hard links; another name for it could lie outside the host root, so the engine"
              + " will not write to it (remove the other links)");
    }
    return Optional.empty();
  }

  private static String holderOf(FileChannel ch) {
    try {
      ByteBuffer buf = ByteBuffer.allocate(1024);
      int n = ch.read(buf, 0);
      String text = n <= 0 ? "" : new String(buf.array(), 0, n, StandardCharsets.UTF_8).strip();
      return text.isEmpty() ? "holder unknown" : "held by " + text;
    } catch (IOException e) {
      return "holder unknown: " + IoReasons.of(e);
    }
  }

  private static void write(FileChannel ch, String text) throws HostException {
    try {
      ch.truncate(0);
      ch.write(ByteBuffer.wrap(text.getBytes(StandardCharsets.UTF_8)), 0);
    } catch (IOException e) {
      throw new HostException("cannot write the lock holder: " + IoReasons.of(e), e);
    }
  }
}

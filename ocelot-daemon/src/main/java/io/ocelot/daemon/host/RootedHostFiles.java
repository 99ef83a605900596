package io.ocelot.daemon.host;

import io.ocelot.api.ignition.Bytes;
import io.ocelot.api.ignition.PathRules;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermission;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

/** {@link HostFiles} on the local file system under a root directory ({@code /rootfs} in a pod). */
public final class RootedHostFiles implements HostFiles {
  private static final int MAX_SYMLINK_HOPS = 40;
  private static final int DIR_MODE = 0755;

  /**
   * The largest file {@link #stat} reads: the engine keeps what it replaces in memory to undo it,
   * and nothing it writes or keeps (a config's file, its journal) comes near this.
   */
  public static final long MAX_READ_BYTES = 24L * 1024 * 1024;

  private final Path root;

  public RootedHostFiles(Path root) {
    this.root = root.toAbsolutePath().normalize();
  }

  public Path root() {
    return root;
  }

  /**
   * The local path of a host path. Symlinks in the parent directories are followed as the host
   * would (an absolute target is relative to the root); the last component is not followed. Any
   * step that would leave the root is refused.
   */
  public Path resolve(String hostPath) throws HostException {
    if (!PathRules.isAbsoluteNormalized(hostPath)) {
      throw new HostException("refusing host path " + hostPath + ": not absolute and normalized");
    }
    List<String> pending = new ArrayList<>(List.of(hostPath.substring(1).split("/")));
    Path current = root;
    int hops = 0;
    while (!pending.isEmpty()) {
      String name = pending.remove(0);
      if (name.isEmpty() || name.equals(".")) {
        continue;
      }
      Path next = name.equals("..") ? current.getParent() : current.resolve(name);
      if (next == null || !next.startsWith(root)) {
        throw new HostException("refusing host path " + hostPath + ": it leaves the host root");
      }
      if (!pending.isEmpty() && Files.isSymbolicLink(next)) {
        if (++hops > MAX_SYMLINK_HOPS) {
          throw new HostException("refusing host path " + hostPath + ": too many symlinks");
        }
        String target = readLink(next);
        List<String> rest = new ArrayList<>(List.of(target.split("/")));
        rest.addAll(pending);
        pending = rest;
        if (target.startsWith("/")) {
          current = root;
        }
        continue;
      }
      current = next;
    }
    return current;
  }

  @Override
  public Optional<FileState> stat(String path) throws HostException {
    Path p = resolve(path);
    try {
      if (!Files.exists(p, LinkOption.NOFOLLOW_LINKS)) {
        return Optional.empty();
      }
      if (Files.isSymbolicLink(p)) {
        return Optional.of(new FileState.Symlink(readLink(p)));
      }
      int mode = mode(p);
      int uid = (Integer) Files.getAttribute(p, "unix:uid", LinkOption.NOFOLLOW_LINKS);
      int gid = (Integer) Files.getAttribute(p, "unix:gid", LinkOption.NOFOLLOW_LINKS);
      if (Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS)) {
        return Optional.of(new FileState.Directory(mode, uid, gid));
      }
      if (!Files.isRegularFile(p, LinkOption.NOFOLLOW_LINKS)) {
        // Reading a FIFO blocks until someone writes to it: every command hung on one.
        throw new HostException(
            path
                + " is not a regular file, a directory or a symlink (a FIFO, a socket or a"
                + " device); the engine does not read or replace it");
      }
      long size = Files.size(p);
      if (size > MAX_READ_BYTES) {
        throw new HostException(
            path
                + " is "
                + size
                + " bytes, more than the "
                + (MAX_READ_BYTES >> 20)
                + " MiB the engine reads (it keeps a copy of what it replaces to undo it)");
      }
      return Optional.of(new FileState.Regular(Bytes.adopt(Files.readAllBytes(p)), mode, uid, gid));
    } catch (IOException e) {
      throw io("cannot read " + path, e);
    }
  }

  @Override
  public List<String> write(String path, Bytes contents, int mode, int uid, int gid)
      throws HostException {
    Path target = resolve(path);
    List<String> created = mkdirs(path);
    Path tmp = target.resolveSibling("." + target.getFileName() + ".ocelot-" + UUID.randomUUID());
    try {
      try (FileChannel ch =
          FileChannel.open(tmp, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
        ByteBuffer buf = contents.buffer();
        while (buf.hasRemaining()) {
          ch.write(buf);
        }
        ch.force(true);
      }
      Files.setPosixFilePermissions(tmp, permissions(mode));
      chown(tmp, uid, gid);
      Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
      fsyncParent(target);
      return created;
    } catch (IOException e) {
      deleteQuietly(tmp);
      throw io("cannot write " + path, e);
    }
  }

  @Override
  public void append(String path, Writer contents) throws HostException {
    Path target = resolve(path);
    try {
      // Checked before opening: opening a FIFO for writing blocks until someone reads it.
      if (!Files.isRegularFile(target, LinkOption.NOFOLLOW_LINKS)
          || (Integer) Files.getAttribute(target, "unix:nlink", LinkOption.NOFOLLOW_LINKS) != 1) {
        throw new HostException(
            "refusing to append to "
                + path
                + ": it is not one regular file with one name (missing, a link or a special"
                + " file)");
      }
      try (FileChannel ch =
          FileChannel.open(
              target,
              StandardOpenOption.WRITE,
              StandardOpenOption.APPEND,
              LinkOption.NOFOLLOW_LINKS)) {
        java.io.OutputStream out =
            new java.io.BufferedOutputStream(java.nio.channels.Channels.newOutputStream(ch));
        contents.writeTo(out);
        out.flush();
        ch.force(false);
      }
    } catch (IOException e) {
      throw io("cannot append to " + path, e);
    }
  }

  @Override
  public List<String> symlink(String path, String linkTarget) throws HostException {
    Path target = resolve(path);
    List<String> created = mkdirs(path);
    Path tmp = target.resolveSibling("." + target.getFileName() + ".ocelot-" + UUID.randomUUID());
    try {
      Files.createSymbolicLink(tmp, Path.of(linkTarget));
      Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
      fsyncParent(target);
      return created;
    } catch (IOException e) {
      deleteQuietly(tmp);
      throw io("cannot create symlink " + path, e);
    }
  }

  @Override
  public List<String> ensureDirectory(String path, int mode, int uid, int gid)
      throws HostException {
    Path local = resolve(path);
    if (Files.isDirectory(local, LinkOption.NOFOLLOW_LINKS)) {
      return List.of();
    }
    List<String> created = new ArrayList<>(mkdirs(path));
    try {
      Files.createDirectory(local);
      Files.setPosixFilePermissions(local, permissions(mode));
      chown(local, uid, gid);
      fsyncParent(local);
    } catch (IOException e) {
      throw io("cannot create directory " + path, e);
    }
    created.add(path);
    return created;
  }

  @Override
  public List<String> list(String dir) throws HostException {
    Path local = resolve(dir);
    if (!Files.isDirectory(local)) {
      return List.of();
    }
    try (var entries = Files.list(local)) {
      return entries.map(p -> p.getFileName().toString()).sorted().toList();
    } catch (IOException e) {
      throw io("cannot list " + dir, e);
    }
  }

  @Override
  public void delete(String path) throws HostException {
    Path p = resolve(path);
    try {
      if (Files.deleteIfExists(p)) {
        fsyncParent(p);
      }
    } catch (IOException e) {
      throw io("cannot delete " + path, e);
    }
  }

  @Override
  public void removeEmptyDirectory(String path) throws HostException {
    Path p = resolve(path);
    try {
      if (Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS)) {
        Files.delete(p);
      }
    } catch (DirectoryNotEmptyException e) {
      // Someone else put something there: keep it.
    } catch (IOException e) {
      throw io("cannot remove directory " + path, e);
    }
  }

  /** Creates the missing parents of {@code path}; returns them outermost first. */
  private List<String> mkdirs(String path) throws HostException {
    List<String> missing = new ArrayList<>();
    String dir = path.substring(0, path.lastIndexOf('/'));
    while (!dir.isEmpty() && !Files.exists(resolve(dir), LinkOption.NOFOLLOW_LINKS)) {
      missing.add(0, dir);
      dir = dir.substring(0, dir.lastIndexOf('/'));
    }
    for (String d : missing) {
      try {
        Path local = resolve(d);
        Files.createDirectory(local);
        Files.setPosixFilePermissions(local, permissions(DIR_MODE));
      } catch (IOException e) {
        throw io("cannot create directory " + d, e);
      }
    }
    return missing;
  }

  private static String readLink(Path p) throws HostException {
    try {
      return Files.readSymbolicLink(p).toString();
    } catch (IOException e) {
      throw io("cannot read symlink " + p, e);
    }
  }

  private static void chown(Path p, int uid, int gid) throws IOException {
    if ((Integer) Files.getAttribute(p, "unix:uid", LinkOption.NOFOLLOW_LINKS) != uid) {
      Files.setAttribute(p, "unix:uid", uid, LinkOption.NOFOLLOW_LINKS);
    }
    if ((Integer) Files.getAttribute(p, "unix:gid", LinkOption.NOFOLLOW_LINKS) != gid) {
      Files.setAttribute(p, "unix:gid", gid, LinkOption.NOFOLLOW_LINKS);
    }
  }

  /** Makes a rename or delete in {@code child}'s directory durable (the root has no parent). */
  private static void fsyncParent(Path child) throws IOException {
    Path dir = child.getParent();
    if (dir == null) {
      return;
    }
    try (FileChannel ch = FileChannel.open(dir, StandardOpenOption.READ)) {
      ch.force(true);
    }
  }

  private static void deleteQuietly(Path p) {
    try {
      Files.deleteIfExists(p);
    } catch (IOException ignored) {
      // Best effort: a leftover temp file is harmless and named as ours.
    }
  }

  private static int mode(Path p) throws IOException {
    return (Integer) Files.getAttribute(p, "unix:mode", LinkOption.NOFOLLOW_LINKS) & 07777;
  }

  static Set<PosixFilePermission> permissions(int mode) {
    Set<PosixFilePermission> out = EnumSet.noneOf(PosixFilePermission.class);
    PosixFilePermission[] bits = {
      PosixFilePermission.OTHERS_EXECUTE, PosixFilePermission.OTHERS_WRITE,
      PosixFilePermission.OTHERS_READ, PosixFilePermission.GROUP_EXECUTE,
      PosixFilePermission.GROUP_WRITE, PosixFilePermission.GROUP_READ,
      PosixFilePermission.OWNER_EXECUTE, PosixFilePermission.OWNER_WRITE,
      PosixFilePermission.OWNER_READ
    };
    for (int i = 0; i < bits.length; i++) {
      if ((mode & (1 << i)) != 0) {
        out.add(bits[i]);
      }
    }
    return out;
  }

  /** The operation and the operating system's reason; never a message ending in a bare path. */
  private static HostException io(String what, IOException e) {
    return new HostException(what + ": " + IoReasons.of(e), e);
  }
}

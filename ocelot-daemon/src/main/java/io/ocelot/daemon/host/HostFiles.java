package io.ocelot.daemon.host;

import io.ocelot.api.ignition.Bytes;
import java.util.List;
import java.util.Optional;

/**
 * Files on the host, addressed by absolute host paths and resolved against the host root. A path
 * that would leave the root ({@code ..}, a symlink pointing out) is refused. Writes are atomic.
 */
public interface HostFiles {

  /** What is at {@code path} now, or empty when nothing is. Symlinks are not followed. */
  Optional<FileState> stat(String path) throws HostException;

  /**
   * Writes a regular file atomically (temp file, fsync, rename, fsync of the directory) with mode
   * and owner, creating missing parent directories (0755). Returns the directories it created,
   * outermost first, so that an undo can remove them.
   */
  List<String> write(String path, Bytes contents, int mode, int uid, int gid) throws HostException;

  /**
   * Appends to an existing regular file durably (fsync before returning). The file must be one
   * regular file with one name: a symlink, a missing file or a hard link is refused, so that an
   * append never lands outside the root. A crash may leave a prefix of {@code contents}; readers of
   * such files ignore an unterminated last line.
   */
  void append(String path, Writer contents) throws HostException;

  /** Writes what is appended straight to the file, so that a large record is never copied. */
  @FunctionalInterface
  interface Writer {
    void writeTo(java.io.OutputStream out) throws java.io.IOException;
  }

  /** Replaces whatever is at {@code path} with a symlink, atomically. */
  List<String> symlink(String path, String target) throws HostException;

  /**
   * Creates a directory (and its missing parents) with mode and owner; an existing one is left as
   * it is. Returns the directories it created, outermost first.
   */
  List<String> ensureDirectory(String path, int mode, int uid, int gid) throws HostException;

  /** Names of the entries of a directory (sorted); empty when there is no such directory. */
  List<String> list(String dir) throws HostException;

  /** Removes a file or symlink; nothing there is fine. */
  void delete(String path) throws HostException;

  /** Removes an empty directory; a missing or non-empty one is left alone. */
  void removeEmptyDirectory(String path) throws HostException;

  /** Puts back exactly what {@link #stat} saw: a file, a symlink, or nothing. */
  default void restore(String path, Optional<FileState> before) throws HostException {
    if (before.isEmpty()) {
      delete(path);
      return;
    }
    FileState s = before.get();
    if (s instanceof FileState.Regular r) {
      write(path, r.contents(), r.mode(), r.uid(), r.gid());
    } else if (s instanceof FileState.Symlink l) {
      symlink(path, l.target());
    } else if (stat(path).filter(FileState.Directory.class::isInstance).isEmpty()) {
      throw new HostException("cannot restore directory " + path + ": something else is there now");
    }
  }
}

package io.ocelot.daemon.txn;

import io.ocelot.api.ignition.Bytes;
import io.ocelot.daemon.host.FileState;
import io.ocelot.daemon.host.HostException;
import io.ocelot.daemon.host.HostFiles;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;

/** Ways to break a simulated host for the fault matrix. */
final class Faults {
  private Faults() {}

  /**
   * Makes {@code tool} fail with {@code code} and {@code message} on stderr whenever its arguments
   * contain {@code match}; other calls go to the real stand-in.
   */
  static void failTool(Path root, String tool, String match, int code, String message) {
    failTool(root, tool, match, code, message, 1);
  }

  /**
   * Like {@link #failTool(Path, String, String, int, String)}, but only from the {@code
   * fromCall}-th matching call on: 2 lets a step's own call pass and fails its undo.
   */
  static void failTool(
      Path root, String tool, String match, int code, String message, int fromCall) {
    failTool(root, tool, match, code, message, fromCall, Integer.MAX_VALUE);
  }

  /** Fails only the {@code fromCall}-th to {@code toCall}-th matching calls. */
  static void failTool(
      Path root, String tool, String match, int code, String message, int fromCall, int toCall) {
    Path bin = root.resolve("usr/bin/" + tool);
    // Next to the original, so that its relative paths (lib.sh) still work.
    Path real = root.resolve("usr/bin/.real-" + tool);
    Path counter = root.resolve("usr/bin/.count-" + tool);
    try {
      if (!Files.exists(real)) {
        Files.move(bin, real);
      }
      Files.writeString(
          bin,
          "#!/usr/bin/env bash\n"
              + "case \" $* \" in *\" "
              + match
              + " \"*|*\" "
              + match
              + "=\"*)\n"
              + "  n=$(( $(cat '"
              + counter
              + "' 2>/dev/null || echo 0) + 1 )); echo $n > '"
              + counter
              + "'\n"
              + "  if [ $n -ge "
              + fromCall
              + " ] && [ $n -le "
              + toCall
              + " ]; then printf '%s\\n' '"
              + message
              + "' >&2; exit "
              + code
              + "; fi;;\n"
              + "esac\n"
              + "exec '"
              + real
              + "' \"$@\"\n");
      Files.setPosixFilePermissions(bin, PosixFilePermissions.fromString("rwxr-xr-x"));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Puts the real stand-in back. */
  static void healTool(Path root, String tool) {
    try {
      Path real = root.resolve("usr/bin/.real-" + tool);
      if (Files.exists(real)) {
        Files.move(
            real,
            root.resolve("usr/bin/" + tool),
            java.nio.file.StandardCopyOption.REPLACE_EXISTING);
      }
      Files.deleteIfExists(root.resolve("usr/bin/.count-" + tool));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * Host files whose writes (write, symlink, delete) to one path fail with {@code reason} from the
   * {@code fromCall}-th call on (1 = every call; 2 = let the step's own write pass and fail its
   * undo).
   */
  static final class FailingFiles implements HostFiles {
    private final HostFiles delegate;
    private volatile String path = "";
    private volatile String reason = "";
    private volatile int fromCall = 1;
    private final AtomicInteger calls = new AtomicInteger();

    FailingFiles(HostFiles delegate) {
      this.delegate = delegate;
    }

    void failWrites(String path, String reason, int fromCall) {
      this.path = path;
      this.reason = reason;
      this.fromCall = fromCall;
      calls.set(0);
    }

    /** Writes (write, symlink, delete) to {@code path} answer success and do nothing. */
    void ignoreWrites(String path) {
      failWrites(path, "", 1);
    }

    void heal() {
      path = "";
    }

    /** Throws for a failing write; true for an ignored one (skip it), false otherwise. */
    private boolean check(String p, String verb) throws HostException {
      if (p.equals(path) && calls.incrementAndGet() >= fromCall) {
        if (reason.isEmpty()) {
          return true;
        }
        throw new HostException("cannot " + verb + " " + p + ": " + reason);
      }
      return false;
    }

    @Override
    public Optional<FileState> stat(String p) throws HostException {
      return delegate.stat(p);
    }

    @Override
    public List<String> write(String p, Bytes contents, int mode, int uid, int gid)
        throws HostException {
      return check(p, "write") ? List.of() : delegate.write(p, contents, mode, uid, gid);
    }

    @Override
    public void append(String p, Writer contents) throws HostException {
      if (!check(p, "append to")) {
        delegate.append(p, contents);
      }
    }

    @Override
    public List<String> symlink(String p, String target) throws HostException {
      return check(p, "create symlink") ? List.of() : delegate.symlink(p, target);
    }

    @Override
    public List<String> ensureDirectory(String p, int mode, int uid, int gid) throws HostException {
      return delegate.ensureDirectory(p, mode, uid, gid);
    }

    @Override
    public List<String> list(String dir) throws HostException {
      return delegate.list(dir);
    }

    @Override
    public void delete(String p) throws HostException {
      if (!check(p, "delete")) {
        delegate.delete(p);
      }
    }

    @Override
    public void removeEmptyDirectory(String p) throws HostException {
      delegate.removeEmptyDirectory(p);
    }
  }
}

package io.ocelot.daemon.txn;

import io.ocelot.api.ignition.Bytes;
import io.ocelot.api.ignition.FileEntry;
import io.ocelot.api.ignition.IgnitionConfig;
import io.ocelot.api.ignition.UnitEntry;
import io.ocelot.daemon.host.FileState;
import io.ocelot.daemon.host.HostException;
import io.ocelot.daemon.host.HostFiles;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Checks that the host's files and units match a config, with MCO's rules and messages (its
 * first-run validation): every file's mode and bytes, every dropin, every unit's contents, masks.
 */
final class OnDiskValidator {
  private static final int UNIT_MODE = 0644;

  private OnDiskValidator() {}

  /** Every mismatch, in config order; empty when the host matches. */
  static List<String> problems(IgnitionConfig config, HostFiles files) throws HostException {
    List<String> out = new ArrayList<>();
    for (FileEntry f : config.files()) {
      check(files, f.path(), f.contents(), f.mode(), out);
    }
    for (UnitEntry u : config.units()) {
      for (UnitEntry.Dropin d : u.dropins()) {
        String contents = d.contents().orElse("");
        if (!contents.isEmpty()) {
          check(
              files,
              UnitActions.dropinPath(u.name(), d.name()),
              Bytes.utf8(contents),
              UNIT_MODE,
              out);
        }
      }
      String path = UnitActions.unitPath(u.name());
      Optional<FileState> state = files.stat(path);
      boolean masked = state.equals(Optional.of(new FileState.Symlink("/dev/null")));
      if (u.mask() != masked) {
        out.add(
            "state validation: invalid unit masked setting. path: \""
                + path
                + "\"; expected: "
                + u.mask()
                + "; received: "
                + masked);
      } else if (!u.mask() && u.contents().filter(c -> !c.isEmpty()).isPresent()) {
        check(files, path, Bytes.utf8(u.contents().get()), UNIT_MODE, out);
      }
    }
    return out;
  }

  private static void check(
      HostFiles files, String path, Bytes expected, int mode, List<String> out)
      throws HostException {
    Optional<FileState> state = files.stat(path);
    if (state.isEmpty()) {
      out.add("could not stat file \"" + path + "\": no such file or directory");
      return;
    }
    if (!(state.get() instanceof FileState.Regular r)) {
      out.add("could not read file \"" + path + "\": not a regular file");
      return;
    }
    if (r.mode() != mode) {
      out.add(
          "mode mismatch for file: \""
              + path
              + "\"; expected: "
              + describeMode(mode)
              + "; received: "
              + describeMode(r.mode()));
      return;
    }
    if (!r.contents().equals(expected)) {
      out.add("content mismatch for file \"" + path + "\"");
    }
  }

  /** As Go prints an os.FileMode with {@code %v/%d/%#o}: {@code -rw-r--r--/420/0644}. */
  static String describeMode(int mode) {
    StringBuilder b = new StringBuilder("-");
    String rwx = "rwxrwxrwx";
    for (int i = 0; i < 9; i++) {
      b.append((mode & (1 << (8 - i))) != 0 ? rwx.charAt(i) : '-');
    }
    // Go's %#o prints 0 as "0"; Java's as "00".
    return b + "/" + mode + "/" + (mode == 0 ? "0" : String.format("%#o", mode));
  }
}

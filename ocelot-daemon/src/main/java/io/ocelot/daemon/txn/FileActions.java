package io.ocelot.daemon.txn;

import io.ocelot.api.ignition.FileEntry;
import io.ocelot.daemon.host.FileState;
import io.ocelot.daemon.host.HostException;
import io.ocelot.daemon.host.HostFiles;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** Writing and removing the files of a config. */
final class FileActions {
  private FileActions() {}

  /** Parent directories of {@code path} that do not exist yet, outermost first. */
  static List<String> missingParents(HostFiles files, String path) throws HostException {
    List<String> missing = new ArrayList<>();
    String dir = path.substring(0, path.lastIndexOf('/'));
    while (!dir.isEmpty() && files.stat(dir).isEmpty()) {
      missing.add(0, dir);
      dir = dir.substring(0, dir.lastIndexOf('/'));
    }
    return missing;
  }

  static Restoration.RestoreFile restorationOf(HostFiles files, String path) throws HostException {
    return new Restoration.RestoreFile(path, files.stat(path), missingParents(files, path));
  }

  static Action write(FileEntry file) {
    return Action.of(
        Category.FILE,
        "write file " + file.path(),
        (host, owned) -> {
          int uid = host.userDb().uid(file.user());
          int gid = host.userDb().gid(file.group());
          return Action.Prepared.of(
              List.of(restorationOf(host.files(), file.path())),
              Optional.empty(),
              () -> host.files().write(file.path(), file.contents(), file.mode(), uid, gid));
        });
  }

  /**
   * Removes a file the config no longer has; one under {@code /etc} that the booted image ships (in
   * {@code /usr/etc}, where an ostree image keeps its own {@code /etc}) gets the image's version
   * back instead. A deleted {@code /etc} file is a local change that ostree's merge keeps for good,
   * so deleting, say, {@code /etc/chrony.conf} would leave the node without the image's one. MCO
   * needs a backup taken when a config first overwrote the file ({@code .mcdorig}).
   */
  static Action remove(FileEntry previous) {
    return Action.of(
        Category.FILE,
        "remove file " + previous.path(),
        (host, owned) -> {
          Optional<FileState> image = imageDefault(host.files(), previous.path());
          return Action.Prepared.of(
              List.of(restorationOf(host.files(), previous.path())),
              Optional.empty(),
              () -> {
                if (image.isPresent()) {
                  host.files().restore(previous.path(), image);
                } else {
                  host.files().delete(previous.path());
                }
              });
        });
  }

  /** The image's own version of an {@code /etc} file: a file or link at {@code /usr/etc/…}. */
  static Optional<FileState> imageDefault(HostFiles files, String path) throws HostException {
    if (!path.startsWith("/etc/")) {
      return Optional.empty();
    }
    return files.stat("/usr" + path).filter(s -> !(s instanceof FileState.Directory));
  }
}

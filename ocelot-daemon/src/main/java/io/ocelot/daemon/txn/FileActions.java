package io.ocelot.daemon.txn;

import io.ocelot.api.ignition.FileEntry;
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

  static Action remove(FileEntry previous) {
    return Action.of(
        Category.FILE,
        "remove file " + previous.path(),
        (host, owned) ->
            Action.Prepared.of(
                List.of(restorationOf(host.files(), previous.path())),
                Optional.empty(),
                () -> host.files().delete(previous.path())));
  }
}

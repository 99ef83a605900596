package io.ocelot.daemon.host;

import io.ocelot.api.ignition.Owner;
import java.util.Optional;

/**
 * Resolves user and group names to ids from the host's {@code /etc/passwd} and {@code /etc/group}.
 */
public final class UserDb {
  private final HostFiles files;

  public UserDb(HostFiles files) {
    this.files = files;
  }

  /** The uid of an owner: its id, else its name looked up, else root. */
  public int uid(Owner owner) throws HostException {
    return resolve(owner, "/etc/passwd", "user");
  }

  public int gid(Owner owner) throws HostException {
    return resolve(owner, "/etc/group", "group");
  }

  private int resolve(Owner owner, String db, String what) throws HostException {
    if (owner.id().isPresent()) {
      return owner.id().get();
    }
    if (owner.name().isEmpty()) {
      return 0;
    }
    String name = owner.name().get();
    return lookup(db, name)
        .orElseThrow(
            () ->
                new HostException(
                    "failed to retrieve file ownership: unknown " + what + " " + name));
  }

  private Optional<Integer> lookup(String db, String name) throws HostException {
    Optional<FileState> f = files.stat(db);
    if (f.isEmpty() || !(f.get() instanceof FileState.Regular r)) {
      return Optional.empty();
    }
    for (String line : r.contents().asUtf8().split("\n")) {
      String[] fields = line.split(":", -1);
      if (fields.length > 2 && fields[0].equals(name)) {
        try {
          return Optional.of(Integer.parseInt(fields[2]));
        } catch (NumberFormatException e) {
          return Optional.empty();
        }
      }
    }
    return Optional.empty();
  }
}

package io.ocelot.daemon.txn;

import io.ocelot.api.ignition.Bytes;
import io.ocelot.api.ignition.Owner;
import io.ocelot.api.ignition.User;
import io.ocelot.daemon.host.FileState;
import io.ocelot.daemon.host.HostException;
import io.ocelot.daemon.host.Users;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** The SSH keys and the password hash of {@code core}. */
final class AccountActions {
  static final String SSH_DIR = "/home/core/.ssh";
  static final String KEYS_DIR = SSH_DIR + "/authorized_keys.d";
  static final String KEYS_FILE = KEYS_DIR + "/ignition";
  static final String LOCKED = "*";

  private AccountActions() {}

  static Action sshKeys(List<String> keys) {
    return Action.of(
        Category.SSH_KEYS,
        "write SSH keys of core",
        (host, owned) -> {
          int uid = host.userDb().uid(Owner.byName(User.CORE));
          int gid = host.userDb().gid(Owner.byName(User.CORE));
          List<String> missing = new ArrayList<>();
          for (String dir : List.of("/home", "/home/core", SSH_DIR, KEYS_DIR)) {
            if (host.files().stat(dir).isEmpty()) {
              missing.add(dir);
            }
          }
          Restoration.RestoreFile restore =
              new Restoration.RestoreFile(KEYS_FILE, host.files().stat(KEYS_FILE), missing);
          String text = keys.isEmpty() ? "" : String.join("\n", keys) + "\n";
          return Action.Prepared.of(
              List.of(restore),
              Optional.empty(),
              () -> {
                host.files().ensureDirectory(SSH_DIR, 0700, uid, gid);
                host.files().ensureDirectory(KEYS_DIR, 0700, uid, gid);
                host.files().write(KEYS_FILE, Bytes.utf8(text), 0600, uid, gid);
              });
        });
  }

  static Action passwordHash(Optional<String> hash) {
    return Action.of(
        Category.PASSWORD,
        "set password hash of core",
        (host, owned) -> {
          Optional<FileState> shadow = host.files().stat(Users.SHADOW);
          if (shadow.isPresent() && !(shadow.get() instanceof FileState.Regular)) {
            throw new HostException(
                Users.SHADOW
                    + " is not a regular file ("
                    + (shadow.get() instanceof FileState.Directory ? "a directory" : "a symlink")
                    + "); the password of core cannot be set");
          }
          Optional<String> before = host.users().passwordHash(User.CORE);
          if (before.isEmpty()) {
            // As MCO: without a core user there is nothing to set.
            return Action.Prepared.of(
                List.of(), Optional.of("no core user in /etc/shadow"), () -> {});
          }
          // The undo puts the whole file back byte for byte: usermod also rewrites the aging
          // fields (last change), which re-running it with the old hash would not restore. And
          // the files shadow-utils touches beside it: its backup of the previous shadow and its
          // lock file (found on a real host; the stand-in touched neither).
          List<Restoration> restorations = new ArrayList<>();
          restorations.add(new Restoration.RestoreFile(Users.SHADOW, shadow, List.of()));
          for (String beside : Users.SHADOW_UTILS_FILES) {
            restorations.add(
                new Restoration.RestoreFile(beside, host.files().stat(beside), List.of()));
          }
          return Action.Prepared.of(
              restorations,
              Optional.empty(),
              // No hash, or an empty one, locks the password (MCO's "*"): an empty shadow field
              // would let anyone log in as core.
              () ->
                  host.users()
                      .setPasswordHash(User.CORE, hash.filter(h -> !h.isEmpty()).orElse(LOCKED)));
        });
  }
}

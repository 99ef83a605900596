package io.ocelot.daemon.host;

import io.ocelot.api.ignition.Bytes;
import java.util.List;
import java.util.Optional;

/** Password hashes: read from {@code /etc/shadow}, set with {@code usermod -p}. */
public final class Users {
  public static final String SHADOW = "/etc/shadow";

  /**
   * What shadow-utils' usermod writes beside {@code /etc/shadow}, even to set only a hash: the
   * passwd file again, a backup of each previous file ({@code shadow-}, {@code passwd-}) and the
   * lock file of lckpwdf(3).
   */
  public static final List<String> SHADOW_UTILS_FILES =
      List.of("/etc/shadow-", "/etc/passwd", "/etc/passwd-", "/etc/.pwd.lock");

  private final CommandRunner runner;
  private final HostFiles files;

  public Users(CommandRunner runner, HostFiles files) {
    this.runner = runner;
    this.files = files;
  }

  /** The user's hash field in shadow ({@code *} or {@code !} for a locked password). */
  public Optional<String> passwordHash(String user) throws HostException {
    Optional<FileState> shadow = files.stat(SHADOW);
    if (shadow.isEmpty() || !(shadow.get() instanceof FileState.Regular r)) {
      return Optional.empty();
    }
    return hashIn(r.contents(), user);
  }

  static Optional<String> hashIn(Bytes shadow, String user) {
    for (String line : shadow.asUtf8().split("\n")) {
      String[] fields = line.split(":", -1);
      if (fields.length > 1 && fields[0].equals(user)) {
        return Optional.of(fields[1]);
      }
    }
    return Optional.empty();
  }

  /**
   * Sets the hash and reads it back: a {@code usermod} that exits 0 and writes nothing would
   * otherwise pass as success, with the old password still in force. {@code *} locks the password,
   * as MCO does for "no hash".
   */
  public void setPasswordHash(String user, String hash) throws HostException {
    HostException.check(
        runner, Command.of("usermod", "-p", hash, user), "Failed to reset password for " + user);
    if (!passwordHash(user).equals(Optional.of(hash))) {
      throw new HostException(
          "Failed to reset password for "
              + user
              + ": usermod exited 0 but "
              + SHADOW
              + " does not hold the new hash");
    }
  }
}

package io.ocelot.sim;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * The {@code drift} fault: a line appended to a file on a node's root, as a person editing it by
 * hand would, and its undo. Only an absolute path of a regular file inside the root is accepted.
 */
final class HandEdits {
  static final String LINE = "# edited by hand (ocelot fault drift)\n";

  private HandEdits() {}

  static String drift(Path root, String node, String path) throws SimException {
    Path file = file(root, node, path);
    try {
      Files.writeString(file, LINE, StandardCharsets.UTF_8, StandardOpenOption.APPEND);
    } catch (IOException e) {
      throw new SimException(node + ": cannot edit " + path + ": " + e.getMessage(), e);
    }
    return node
        + ": appended a line to "
        + path
        + "; the next update is refused until fix-drift puts it back";
  }

  static String undo(Path root, String node, String path) throws SimException {
    Path file = file(root, node, path);
    try {
      String text = Files.readString(file, StandardCharsets.UTF_8);
      if (!text.endsWith(LINE)) {
        return node + ": " + path + " carries no line of ocelot fault drift";
      }
      Files.writeString(
          file, text.substring(0, text.length() - LINE.length()), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new SimException(node + ": cannot edit " + path + ": " + e.getMessage(), e);
    }
    return node + ": removed the line from " + path;
  }

  private static Path file(Path root, String node, String path) throws SimException {
    Path file = root.resolve(path.replaceFirst("^/+", "")).normalize();
    if (!path.startsWith("/")
        || !file.startsWith(root)
        || !Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)) {
      throw new SimException(
          node + ": drift needs the absolute path of a regular file on the node, not " + path);
    }
    return file;
  }
}

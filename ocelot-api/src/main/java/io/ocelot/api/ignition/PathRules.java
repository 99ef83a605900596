package io.ocelot.api.ignition;

import io.ocelot.api.text.Printable;
import java.nio.charset.StandardCharsets;
import java.util.Optional;

/**
 * Rules for paths a config may name: absolute and normalized, so they cannot escape a root; within
 * Linux's limits, so the host does not refuse them halfway through an update; free of control
 * characters, so no printout of them can be spoofed.
 */
public final class PathRules {
  /** Linux's NAME_MAX: bytes in one path component. */
  public static final int NAME_MAX = 255;

  /** Linux's PATH_MAX: bytes in a path, including the terminating NUL. */
  public static final int PATH_MAX = 4096;

  /**
   * Room kept for the host root a path is resolved under ({@code /rootfs} in the daemon's pod, a
   * node's root folder in the simulator): a path that fits PATH_MAX alone failed on the host once
   * the root was put in front of it.
   */
  public static final int ROOT_HEADROOM = 256;

  /** The longest path a config may name, in bytes. */
  public static final int MAX_PATH_BYTES = PATH_MAX - 1 - ROOT_HEADROOM;

  private PathRules() {}

  /**
   * True for {@code /a/b}: starts with {@code /}, no empty, {@code .} or {@code ..} segment, no
   * trailing slash, no NUL, and not {@code /} itself.
   */
  public static boolean isAbsoluteNormalized(String path) {
    if (!path.startsWith("/") || path.length() == 1 || path.endsWith("/") || path.contains("\0")) {
      return false;
    }
    for (String segment : path.substring(1).split("/", -1)) {
      if (segment.isEmpty() || segment.equals(".") || segment.equals("..")) {
        return false;
      }
    }
    return true;
  }

  /** Why a config may not name {@code path}, or empty when it may. */
  public static Optional<String> problem(String path) {
    if (path.length() > MAX_PATH_BYTES
        || path.getBytes(StandardCharsets.UTF_8).length > MAX_PATH_BYTES) {
      return Optional.of(
          "the path is "
              + path.getBytes(StandardCharsets.UTF_8).length
              + " bytes long, over the limit of "
              + MAX_PATH_BYTES
              + " (PATH_MAX, less "
              + ROOT_HEADROOM
              + " for the host root it is resolved under)");
    }
    if (!isAbsoluteNormalized(path)) {
      return Optional.of(violation(path));
    }
    for (int i = 0; i < path.length(); i++) {
      if (unpairedSurrogate(path, i)) {
        return Optional.of(
            Printable.quote(path)
                + " contains an unpaired UTF-16 surrogate at position "
                + i
                + "; a path must be valid Unicode");
      }
      if (Printable.needsEscape(path.charAt(i))) {
        return Optional.of(
            Printable.quote(path)
                + " contains a control character at position "
                + i
                + "; paths may not contain them");
      }
    }
    for (String segment : path.substring(1).split("/")) {
      Optional<String> tooLong = nameTooLong(segment);
      if (tooLong.isPresent()) {
        return tooLong;
      }
    }
    return Optional.empty();
  }

  /** Why {@code name} cannot be one file name in a directory, or empty when it can. */
  public static Optional<String> fileNameProblem(String name) {
    if (name.isEmpty() || name.equals(".") || name.equals("..") || name.contains("/")) {
      return Optional.of(Printable.quote(name) + " is not a file name");
    }
    for (int i = 0; i < name.length(); i++) {
      if (name.charAt(i) == 0 || Printable.needsEscape(name.charAt(i))) {
        return Optional.of(
            Printable.quote(name) + " contains a control character at position " + i);
      }
    }
    return nameTooLong(name);
  }

  /** A surrogate at {@code i} without its partner: no file name on the host can hold it. */
  private static boolean unpairedSurrogate(String s, int i) {
    char c = s.charAt(i);
    if (Character.isHighSurrogate(c)) {
      return i + 1 >= s.length() || !Character.isLowSurrogate(s.charAt(i + 1));
    }
    return Character.isLowSurrogate(c) && (i == 0 || !Character.isHighSurrogate(s.charAt(i - 1)));
  }

  private static Optional<String> nameTooLong(String segment) {
    int bytes = segment.getBytes(StandardCharsets.UTF_8).length;
    if (bytes <= NAME_MAX) {
      return Optional.empty();
    }
    return Optional.of(
        "the path component "
            + Printable.quote(segment)
            + " is "
            + bytes
            + " bytes long, over the limit of "
            + NAME_MAX
            + " (NAME_MAX)");
  }

  /** The message for a path that is not absolute and normalized, as the contract words it. */
  public static String violation(String path) {
    return Printable.quote(path) + " must be absolute and normalized";
  }
}

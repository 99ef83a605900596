package io.ocelot.api.ignition;

/** Rules for paths a config may name: absolute and normalized, so they cannot escape a root. */
public final class PathRules {
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

  /** The message for a path that breaks the rule, as the contract words it. */
  public static String violation(String path) {
    return ParseContext.quote(path) + " must be absolute and normalized";
  }
}

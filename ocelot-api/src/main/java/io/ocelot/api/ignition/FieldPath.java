package io.ocelot.api.ignition;

/** Builds field paths like {@code storage.files[3].contents.source}. */
public final class FieldPath {
  private FieldPath() {}

  /** {@code parent.child}, or just {@code child} at the root. */
  public static String join(String parent, String child) {
    if (parent.isEmpty()) {
      return child;
    }
    if (child.isEmpty()) {
      return parent;
    }
    return child.startsWith("[") ? parent + child : parent + "." + child;
  }

  /** {@code parent[index]}. */
  public static String index(String parent, int index) {
    return parent + "[" + index + "]";
  }
}

package io.ocelot.api.disruption;

import java.util.Optional;

/** How one keyed item (a file by path, a unit by name) differs between two configs. */
public record Change<T>(String key, Optional<T> before, Optional<T> after) {

  /** What happened to the item. */
  public enum Kind {
    ADDED,
    MODIFIED,
    REMOVED
  }

  public Change {
    if (before.isEmpty() && after.isEmpty()) {
      throw new IllegalArgumentException("a change needs a before or an after: " + key);
    }
  }

  public Kind kind() {
    if (before.isEmpty()) {
      return Kind.ADDED;
    }
    return after.isEmpty() ? Kind.REMOVED : Kind.MODIFIED;
  }
}

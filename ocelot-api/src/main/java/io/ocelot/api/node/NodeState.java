package io.ocelot.api.node;

import java.util.Optional;

/** The values of the {@code state} node annotation. */
public enum NodeState {
  DONE("Done"),
  WORKING("Working"),
  DEGRADED("Degraded"),
  UNRECONCILABLE("Unreconcilable");

  private final String value;

  NodeState(String value) {
    this.value = value;
  }

  /** The exact annotation value. */
  public String value() {
    return value;
  }

  /** True for the states in which a node reports a reason and counts as degraded in its pool. */
  public boolean isFailing() {
    return this == DEGRADED || this == UNRECONCILABLE;
  }

  /** Parses an annotation value; a missing or empty annotation means Done, as MCO reads it. */
  public static Optional<NodeState> fromAnnotation(String value) {
    if (value == null || value.isEmpty()) {
      return Optional.of(DONE);
    }
    for (NodeState s : values()) {
      if (s.value.equals(value)) {
        return Optional.of(s);
      }
    }
    return Optional.empty();
  }
}

package io.ocelot.api.node;

import java.util.Optional;

/**
 * A value of the {@code desiredDrain} / {@code lastAppliedDrain} annotations: {@code
 * drain-<config>} or {@code uncordon-<config>}. The image is never part of the value.
 */
public record DrainRequest(Verb verb, String configName) {

  /** What the drain controller is asked to do. */
  public enum Verb {
    DRAIN("drain"),
    UNCORDON("uncordon");

    private final String word;

    Verb(String word) {
      this.word = word;
    }

    public String word() {
      return word;
    }
  }

  public static DrainRequest drain(String configName) {
    return new DrainRequest(Verb.DRAIN, configName);
  }

  public static DrainRequest uncordon(String configName) {
    return new DrainRequest(Verb.UNCORDON, configName);
  }

  /** The annotation value. */
  public String value() {
    return verb.word() + "-" + configName;
  }

  /** Parses an annotation value; the verb is the text before the first {@code -}. */
  public static Optional<DrainRequest> parse(String value) {
    if (value == null) {
      return Optional.empty();
    }
    int dash = value.indexOf('-');
    if (dash <= 0 || dash == value.length() - 1) {
      return Optional.empty();
    }
    String word = value.substring(0, dash);
    for (Verb v : Verb.values()) {
      if (v.word().equals(word)) {
        return Optional.of(new DrainRequest(v, value.substring(dash + 1)));
      }
    }
    return Optional.empty();
  }
}

package io.ocelot.api.node;

import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * The value of {@link NodeAnnotations#PINNED_IMAGE_SETS}: the pinned image sets a node's pool
 * names, each with the generation to pin, as {@code a=1,b=3} (names in order, so one set of sets
 * has one value and an unchanged pool costs no write).
 */
public record PinnedSets(SortedMap<String, Long> generations) {
  public PinnedSets {
    generations = new TreeMap<>(generations);
  }

  public static PinnedSets of(Map<String, Long> generations) {
    return new PinnedSets(new TreeMap<>(generations));
  }

  /** The annotation's value; empty for no sets (the annotation goes). */
  public Optional<String> value() {
    return generations.isEmpty()
        ? Optional.empty()
        : Optional.of(
            generations.entrySet().stream()
                .map(e -> e.getKey() + "=" + e.getValue())
                .collect(Collectors.joining(",")));
  }

  /**
   * The sets {@code value} names; entries that are not {@code name=generation} with a positive
   * generation are left out (a hand-edited annotation must not stop the daemon).
   */
  public static PinnedSets parse(String value) {
    SortedMap<String, Long> out = new TreeMap<>();
    if (value != null) {
      for (String part : value.split(",")) {
        int eq = part.indexOf('=');
        if (eq <= 0) {
          continue;
        }
        try {
          long g = Long.parseLong(part.substring(eq + 1).trim());
          if (g > 0) {
            out.put(part.substring(0, eq).trim(), g);
          }
        } catch (NumberFormatException e) {
          // not an entry: skipped
        }
      }
    }
    return new PinnedSets(out);
  }

  public boolean isEmpty() {
    return generations.isEmpty();
  }
}

package io.ocelot.api.node;

import java.time.Instant;
import java.util.Comparator;
import java.util.Map;
import java.util.Optional;

/**
 * The order in which a pool's nodes not yet targeted are taken, MCO's way: by zone (nodes without a
 * zone last), then oldest first, then by name. One definition for the controller, which targets in
 * this order, and the console, which shows who is next.
 */
public final class RolloutOrder {
  public static final String ZONE_LABEL = "topology.kubernetes.io/zone";

  private RolloutOrder() {}

  /** A node's place in the order. */
  public record Key(Optional<String> zone, Instant created, String name) {
    public static Key of(String name, Map<String, String> labels, String creationTimestamp) {
      return new Key(
          zoneOf(labels),
          creationTimestamp == null || creationTimestamp.isEmpty()
              ? Instant.EPOCH
              : Instant.parse(creationTimestamp),
          name);
    }
  }

  /** The node's zone label, when it has a non-empty one. */
  public static Optional<String> zoneOf(Map<String, String> labels) {
    return Optional.ofNullable(labels.get(ZONE_LABEL)).filter(z -> !z.isEmpty());
  }

  public static final Comparator<Key> ORDER =
      Comparator.comparing((Key k) -> k.zone().isEmpty())
          .thenComparing(k -> k.zone().orElse(""))
          .thenComparing(Key::created)
          .thenComparing(Key::name);
}

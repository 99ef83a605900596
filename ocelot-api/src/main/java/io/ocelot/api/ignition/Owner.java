package io.ocelot.api.ignition;

import java.util.Optional;

/** A file owner or group, by numeric id or by name; neither means root. */
public record Owner(Optional<Integer> id, Optional<String> name) {
  public static final Owner ROOT = new Owner(Optional.empty(), Optional.empty());

  public static Owner byId(int id) {
    return new Owner(Optional.of(id), Optional.empty());
  }

  public static Owner byName(String name) {
    return new Owner(Optional.empty(), Optional.of(name));
  }

  /** How a person reads it: the name, else the id, else {@code root}. */
  public String describe() {
    return name.orElseGet(() -> id.map(String::valueOf).orElse("root"));
  }
}

package io.ocelot.api.ignition;

import java.util.List;
import java.util.Optional;

/** The {@code passwd} section: users, and groups kept as canonical JSON (never applied). */
public record Passwd(List<User> users, List<String> groups) {
  public static final Passwd EMPTY = new Passwd(List.of(), List.of());

  public Passwd {
    users = List.copyOf(users);
    groups = List.copyOf(groups);
  }

  public Optional<User> user(String name) {
    return users.stream().filter(u -> u.name().equals(name)).findFirst();
  }
}

package io.ocelot.api.ignition;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A {@code passwd.users} entry. The daemon applies only SSH keys and the password hash of {@code
 * core}; {@code otherFields} keeps every other set field (canonical JSON) so that changes to them
 * are seen and refused.
 */
public record User(
    String name,
    List<String> sshAuthorizedKeys,
    Optional<String> passwordHash,
    Map<String, String> otherFields) {

  public static final String CORE = "core";

  public User {
    sshAuthorizedKeys = List.copyOf(sshAuthorizedKeys);
    otherFields = Map.copyOf(otherFields);
  }

  public static User core(List<String> keys, Optional<String> passwordHash) {
    return new User(CORE, keys, passwordHash, Map.of());
  }
}

package io.ocelot.api.ignition;

import com.fasterxml.jackson.databind.JsonNode;
import io.ocelot.api.text.Printable;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

/** Parses {@code passwd}: users (keys and hash in full, other fields kept for comparison). */
final class PasswdParser {
  /** Longer than any authorized_keys line (a 16384-bit RSA key with options is under 4 KiB). */
  static final int MAX_KEY_LENGTH = 16 * 1024;

  private static final Set<String> PASSWD_FIELDS = Set.of("users", "groups");
  private static final Set<String> USER_FIELDS =
      Set.of(
          "name",
          "passwordHash",
          "sshAuthorizedKeys",
          "uid",
          "gecos",
          "homeDir",
          "noCreateHome",
          "primaryGroup",
          "groups",
          "noUserGroup",
          "noLogUser",
          "shell",
          "system",
          "shouldExist",
          "create");

  private final ParseContext ctx;

  PasswdParser(ParseContext ctx) {
    this.ctx = ctx;
  }

  Passwd parse(JsonNode passwd, String path) {
    ctx.knownFields(passwd, path, PASSWD_FIELDS);
    List<User> users = new ArrayList<>();
    Map<String, String> seen = new HashMap<>();
    for (ParseContext.Element e : ctx.elements(passwd, "users", path)) {
      parseUser(e, seen).ifPresent(users::add);
    }
    List<String> groups = new ArrayList<>();
    for (ParseContext.Element e : ctx.elements(passwd, "groups", path)) {
      groups.add(CanonicalJson.text(e.node()));
    }
    return new Passwd(users, groups);
  }

  private Optional<User> parseUser(ParseContext.Element e, Map<String, String> seen) {
    JsonNode user = e.node();
    String path = e.path();
    if (!user.isObject()) {
      ctx.error(path, "must be an object, got " + ParseContext.describe(user));
      return Optional.empty();
    }
    ctx.knownFields(user, path, USER_FIELDS);
    Optional<String> name = ctx.string(user, "name", path);
    String npath = FieldPath.join(path, "name");
    if (name.isEmpty() || name.get().isEmpty()) {
      if (name.isPresent() || user.get("name") == null || user.get("name").isNull()) {
        ctx.error(npath, "missing");
      }
      return Optional.empty();
    }
    String first = seen.putIfAbsent(name.get(), path);
    if (first != null) {
      ctx.error(
          npath,
          "duplicate user " + ParseContext.quote(name.get()) + " (also at " + first + ".name)");
    }
    List<String> keys = new ArrayList<>();
    java.util.Set<String> seenKeys = new java.util.HashSet<>();
    for (ParseContext.Element k : ctx.elements(user, "sshAuthorizedKeys", path)) {
      // Ignition 3 keys the list by the key itself (2.x duplicates were folded before).
      sshKey(k).filter(key -> seenKeys.add(key) || duplicateKey(k)).ifPresent(keys::add);
    }
    Optional<String> hash = ctx.string(user, "passwordHash", path);
    Optional<String> bad = hash.flatMap(CryptHashes::problem);
    if (bad.isPresent()) {
      ctx.ocelotError(FieldPath.join(path, "passwordHash"), bad.get());
      return Optional.empty();
    }
    // An empty hash is kept as given (MCO counts it as set: core needs a key or a hash); the
    // engine writes it as a locked password ("*", as MCO does), never as an empty shadow field.
    return Optional.of(new User(name.get(), keys, hash, otherFields(user)));
  }

  private boolean duplicateKey(ParseContext.Element k) {
    ctx.error(k.path(), "duplicate entry defined");
    return false;
  }

  private Optional<String> sshKey(ParseContext.Element k) {
    if (!k.node().isTextual()) {
      ctx.error(k.path(), "must be a string, got " + ParseContext.describe(k.node()));
      return Optional.empty();
    }
    String key = k.node().asText().strip();
    if (key.isEmpty()) {
      ctx.ocelotError(k.path(), "empty SSH key");
      return Optional.empty();
    }
    if (key.contains("\n") || key.contains("\r")) {
      ctx.ocelotError(k.path(), "must be a single line; put each key in its own list entry");
      return Optional.empty();
    }
    for (int i = 0; i < key.length(); i++) {
      if (key.charAt(i) != '\t' && Printable.needsEscape(key.charAt(i))) {
        ctx.ocelotError(k.path(), "contains a control character at position " + i);
        return Optional.empty();
      }
    }
    if (key.length() > MAX_KEY_LENGTH) {
      ctx.ocelotError(
          k.path(),
          "is "
              + key.length()
              + " characters long; an SSH public key line is far shorter (limit "
              + MAX_KEY_LENGTH
              + ")");
      return Optional.empty();
    }
    return Optional.of(key);
  }

  /** Set fields other than name, keys and hash; Go's zero values count as unset, as in MCO. */
  private static Map<String, String> otherFields(JsonNode user) {
    Map<String, String> other = new TreeMap<>();
    for (Iterator<Map.Entry<String, JsonNode>> it = user.fields(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> f = it.next();
      String n = f.getKey();
      if (n.equals("name") || n.equals("sshAuthorizedKeys") || n.equals("passwordHash")) {
        continue;
      }
      if (!isZero(f.getValue())) {
        other.put(n, CanonicalJson.text(f.getValue()));
      }
    }
    return other;
  }

  private static boolean isZero(JsonNode v) {
    return v.isNull()
        || (v.isTextual() && v.asText().isEmpty())
        || (v.isBoolean() && !v.asBoolean())
        || (v.isNumber() && v.asDouble() == 0)
        || (v.isContainerNode() && v.isEmpty());
  }
}

package io.ocelot.api.ignition;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;

/**
 * Builds Ignition config JSON in code (the simulator's base configs, tests). Writes the current
 * spec unless told otherwise; file contents become base64 {@code data:} URLs.
 */
public final class IgnitionBuilder {
  private final ObjectNode root = JsonNodeFactory.instance.objectNode();

  private IgnitionBuilder(String version) {
    root.putObject("ignition").put("version", version);
  }

  public static IgnitionBuilder v3() {
    return new IgnitionBuilder(SpecVersion.V3_5.toString());
  }

  public static IgnitionBuilder version(String version) {
    return new IgnitionBuilder(version);
  }

  /** A root-owned file with mode 0644. */
  public IgnitionBuilder file(String path, String contents) {
    return file(path, contents, FileEntry.DEFAULT_MODE);
  }

  public IgnitionBuilder file(String path, String contents, int mode) {
    ObjectNode f = list("storage", "files").addObject();
    f.put("path", path).put("mode", mode).put("overwrite", true);
    f.putObject("contents").put("source", DataUrl.encodeBase64(Bytes.utf8(contents)));
    return this;
  }

  /** A unit with contents; {@code enabled} null leaves enablement to presets. */
  public IgnitionBuilder unit(String name, String contents, Boolean enabled) {
    ObjectNode u = list("systemd", "units").addObject().put("name", name);
    if (contents != null) {
      u.put("contents", contents);
    }
    if (enabled != null) {
      u.put("enabled", enabled);
    }
    return this;
  }

  /** A masked unit (a link to /dev/null in place of its file). */
  public IgnitionBuilder mask(String name) {
    list("systemd", "units").addObject().put("name", name).put("mask", true);
    return this;
  }

  /** A dropin on a unit (added to the unit's entry, or a new entry without contents). */
  public IgnitionBuilder dropin(String unit, String name, String contents) {
    ObjectNode entry = null;
    for (var u : list("systemd", "units")) {
      if (u.path("name").asText().equals(unit)) {
        entry = (ObjectNode) u;
      }
    }
    if (entry == null) {
      entry = list("systemd", "units").addObject().put("name", unit);
    }
    ArrayNode dropins = entry.get("dropins") instanceof ArrayNode a ? a : entry.putArray("dropins");
    dropins.addObject().put("name", name).put("contents", contents);
    return this;
  }

  /** The {@code core} user with SSH keys and, when not null, a password hash. */
  public IgnitionBuilder core(List<String> sshKeys, String passwordHash) {
    ObjectNode u = list("passwd", "users").addObject().put("name", User.CORE);
    ArrayNode keys = u.putArray("sshAuthorizedKeys");
    sshKeys.forEach(keys::add);
    if (passwordHash != null) {
      u.put("passwordHash", passwordHash);
    }
    return this;
  }

  public ObjectNode build() {
    return root.deepCopy();
  }

  private ArrayNode list(String section, String field) {
    ObjectNode s = root.get(section) instanceof ObjectNode o ? o : root.putObject(section);
    return s.get(field) instanceof ArrayNode a ? a : s.putArray(field);
  }
}

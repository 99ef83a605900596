package io.ocelot.api.ignition;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Ignition's rules across the storage and systemd sections, for what the daemon never applies
 * (links and directories, which a node only gets at first boot) as for what it does: a path through
 * a configured link, a link without a target, a hard link to a configured directory or with an
 * owner, and a file, directory or link where a unit or dropin is written. Ignition's words and
 * field paths (coreos/ignition config/v3_5/types: storage.go, config.go).
 */
final class StorageRules {
  private static final String UNIT_DIR = "/etc/systemd/system/";

  private StorageRules() {}

  static void check(ParseContext ctx, JsonNode raw) {
    JsonNode storage = raw.path("storage");
    JsonNode links = storage.path("links");
    throughLinks(ctx, storage.path("files"), links, "storage.files", "file");
    throughLinks(ctx, storage.path("directories"), links, "storage.directories", "directory");
    throughLinks(ctx, links, links, "storage.links", "link");
    Set<String> directories = new HashSet<>();
    storage.path("directories").forEach(d -> directories.add(d.path("path").asText("")));
    for (int i = 0; i < links.size(); i++) {
      link(ctx, links.get(i), "storage.links[" + i + "]", directories);
    }
    Set<String> unitPaths = unitPaths(raw.path("systemd").path("units"));
    for (String section : List.of("files", "directories", "links")) {
      JsonNode nodes = storage.path(section);
      for (int i = 0; i < nodes.size(); i++) {
        if (unitPaths.contains(nodes.get(i).path("path").asText(""))) {
          ctx.error(
              "storage." + section + "[" + i + "].path",
              "path conflicts with systemd unit or dropin");
        }
      }
    }
  }

  private static void throughLinks(
      ParseContext ctx, JsonNode nodes, JsonNode links, String at, String what) {
    for (int i = 0; i < nodes.size(); i++) {
      String p = nodes.get(i).path("path").asText("");
      for (JsonNode l : links) {
        String lp = l.path("path").asText("");
        if (!lp.isEmpty() && p.startsWith(lp + "/")) {
          ctx.error(at + "[" + i + "]", what + " path includes link in config");
          break;
        }
      }
    }
  }

  private static void link(ParseContext ctx, JsonNode l, String at, Set<String> directories) {
    JsonNode target = l.path("target");
    if (!target.isTextual() || target.asText().isEmpty()) {
      ctx.error(at + ".target", "link target is required");
      return;
    }
    if (!l.path("hard").asBoolean(false)) {
      return;
    }
    String t = target.asText();
    // As Ignition computes it: a relative target joined to the link's own path.
    String resolved = clean(t.startsWith("/") ? t : l.path("path").asText("") + "/" + t);
    if (directories.contains(resolved)) {
      ctx.error(at, "hard link target is a directory");
    }
    for (String owner : List.of("user", "group")) {
      for (String field : List.of("id", "name")) {
        JsonNode v = l.path(owner).path(field);
        if (!v.isMissingNode() && !v.isNull()) {
          ctx.warn(at + "." + owner + "." + field, "user/group ignored for hard link");
        }
      }
    }
  }

  /** Go's path.Clean for an absolute path: no ".", no "..", no doubled or trailing slash. */
  static String clean(String path) {
    java.util.Deque<String> parts = new java.util.ArrayDeque<>();
    for (String p : path.split("/")) {
      if (p.isEmpty() || p.equals(".")) {
        continue;
      }
      if (p.equals("..")) {
        parts.pollLast();
      } else {
        parts.addLast(p);
      }
    }
    return "/" + String.join("/", parts);
  }

  /** Where the config's units and dropins with contents are written. */
  private static Set<String> unitPaths(JsonNode units) {
    Set<String> out = new HashSet<>();
    for (JsonNode u : units) {
      String name = u.path("name").asText("");
      if (!u.path("contents").asText("").isEmpty()) {
        out.add(UNIT_DIR + name);
      }
      for (JsonNode d : u.path("dropins")) {
        if (!d.path("contents").asText("").isEmpty()) {
          out.add(UNIT_DIR + name + ".d/" + d.path("name").asText(""));
        }
      }
    }
    return out;
  }
}

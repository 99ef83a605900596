package io.ocelot.api.render;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Ignition's merge of a child config into a parent (both in the current spec's shape): objects
 * merge field by field with the child winning; lists of entries merge by their key (files by path,
 * units by name, ...), new entries appended in order; lists of plain values are unions. {@code
 * contents} is replaced as a whole so that a source never meets a foreign compression.
 */
final class IgnitionMerge {
  /** Key field of each list of entries, by field path without indexes. */
  private static final Map<String, String> LIST_KEYS =
      Map.ofEntries(
          Map.entry("storage.files", "path"),
          Map.entry("storage.directories", "path"),
          Map.entry("storage.links", "path"),
          Map.entry("storage.files.append", "source"),
          Map.entry("storage.disks", "device"),
          Map.entry("storage.disks.partitions", "number"),
          Map.entry("storage.filesystems", "device"),
          Map.entry("storage.raid", "name"),
          Map.entry("storage.luks", "name"),
          Map.entry("systemd.units", "name"),
          Map.entry("systemd.units.dropins", "name"),
          Map.entry("passwd.users", "name"),
          Map.entry("passwd.groups", "name"));

  private static final String ATOMIC_FIELD = "contents";

  private IgnitionMerge() {}

  static ObjectNode merge(ObjectNode parent, ObjectNode child) {
    return mergeObjects(parent, child, "");
  }

  private static ObjectNode mergeObjects(ObjectNode parent, ObjectNode child, String path) {
    ObjectNode out = parent.deepCopy();
    for (Iterator<Map.Entry<String, JsonNode>> it = child.fields(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> e = it.next();
      String name = e.getKey();
      JsonNode c = e.getValue();
      JsonNode p = out.get(name);
      String childPath = path.isEmpty() ? name : path + "." + name;
      if (c.isNull()) {
        continue;
      }
      if (p instanceof ObjectNode po && c instanceof ObjectNode co && !name.equals(ATOMIC_FIELD)) {
        out.set(name, mergeObjects(po, co, childPath));
      } else if (p instanceof ArrayNode pa && c instanceof ArrayNode ca) {
        out.set(name, mergeLists(pa, ca, childPath));
      } else {
        out.set(name, c.deepCopy());
      }
    }
    return out;
  }

  private static ArrayNode mergeLists(ArrayNode parent, ArrayNode child, String path) {
    String key = LIST_KEYS.get(path);
    ArrayNode out = JsonNodeFactory.instance.arrayNode();
    if (key == null) {
      parent.forEach(v -> out.add(v.deepCopy()));
      for (JsonNode v : child) {
        if (!contains(out, v)) {
          out.add(v.deepCopy());
        }
      }
      return out;
    }
    Map<String, JsonNode> byKey = new LinkedHashMap<>();
    int unkeyed = 0;
    for (JsonNode v : parent) {
      byKey.put(keyOf(v, key, unkeyed++), v.deepCopy());
    }
    for (JsonNode v : child) {
      String k = keyOf(v, key, unkeyed++);
      JsonNode existing = byKey.get(k);
      if (existing instanceof ObjectNode eo && v instanceof ObjectNode vo) {
        byKey.put(k, mergeObjects(eo, vo, path));
      } else {
        byKey.put(k, v.deepCopy());
      }
    }
    byKey.values().forEach(out::add);
    return out;
  }

  private static String keyOf(JsonNode entry, String key, int position) {
    JsonNode k = entry.get(key);
    return k == null || k.isNull() ? "\0unkeyed-" + position : k.asText();
  }

  private static boolean contains(ArrayNode list, JsonNode value) {
    for (JsonNode v : list) {
      if (v.equals(value)) {
        return true;
      }
    }
    return false;
  }
}

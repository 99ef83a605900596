package io.ocelot.apiserver;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Iterator;
import java.util.Map;

/**
 * JSON merge patch as RFC 7386 defines it and the real API server applies it (pure): an object is
 * merged key by key, a {@code null} deletes the key, anything else — a list included — replaces the
 * value whole. (The mock store merges lists and stores the nulls; it corrupted objects.)
 */
final class MergePatches {
  private MergePatches() {}

  static JsonNode apply(JsonNode target, JsonNode patch) {
    if (patch == null || !patch.isObject()) {
      return patch;
    }
    ObjectNode result =
        target != null && target.isObject()
            ? ((ObjectNode) target).deepCopy()
            : JsonNodeFactory.instance.objectNode();
    for (Iterator<Map.Entry<String, JsonNode>> it = patch.fields(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> e = it.next();
      if (e.getValue().isNull()) {
        result.remove(e.getKey());
      } else {
        result.set(e.getKey(), apply(result.get(e.getKey()), e.getValue()));
      }
    }
    return result;
  }
}

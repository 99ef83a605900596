package io.ocelot.api.ignition;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.ocelot.api.json.Json;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;

/** JSON with object keys sorted at every level, so equal documents have equal text. */
public final class CanonicalJson {
  private CanonicalJson() {}

  /** A deep copy of {@code node} with object keys sorted. */
  public static JsonNode sorted(JsonNode node) {
    if (node.isObject()) {
      ObjectNode out = JsonNodeFactory.instance.objectNode();
      List<String> names = new ArrayList<>();
      for (Iterator<String> it = node.fieldNames(); it.hasNext(); ) {
        names.add(it.next());
      }
      names.sort(null);
      for (String name : names) {
        out.set(name, sorted(node.get(name)));
      }
      return out;
    }
    if (node.isArray()) {
      ArrayNode out = JsonNodeFactory.instance.arrayNode();
      node.forEach(e -> out.add(sorted(e)));
      return out;
    }
    return node.deepCopy();
  }

  /** Compact canonical text of {@code node}. */
  public static String text(JsonNode node) {
    try {
      return Json.MAPPER.writeValueAsString(sorted(node));
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("a JSON tree always serializes", e);
    }
  }
}

package io.ocelot.api.render;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.ocelot.api.ignition.LegacyDuplicates;
import io.ocelot.api.ignition.SpecVersion;
import java.util.Iterator;
import java.util.Map;

/**
 * Brings a valid Ignition config into the shape of spec {@value #TARGET_VERSION}, the version of
 * rendered configs. 3.x configs only change their version (each 3.x spec adds to the previous); 2.x
 * configs are folded as MCO folds them ({@link LegacyDuplicates}) and translated.
 */
final class IgnitionTranslator {
  static final String TARGET_VERSION = "3.5.0";

  private IgnitionTranslator() {}

  /** A translated copy; {@code version} must be the config's own (already validated) version. */
  static ObjectNode toCurrent(JsonNode config, SpecVersion version) {
    ObjectNode out = config.deepCopy();
    if (version.isV2()) {
      out = (ObjectNode) LegacyDuplicates.fold(out).config();
      translateV2(out);
    }
    ObjectNode ignition =
        out.get("ignition") instanceof ObjectNode o ? o : out.putObject("ignition");
    ignition.put("version", TARGET_VERSION);
    return out;
  }

  private static void translateV2(ObjectNode config) {
    config.remove("networkd");
    config.set("ignition", JsonNodeFactory.instance.objectNode());
    for (JsonNode file : config.path("storage").path("files")) {
      ObjectNode f = (ObjectNode) file;
      f.remove("filesystem");
      boolean append = f.path("append").asBoolean(false);
      f.remove("append");
      if (append && f.has("contents")) {
        ArrayNode list = f.putArray("append");
        list.add(f.remove("contents"));
      }
    }
    for (JsonNode unit : config.path("systemd").path("units")) {
      ObjectNode u = (ObjectNode) unit;
      JsonNode enable = u.remove("enable");
      if (enable != null && enable.asBoolean(false) && !u.has("enabled")) {
        u.put("enabled", true);
      }
    }
    for (JsonNode user : config.path("passwd").path("users")) {
      ObjectNode u = (ObjectNode) user;
      if (u.remove("create") instanceof ObjectNode create) {
        for (Iterator<Map.Entry<String, JsonNode>> it = create.fields(); it.hasNext(); ) {
          Map.Entry<String, JsonNode> e = it.next();
          if (!u.has(e.getKey())) {
            u.set(e.getKey(), e.getValue());
          }
        }
      }
    }
  }
}

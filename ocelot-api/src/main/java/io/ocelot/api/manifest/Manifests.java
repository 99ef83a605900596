package io.ocelot.api.manifest;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import io.ocelot.api.json.Json;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads Kubernetes objects from YAML or JSON text: one object, several YAML documents, or a {@code
 * List} with {@code items}. Pure: text in, trees out.
 */
public final class Manifests {
  private Manifests() {}

  /** An object read from a manifest and where it was found, e.g. {@code document 2, items[0]}. */
  public record Manifest(JsonNode object, String location) {
    public String kind() {
      return object.path("kind").asText("");
    }

    public String name() {
      return object.path("metadata").path("name").asText("");
    }
  }

  /** The objects of a text, or why it could not be read. */
  public sealed interface ReadResult permits Read, Unreadable {}

  public record Read(List<Manifest> manifests) implements ReadResult {
    public Read {
      manifests = List.copyOf(manifests);
    }
  }

  public record Unreadable(String reason) implements ReadResult {}

  public static ReadResult read(String text) {
    List<JsonNode> documents = new ArrayList<>();
    // One readTree per YAML document; readValues would unwrap a root-level list.
    try (JsonParser parser = Json.YAML.getFactory().createParser(text)) {
      for (JsonNode doc; (doc = Json.YAML.readTree(parser)) != null; ) {
        if (!isEmptyDocument(doc)) {
          documents.add(doc);
        }
      }
    } catch (JsonProcessingException e) {
      return new Unreadable("malformed YAML/JSON: " + describe(e));
    } catch (IOException e) {
      return new Unreadable("malformed YAML/JSON: " + e.getMessage());
    }
    if (documents.isEmpty()) {
      return new Unreadable("no objects found");
    }
    List<Manifest> out = new ArrayList<>();
    for (int d = 0; d < documents.size(); d++) {
      String where = documents.size() > 1 ? "document " + (d + 1) : "";
      if (!flatten(documents.get(d), where, out)) {
        return new Unreadable(
            (where.isEmpty() ? "" : where + ": ") + "not a Kubernetes object (expected a mapping)");
      }
    }
    return new Read(out);
  }

  private static boolean isEmptyDocument(JsonNode doc) {
    return doc.isNull() || doc.isMissingNode() || (doc.isTextual() && doc.asText().isEmpty());
  }

  private static boolean flatten(JsonNode doc, String where, List<Manifest> out) {
    if (!doc.isObject()) {
      return false;
    }
    if (doc.path("kind").asText("").endsWith("List") && doc.path("items").isArray()) {
      JsonNode items = doc.get("items");
      for (int i = 0; i < items.size(); i++) {
        String at = (where.isEmpty() ? "" : where + ", ") + "items[" + i + "]";
        if (!items.get(i).isObject()) {
          return false;
        }
        out.add(new Manifest(items.get(i), at));
      }
      return true;
    }
    out.add(new Manifest(doc, where));
    return true;
  }

  private static String describe(JsonProcessingException e) {
    String msg = e.getOriginalMessage();
    if (e.getLocation() != null && e.getLocation().getLineNr() > 0) {
      msg +=
          " at line " + e.getLocation().getLineNr() + ", column " + e.getLocation().getColumnNr();
    }
    return msg;
  }
}

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
    try {
      for (JsonNode doc : isJson(text) ? readJson(text) : YamlTrees.read(text)) {
        if (!isEmptyDocument(doc)) {
          documents.add(doc);
        }
      }
    } catch (JsonProcessingException e) {
      return new Unreadable("malformed JSON: " + describe(e));
    } catch (IOException e) {
      return new Unreadable("malformed JSON: " + e.getMessage());
    } catch (YamlTrees.YamlProblem e) {
      return new Unreadable("malformed YAML: " + e.getMessage());
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

  /** JSON as kubectl tells it from YAML: the first character that is not a space is a brace. */
  private static boolean isJson(String text) {
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c != ' ' && c != '\t' && c != '\r' && c != '\n' && c != '\uFEFF') {
        return c == '{' || c == '[';
      }
    }
    return false;
  }

  /** A stream of JSON values (one is the usual case); duplicate keys are refused. */
  private static List<JsonNode> readJson(String text) throws IOException {
    List<JsonNode> out = new ArrayList<>();
    try (JsonParser parser = Json.MAPPER.getFactory().createParser(text)) {
      parser.enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION);
      while (parser.nextToken() != null) {
        out.add(Json.MAPPER.readTree(parser));
      }
    }
    return out;
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

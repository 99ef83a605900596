package io.ocelot.apiserver;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Field selectors on list requests ({@code ?fieldSelector=spec.nodeName=worker-0}), which the plain
 * store answers with an empty list. Supports {@code =}, {@code ==} and {@code !=} on any dotted
 * field path, comma-joined, as the API server does for the fields it indexes.
 */
final class FieldSelectors {
  private FieldSelectors() {}

  record Term(String[] path, String value, boolean equal) {
    boolean matches(JsonNode object) {
      JsonNode n = object;
      for (String p : path) {
        n = n.path(p);
      }
      String actual = n.isMissingNode() || n.isNull() ? "" : n.asText();
      return actual.equals(value) == equal;
    }
  }

  /** A request path split into the path without the selector and the selector's terms. */
  record Split(String path, List<Term> terms) {}

  static Optional<Split> split(String path) {
    int q = path.indexOf('?');
    if (q < 0) {
      return Optional.empty();
    }
    List<String> kept = new ArrayList<>();
    List<Term> terms = new ArrayList<>();
    for (String param : path.substring(q + 1).split("&")) {
      if (param.startsWith("fieldSelector=")) {
        String selector =
            URLDecoder.decode(param.substring("fieldSelector=".length()), StandardCharsets.UTF_8);
        for (String term : selector.split(",")) {
          if (!term.isBlank()) {
            terms.add(term(term.trim()));
          }
        }
      } else {
        kept.add(param);
      }
    }
    if (terms.isEmpty()) {
      return Optional.empty();
    }
    String base = path.substring(0, q) + (kept.isEmpty() ? "" : "?" + String.join("&", kept));
    return Optional.of(new Split(base, terms));
  }

  /**
   * {@code /api/v1/nodes?fieldSelector=metadata.name%3Da&watch=true} → {@code
   * /api/v1/nodes/a?watch=true}, when the name is the only field selected.
   */
  static Optional<String> byName(String path) {
    Optional<Split> split = split(path);
    if (split.isEmpty() || split.get().terms().size() != 1) {
      return Optional.empty();
    }
    Term t = split.get().terms().get(0);
    if (!t.equal()
        || t.path().length != 2
        || !t.path()[0].equals("metadata")
        || !t.path()[1].equals("name")) {
      return Optional.empty();
    }
    String base = split.get().path();
    int q = base.indexOf('?');
    String resource = q < 0 ? base : base.substring(0, q);
    String query = q < 0 ? "" : base.substring(q);
    return Optional.of(resource + "/" + t.value() + query);
  }

  private static Term term(String t) {
    boolean equal = !t.contains("!=");
    String[] kv = t.split(equal ? "==?" : "!=", 2);
    return new Term(kv[0].split("\\."), kv.length > 1 ? kv[1] : "", equal);
  }

  /** Keeps the list's items that match every term. */
  static void filter(ObjectNode list, List<Term> terms) {
    JsonNode items = list.path("items");
    if (!items.isArray()) {
      return;
    }
    ArrayNode kept = list.putArray("items");
    for (JsonNode item : items) {
      if (terms.stream().allMatch(t -> t.matches(item))) {
        kept.add(item);
      }
    }
  }
}

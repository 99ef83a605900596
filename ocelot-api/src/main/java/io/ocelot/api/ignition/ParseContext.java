package io.ocelot.api.ignition;

import com.fasterxml.jackson.databind.JsonNode;
import io.ocelot.api.text.Printable;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/** Collects problems while walking a JSON tree, with typed field readers that report by path. */
final class ParseContext {
  private final List<Problem> problems = new ArrayList<>();
  private final SpecVersion version;
  private long decodedBytes;

  ParseContext(SpecVersion version) {
    this.version = version;
  }

  SpecVersion version() {
    return version;
  }

  void error(String path, String message) {
    problems.add(Problem.error(path, message));
  }

  /** An error of Ocelot's own: MCO accepts the config ({@link Problem#ocelotOnly()}). */
  void ocelotError(String path, String message) {
    problems.add(Problem.ocelotError(path, message));
  }

  void warn(String path, String message) {
    problems.add(Problem.warning(path, message));
  }

  void add(Problem problem) {
    problems.add(problem);
  }

  boolean hasErrors() {
    return problems.stream().anyMatch(Problem::isError);
  }

  List<Problem> problems() {
    return List.copyOf(problems);
  }

  /** Adds to the running total of decoded bytes and returns the new total. */
  long countDecoded(long bytes) {
    decodedBytes += bytes;
    return decodedBytes;
  }

  /** Warns about every field of {@code obj} not in {@code known}: usually a typo. */
  void knownFields(JsonNode obj, String path, Set<String> known) {
    for (Iterator<String> it = obj.fieldNames(); it.hasNext(); ) {
      String name = it.next();
      if (!known.contains(name)) {
        warn(FieldPath.join(path, name), "unknown field (ignored)");
      }
    }
  }

  Optional<JsonNode> object(JsonNode parent, String field, String parentPath) {
    return typed(parent, field, parentPath, JsonNode::isObject, "an object");
  }

  Optional<JsonNode> array(JsonNode parent, String field, String parentPath) {
    return typed(parent, field, parentPath, JsonNode::isArray, "a list");
  }

  Optional<String> string(JsonNode parent, String field, String parentPath) {
    return typed(parent, field, parentPath, JsonNode::isTextual, "a string").map(JsonNode::asText);
  }

  Optional<Boolean> bool(JsonNode parent, String field, String parentPath) {
    return typed(parent, field, parentPath, JsonNode::isBoolean, "true or false")
        .map(JsonNode::asBoolean);
  }

  Optional<Integer> integer(JsonNode parent, String field, String parentPath) {
    return typed(
            parent,
            field,
            parentPath,
            n -> n.isIntegralNumber() && n.canConvertToInt(),
            "an integer")
        .map(JsonNode::asInt);
  }

  /** Elements of a list field (none when absent), with their paths. */
  List<Element> elements(JsonNode parent, String field, String parentPath) {
    List<Element> out = new ArrayList<>();
    String path = FieldPath.join(parentPath, field);
    array(parent, field, parentPath)
        .ifPresent(
            arr -> {
              for (int i = 0; i < arr.size(); i++) {
                out.add(new Element(arr.get(i), FieldPath.index(path, i)));
              }
            });
    return out;
  }

  /** The string elements of a list field (none when absent); other elements are reported. */
  List<String> strings(JsonNode parent, String field, String parentPath) {
    List<String> out = new ArrayList<>();
    for (Element e : elements(parent, field, parentPath)) {
      if (e.node().isTextual()) {
        out.add(e.node().asText());
      } else {
        error(e.path(), "must be a string, got " + describe(e.node()));
      }
    }
    return out;
  }

  /**
   * The object elements of a list field; other elements are reported. The list's own type is
   * checked only when {@code checkList}: a section another parser reads reports it there.
   */
  List<Element> objects(JsonNode parent, String field, String parentPath, boolean checkList) {
    List<Element> out = new ArrayList<>();
    JsonNode list = parent.path(field);
    List<Element> all =
        checkList || list.isArray() ? elements(parent, field, parentPath) : List.of();
    for (Element e : all) {
      if (e.node().isObject()) {
        out.add(e);
      } else {
        error(e.path(), "must be an object, got " + describe(e.node()));
      }
    }
    return out;
  }

  /** Ignition's rule for keyed lists: a key seen before in the same list is a duplicate. */
  void duplicate(Set<String> seen, String key, String path) {
    if (!seen.add(key)) {
      error(path, "duplicate entry defined");
    }
  }

  /** A list element and its field path. */
  record Element(JsonNode node, String path) {}

  private Optional<JsonNode> typed(
      JsonNode parent,
      String field,
      String parentPath,
      java.util.function.Predicate<JsonNode> ok,
      String expected) {
    JsonNode n = parent.get(field);
    if (n == null || n.isNull()) {
      return Optional.empty();
    }
    if (!ok.test(n)) {
      error(FieldPath.join(parentPath, field), "must be " + expected + ", got " + describe(n));
      return Optional.empty();
    }
    return Optional.of(n);
  }

  /** How a person reads a JSON value in an error message. */
  static String describe(JsonNode n) {
    if (n.isTextual()) {
      return "string " + quote(n.asText());
    }
    if (n.isNumber()) {
      return "number " + n.asText();
    }
    if (n.isBoolean()) {
      return n.asText();
    }
    if (n.isArray()) {
      return "a list";
    }
    if (n.isObject()) {
      return "an object";
    }
    return n.getNodeType().toString().toLowerCase(java.util.Locale.ROOT);
  }

  /** Quotes a value Go-style ({@code %q}), shortening very long values. */
  static String quote(String s) {
    return Printable.quote(s);
  }
}

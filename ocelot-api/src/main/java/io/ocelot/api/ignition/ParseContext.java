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

  void warn(String path, String message) {
    problems.add(Problem.warning(path, message));
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

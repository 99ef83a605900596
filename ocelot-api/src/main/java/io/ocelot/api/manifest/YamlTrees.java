package io.ocelot.api.manifest;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.ocelot.api.text.Printable;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.snakeyaml.engine.v2.api.ConstructNode;
import org.snakeyaml.engine.v2.api.LoadSettings;
import org.snakeyaml.engine.v2.api.lowlevel.Compose;
import org.snakeyaml.engine.v2.common.ScalarStyle;
import org.snakeyaml.engine.v2.exceptions.Mark;
import org.snakeyaml.engine.v2.exceptions.MarkedYamlEngineException;
import org.snakeyaml.engine.v2.exceptions.ReaderException;
import org.snakeyaml.engine.v2.exceptions.YamlEngineException;
import org.snakeyaml.engine.v2.nodes.MappingNode;
import org.snakeyaml.engine.v2.nodes.Node;
import org.snakeyaml.engine.v2.nodes.NodeTuple;
import org.snakeyaml.engine.v2.nodes.ScalarNode;
import org.snakeyaml.engine.v2.nodes.SequenceNode;
import org.snakeyaml.engine.v2.nodes.Tag;
import org.snakeyaml.engine.v2.resolver.ScalarResolver;
import org.snakeyaml.engine.v2.schema.Schema;

/**
 * Reads YAML documents into JSON trees as kubectl would: aliases are expanded (within a budget, so
 * the "billion laughs" stays harmless), duplicate keys are refused, a merge key is refused rather
 * than kept as a key named {@code <<}. The whole document is the parser's buffer, which keeps a
 * scalar of several MiB linear (with the default buffer the parser copies it once per KiB).
 */
final class YamlTrees {
  /** Nodes the aliases of one document may expand to, and characters of scalars. */
  static final int MAX_EXPANDED_NODES = 250_000;

  static final long MAX_EXPANDED_CHARS = 64L * 1024 * 1024;

  private static final int MAX_ALIASES = 100;

  /** The tag our schema gives an untagged plain scalar, resolved later by YAML 1.1's rules. */
  private static final Tag PLAIN = new Tag("tag:ocelot.io,2026:plain");

  private static final Schema SCHEMA =
      new Schema() {
        @Override
        public ScalarResolver getScalarResolver() {
          return (value, implicit) -> implicit ? PLAIN : Tag.STR;
        }

        @Override
        public Map<Tag, ConstructNode> getSchemaTagConstructors() {
          return Map.of();
        }
      };
  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

  /** Levels of nesting a document may have: Kubernetes objects stay far below it. */
  static final int MAX_DEPTH = 200;

  /** A document that could not be read, with the place in the text when known. */
  static final class YamlProblem extends Exception {
    YamlProblem(String message) {
      super(message, null, false, false);
    }
  }

  private YamlTrees() {}

  /** Every document of the text, in order; empty documents are left out. */
  static List<JsonNode> read(String text) throws YamlProblem {
    LoadSettings settings =
        LoadSettings.builder()
            .setBufferSize(text.length() + 1)
            .setCodePointLimit(Math.max(text.length() + 1, 3 * 1024 * 1024))
            .setMaxAliasesForCollections(MAX_ALIASES)
            .setAllowRecursiveKeys(false)
            .setSchema(SCHEMA)
            .build();
    List<JsonNode> out = new ArrayList<>();
    try {
      for (Node document : new Compose(settings).composeAllFromString(text)) {
        out.add(new Converter().convert(document));
      }
    } catch (MarkedYamlEngineException e) {
      throw new YamlProblem(e.getProblem() + e.getProblemMark().map(YamlTrees::at).orElse(""));
    } catch (ReaderException e) {
      throw new YamlProblem(
          String.format(
              "character U+%04X at position %d is not allowed in YAML",
              e.getCodePoint(), e.getPosition()));
    } catch (YamlEngineException e) {
      throw new YamlProblem(e.getMessage());
    } catch (StackOverflowError e) {
      // SnakeYAML composes recursively: thousands of nested levels run out of stack before our
      // own depth limit is reached. Unwound here, the reader's state is gone with it.
      throw new YamlProblem(
          "the document nests too deeply to read (the limit is " + MAX_DEPTH + " levels)");
    }
    return out;
  }

  private static String at(Mark mark) {
    return " at line " + (mark.getLine() + 1) + ", column " + (mark.getColumn() + 1);
  }

  private static String at(Node node) {
    return node.getStartMark().map(YamlTrees::at).orElse("");
  }

  /** One document's conversion; counts what aliases expand to and sees an alias of itself. */
  private static final class Converter {
    private final Map<Node, Boolean> open = new IdentityHashMap<>();
    private long nodes;
    private long chars;

    JsonNode convert(Node node) throws YamlProblem {
      if (++nodes > MAX_EXPANDED_NODES) {
        throw new YamlProblem(
            "the document expands to more than " + MAX_EXPANDED_NODES + " nodes" + at(node));
      }
      if (node instanceof ScalarNode scalar) {
        return scalar(scalar);
      }
      if (open.size() >= MAX_DEPTH) {
        throw new YamlProblem("the document nests deeper than " + MAX_DEPTH + " levels" + at(node));
      }
      if (open.put(node, Boolean.TRUE) != null) {
        throw new YamlProblem(
            "alias *"
                + node.getAnchor().map(Object::toString).orElse("")
                + " refers to a node that contains it"
                + at(node));
      }
      try {
        return node instanceof MappingNode mapping
            ? mapping(mapping)
            : sequence((SequenceNode) node);
      } finally {
        open.remove(node);
      }
    }

    private JsonNode scalar(ScalarNode scalar) throws YamlProblem {
      chars += scalar.getValue().length();
      if (chars > MAX_EXPANDED_CHARS) {
        throw new YamlProblem(
            "the document's text expands to more than "
                + MAX_EXPANDED_CHARS
                + " characters"
                + at(scalar));
      }
      String value = scalar.getValue();
      if (scalar.getTag().equals(PLAIN)) {
        return YamlScalars.plain(value);
      }
      Optional<JsonNode> tagged = YamlScalars.tagged(scalar.getTag().getValue(), value);
      if (tagged.isEmpty()) {
        throw new YamlProblem(
            Printable.quote(value) + " is not a valid " + scalar.getTag().getValue() + at(scalar));
      }
      return tagged.get();
    }

    private ObjectNode mapping(MappingNode mapping) throws YamlProblem {
      ObjectNode out = NODES.objectNode();
      Map<String, Node> seen = new HashMap<>();
      for (NodeTuple tuple : mapping.getValue()) {
        if (!(tuple.getKeyNode() instanceof ScalarNode key)) {
          throw new YamlProblem("a mapping key must be a scalar" + at(tuple.getKeyNode()));
        }
        String name = key.getValue();
        if (name.equals("<<") && key.getScalarStyle() == ScalarStyle.PLAIN) {
          throw new YamlProblem("merge keys (<<) are not supported; write the keys out" + at(key));
        }
        Node first = seen.putIfAbsent(name, key);
        if (first != null) {
          throw new YamlProblem(
              "duplicate key "
                  + Printable.quote(name)
                  + at(key)
                  + first.getStartMark().map(m -> " (first" + at(m) + ")").orElse(""));
        }
        out.set(name, convert(tuple.getValueNode()));
      }
      return out;
    }

    private ArrayNode sequence(SequenceNode sequence) throws YamlProblem {
      ArrayNode out = NODES.arrayNode();
      for (Node item : sequence.getValue()) {
        out.add(convert(item));
      }
      return out;
    }
  }
}

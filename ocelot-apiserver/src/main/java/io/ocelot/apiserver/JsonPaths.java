package io.ocelot.apiserver;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The JSONPath subset of CRD printer columns: {@code .a.b} (with {@code \.} inside a key), {@code
 * [N]} and {@code [?(@.key=="value")]}. A path that finds nothing yields "".
 */
final class JsonPaths {
  private static final Pattern FILTER =
      Pattern.compile("\\[\\?\\(@\\.([A-Za-z0-9_-]+)==\"([^\"]*)\"\\)\\]");
  private static final Pattern INDEX = Pattern.compile("\\[(\\d+)\\]");

  private JsonPaths() {}

  static String text(JsonNode root, String path) {
    List<JsonNode> nodes = List.of(root);
    int i = 0;
    while (i < path.length() && !nodes.isEmpty()) {
      char c = path.charAt(i);
      if (c == '.') {
        StringBuilder key = new StringBuilder();
        i++;
        while (i < path.length() && path.charAt(i) != '.' && path.charAt(i) != '[') {
          if (path.charAt(i) == '\\' && i + 1 < path.length()) {
            i++;
          }
          key.append(path.charAt(i++));
        }
        nodes = step(nodes, n -> List.of(n.path(key.toString())));
      } else if (c == '[') {
        Matcher f = FILTER.matcher(path).region(i, path.length());
        Matcher x = INDEX.matcher(path).region(i, path.length());
        if (f.lookingAt()) {
          String k = f.group(1);
          String v = f.group(2);
          nodes =
              step(
                  nodes,
                  n -> {
                    List<JsonNode> out = new ArrayList<>();
                    n.forEach(
                        e -> {
                          if (v.equals(e.path(k).asText(null))) {
                            out.add(e);
                          }
                        });
                    return out;
                  });
          i = f.end();
        } else if (x.lookingAt()) {
          int index = Integer.parseInt(x.group(1));
          nodes = step(nodes, n -> List.of(n.path(index)));
          i = x.end();
        } else {
          return "";
        }
      } else {
        return "";
      }
    }
    List<String> values = new ArrayList<>();
    for (JsonNode n : nodes) {
      if (!n.isMissingNode() && !n.isNull()) {
        values.add(n.isValueNode() ? n.asText() : n.toString());
      }
    }
    return String.join(",", values);
  }

  private static List<JsonNode> step(
      List<JsonNode> nodes, java.util.function.Function<JsonNode, List<JsonNode>> f) {
    List<JsonNode> out = new ArrayList<>();
    for (JsonNode n : nodes) {
      for (JsonNode m : f.apply(n)) {
        if (!m.isMissingNode()) {
          out.add(m);
        }
      }
    }
    return out;
  }
}

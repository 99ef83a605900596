package io.ocelot.api.model.crd;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLGenerator;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import io.fabric8.crd.generator.annotation.AdditionalPrinterColumn;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.ocelot.api.model.Mco;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;

/**
 * Finishes the CRDs fabric8's generator writes, in the build right after it: printer columns in the
 * order the model declares them (the generator sorts them by name, but admins' scripts parse
 * upstream's order) and without the default priority the server drops, and list-map topology
 * ({@link ListMap}) the generator cannot express.
 */
public final class CrdFinisher {
  private static final String HEADER =
      "# Generated from Ocelot's model (ocelot-api); do not edit.\n";
  private static final YAMLMapper YAML =
      new YAMLMapper(
          YAMLFactory.builder().disable(YAMLGenerator.Feature.WRITE_DOC_START_MARKER).build());

  private CrdFinisher() {}

  /** Finishes every kind's CRD in the directory {@code args[0]} in place. */
  public static void main(String[] args) throws IOException {
    Path dir = Path.of(args[0]);
    for (Class<? extends HasMetadata> kind : Mco.KINDS) {
      Path file = dir.resolve(Mco.crdFileName(kind));
      JsonNode crd = YAML.readTree(Files.readString(file, StandardCharsets.UTF_8));
      finish((ObjectNode) crd, kind);
      Files.writeString(file, HEADER + YAML.writeValueAsString(crd), StandardCharsets.UTF_8);
    }
  }

  static void finish(ObjectNode crd, Class<?> kind) {
    List<String> order =
        Arrays.stream(kind.getAnnotationsByType(AdditionalPrinterColumn.class))
            .map(AdditionalPrinterColumn::name)
            .toList();
    ListMap[] listMaps = kind.getAnnotationsByType(ListMap.class);
    for (JsonNode version : crd.path("spec").path("versions")) {
      if (version.get("additionalPrinterColumns") instanceof ArrayNode columns) {
        reorder(columns, order);
        // The server stores no zero priority; a file that says "priority: 0" holds another
        // spec.versions (an atomic list) than the live CRD, and every second server-side
        // applier of it (an admin's kubectl after Ocelot's install) conflicted.
        columns.forEach(
            c -> {
              if (c.path("priority").isInt() && c.path("priority").asInt() == 0) {
                ((ObjectNode) c).remove("priority");
              }
            });
      }
      for (ListMap listMap : listMaps) {
        markListMap(version.path("schema").path("openAPIV3Schema"), listMap);
      }
      dedupeRules(version.path("schema"));
    }
  }

  private static void reorder(ArrayNode columns, List<String> order) {
    List<JsonNode> sorted = new ArrayList<>();
    columns.forEach(sorted::add);
    sorted.sort(Comparator.comparingInt(c -> rank(order, c.path("name").asText())));
    columns.removeAll();
    columns.addAll(sorted);
  }

  private static int rank(List<String> order, String name) {
    int i = order.indexOf(name);
    return i < 0 ? order.size() : i;
  }

  private static void markListMap(JsonNode root, ListMap listMap) {
    JsonNode schema = root;
    for (String segment : listMap.path().split("\\.")) {
      schema = schema.path("properties").path(segment);
    }
    if (!(schema instanceof ObjectNode list) || !"array".equals(list.path("type").asText())) {
      throw new IllegalStateException("no list at " + listMap.path() + " in the schema");
    }
    list.put("x-kubernetes-list-type", "map");
    ArrayNode keys = list.putArray("x-kubernetes-list-map-keys");
    // The API server requires every map key to be a required property of the entries.
    ObjectNode items = (ObjectNode) list.path("items");
    ArrayNode required =
        items.get("required") instanceof ArrayNode r ? r : items.putArray("required");
    for (String key : listMap.keys()) {
      keys.add(key);
      if (!contains(required, key)) {
        required.add(key);
      }
    }
  }

  /**
   * The generator writes a record component's rules twice (the annotation reaches both the field
   * and the accessor); the API server would evaluate each twice and report it twice.
   */
  private static void dedupeRules(JsonNode node) {
    if (node.get("x-kubernetes-validations") instanceof ArrayNode rules) {
      List<JsonNode> unique = new ArrayList<>();
      rules.forEach(
          r -> {
            if (!unique.contains(r)) {
              unique.add(r);
            }
          });
      rules.removeAll();
      rules.addAll(unique);
    }
    node.elements().forEachRemaining(CrdFinisher::dedupeRules);
  }

  private static boolean contains(ArrayNode array, String value) {
    for (JsonNode n : array) {
      if (n.asText().equals(value)) {
        return true;
      }
    }
    return false;
  }
}

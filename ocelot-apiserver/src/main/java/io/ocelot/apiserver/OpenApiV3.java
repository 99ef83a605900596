package io.ocelot.apiserver;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.Optional;

/**
 * Just enough OpenAPI v3 for {@code kubectl create -f}: its strict validation asks each group
 * version's document whether PATCH takes a {@code fieldValidation} parameter and, when it does,
 * leaves validation to the server instead of downloading the (protobuf) v2 schema. The store
 * validates nothing; what a schema would reject it stores as sent.
 */
final class OpenApiV3 {
  private static final String PREFIX = "/openapi/v3";
  private static final JsonNodeFactory JSON = JsonNodeFactory.instance;

  private OpenApiV3() {}

  static Optional<JsonNode> answer(String path, List<ApiResource> resources) {
    String p = path.contains("?") ? path.substring(0, path.indexOf('?')) : path;
    if (p.equals(PREFIX) || p.equals(PREFIX + "/")) {
      ObjectNode root = JSON.objectNode();
      ObjectNode paths = root.putObject("paths");
      resources.stream()
          .map(OpenApiV3::groupVersionPath)
          .distinct()
          .forEach(gv -> paths.putObject(gv).put("serverRelativeURL", PREFIX + "/" + gv));
      return Optional.of(root);
    }
    if (!p.startsWith(PREFIX + "/")) {
      return Optional.empty();
    }
    String gv = p.substring(PREFIX.length() + 1);
    List<ApiResource> inGroup =
        resources.stream()
            .filter(r -> groupVersionPath(r).equals(gv) && !r.plural().contains("/"))
            .toList();
    if (inGroup.isEmpty()) {
      return Optional.empty();
    }
    ObjectNode doc = JSON.objectNode();
    doc.put("openapi", "3.0.0");
    doc.putObject("info").put("title", "Ocelot embedded API server").put("version", gv);
    ObjectNode paths = doc.putObject("paths");
    for (ApiResource r : inGroup) {
      String collection =
          "/" + gv + (r.namespaced() ? "/namespaces/{namespace}/" : "/") + r.plural() + "/{name}";
      ObjectNode patch = paths.putObject(collection).putObject("patch");
      patch
          .putObject("x-kubernetes-group-version-kind")
          .put("group", r.group())
          .put("version", r.version())
          .put("kind", r.kind());
      patch
          .putArray("parameters")
          .addObject()
          .put("name", "fieldValidation")
          .put("in", "query")
          .putObject("schema")
          .put("type", "string");
      patch.putObject("responses");
    }
    return Optional.of(doc);
  }

  private static String groupVersionPath(ApiResource r) {
    return r.group().isEmpty() ? "api/" + r.version() : "apis/" + r.group() + "/" + r.version();
  }
}

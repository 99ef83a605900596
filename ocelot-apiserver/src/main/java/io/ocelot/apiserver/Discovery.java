package io.ocelot.apiserver;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The discovery documents a real API server serves and the store does not ({@code /version}, {@code
 * /api}, {@code /apis}, {@code /api/v1}, {@code /apis/<group>[/<version>]}): built-in kinds plus
 * every CustomResourceDefinition in the store, so that {@code kubectl get mcp} works. Pure: the
 * caller passes the stored CRDs.
 */
final class Discovery {
  private static final JsonNodeFactory JSON = JsonNodeFactory.instance;

  private Discovery() {}

  /** The document for {@code path}, or empty when the path is not a discovery path. */
  static Optional<JsonNode> answer(String path, List<ApiResource> all) {
    String p = path.contains("?") ? path.substring(0, path.indexOf('?')) : path;
    if (p.endsWith("/") && p.length() > 1) {
      p = p.substring(0, p.length() - 1);
    }
    String[] s = p.substring(1).split("/");
    if (p.equals("/version")) {
      return Optional.of(version());
    }
    if (p.equals("/api")) {
      ObjectNode o = object("APIVersions", null);
      o.putArray("versions").add("v1");
      o.putArray("serverAddressByClientCIDRs");
      return Optional.of(o);
    }
    if (p.equals("/apis")) {
      ObjectNode o = object("APIGroupList", "v1");
      ArrayNode groups = o.putArray("groups");
      groupVersions(all).forEach((g, versions) -> groups.add(group(g, versions)));
      return Optional.of(o);
    }
    if (p.equals("/api/v1")) {
      return Optional.of(resourceList("", "v1", all));
    }
    if (s.length == 2 && s[0].equals("apis")) {
      List<String> versions = groupVersions(all).get(s[1]);
      return versions == null ? Optional.empty() : Optional.of(group(s[1], versions));
    }
    if (s.length == 3 && s[0].equals("apis") && groupVersions(all).containsKey(s[1])) {
      return Optional.of(resourceList(s[1], s[2], all));
    }
    return Optional.empty();
  }

  static List<ApiResource> resources(List<JsonNode> crds) {
    List<ApiResource> all = new ArrayList<>(ApiResource.builtins());
    for (JsonNode crd : crds) {
      JsonNode spec = crd.path("spec");
      JsonNode names = spec.path("names");
      List<String> shortNames = new ArrayList<>();
      names.path("shortNames").forEach(n -> shortNames.add(n.asText()));
      boolean namespaced = spec.path("scope").asText().equals("Namespaced");
      String group = spec.path("group").asText();
      for (JsonNode v : spec.path("versions")) {
        if (!v.path("served").asBoolean(true)) {
          continue;
        }
        String version = v.path("name").asText();
        String kind = names.path("kind").asText();
        String plural = names.path("plural").asText();
        all.add(
            new ApiResource(
                group,
                version,
                plural,
                names.path("singular").asText(kind.toLowerCase(java.util.Locale.ROOT)),
                kind,
                namespaced,
                shortNames,
                ApiResource.ALL_VERBS));
        if (v.path("subresources").has("status")) {
          all.add(
              new ApiResource(
                  group,
                  version,
                  plural + "/status",
                  "",
                  kind,
                  namespaced,
                  List.of(),
                  List.of("get", "patch", "update")));
        }
      }
    }
    return all;
  }

  private static Map<String, List<String>> groupVersions(List<ApiResource> all) {
    Map<String, List<String>> out = new LinkedHashMap<>();
    for (ApiResource r : all) {
      if (!r.group().isEmpty()) {
        List<String> versions = out.computeIfAbsent(r.group(), g -> new ArrayList<>());
        if (!versions.contains(r.version())) {
          versions.add(r.version());
        }
      }
    }
    return out;
  }

  private static ObjectNode group(String name, List<String> versions) {
    ObjectNode g = object("APIGroup", "v1");
    g.put("name", name);
    ArrayNode vs = g.putArray("versions");
    for (String v : versions) {
      vs.addObject().put("groupVersion", name + "/" + v).put("version", v);
    }
    g.putObject("preferredVersion")
        .put("groupVersion", name + "/" + versions.get(0))
        .put("version", versions.get(0));
    return g;
  }

  private static ObjectNode resourceList(String group, String version, List<ApiResource> all) {
    ObjectNode o = object("APIResourceList", "v1");
    o.put("groupVersion", group.isEmpty() ? version : group + "/" + version);
    ArrayNode items = o.putArray("resources");
    for (ApiResource r : all) {
      if (r.group().equals(group) && r.version().equals(version)) {
        ObjectNode e = items.addObject();
        e.put("name", r.plural())
            .put("singularName", r.singular())
            .put("namespaced", r.namespaced())
            .put("kind", r.kind());
        r.verbs().forEach(e.putArray("verbs")::add);
        if (!r.shortNames().isEmpty()) {
          r.shortNames().forEach(e.putArray("shortNames")::add);
        }
      }
    }
    return o;
  }

  private static ObjectNode version() {
    ObjectNode o = JSON.objectNode();
    o.put("major", "1")
        .put("minor", "32")
        .put("gitVersion", "v1.32.0-ocelot-sim")
        .put("platform", "linux/amd64");
    return o;
  }

  private static ObjectNode object(String kind, String apiVersion) {
    ObjectNode o = JSON.objectNode();
    o.put("kind", kind);
    if (apiVersion != null) {
      o.put("apiVersion", apiVersion);
    }
    return o;
  }
}

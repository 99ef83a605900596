package io.ocelot.apiserver;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Server-side printing, what {@code kubectl get} asks for with {@code Accept: ...;as=Table}: the
 * columns a real API server shows for nodes and events, a CRD's printer columns for custom kinds,
 * and NAME/AGE for the rest. Pure: the caller passes the objects, the CRD and the time.
 */
final class Tables {
  private static final JsonNodeFactory JSON = JsonNodeFactory.instance;

  record Column(String name, String type, String path) {}

  private Tables() {}

  /** The table of a list ({@code items}) or of one object. */
  static JsonNode of(JsonNode body, String kind, Optional<JsonNode> crd, Instant now) {
    List<JsonNode> objects = new ArrayList<>();
    if (body.has("items")) {
      body.path("items").forEach(objects::add);
    } else {
      objects.add(body);
    }
    List<Column> columns = columns(kind, crd);
    ObjectNode table = JSON.objectNode();
    table.put("kind", "Table").put("apiVersion", "meta.k8s.io/v1");
    table
        .putObject("metadata")
        .put("resourceVersion", body.path("metadata").path("resourceVersion").asText(""));
    ArrayNode defs = table.putArray("columnDefinitions");
    for (Column c : columns) {
      defs.addObject()
          .put("name", c.name())
          .put("type", c.type().equals("date") ? "string" : c.type())
          .put("format", c.name().equals("Name") ? "name" : "")
          .put("description", "")
          .put("priority", 0);
    }
    ArrayNode rows = table.putArray("rows");
    for (JsonNode o : objects) {
      ObjectNode row = rows.addObject();
      ArrayNode cells = row.putArray("cells");
      for (Column c : columns) {
        cells.add(cell(o, kind, c, now));
      }
      row.set("object", o);
    }
    return table;
  }

  static List<Column> columns(String kind, Optional<JsonNode> crd) {
    if (kind.equals("Node")) {
      return List.of(
          new Column("Name", "string", ".metadata.name"),
          new Column("Status", "string", "node:status"),
          new Column("Roles", "string", "node:roles"),
          new Column("Age", "date", ".metadata.creationTimestamp"),
          new Column("Version", "string", ".status.nodeInfo.kubeletVersion"));
    }
    if (kind.equals("Event")) {
      return List.of(
          new Column("Last Seen", "date", ".lastTimestamp"),
          new Column("Type", "string", ".type"),
          new Column("Reason", "string", ".reason"),
          new Column("Object", "string", "event:object"),
          new Column("Message", "string", ".message"));
    }
    List<Column> out = new ArrayList<>(List.of(new Column("Name", "string", ".metadata.name")));
    boolean age = false;
    if (crd.isPresent()) {
      for (JsonNode v : crd.get().path("spec").path("versions")) {
        for (JsonNode c : v.path("additionalPrinterColumns")) {
          if (c.path("priority").asInt(0) == 0) {
            out.add(
                new Column(
                    c.path("name").asText(),
                    c.path("type").asText("string"),
                    c.path("jsonPath").asText()));
            age |= c.path("jsonPath").asText().equals(".metadata.creationTimestamp");
          }
        }
        break;
      }
    }
    if (!age) {
      out.add(new Column("Age", "date", ".metadata.creationTimestamp"));
    }
    return out;
  }

  private static String cell(JsonNode o, String kind, Column c, Instant now) {
    switch (c.path()) {
      case "node:status":
        return nodeStatus(o);
      case "node:roles":
        return roles(o);
      case "event:object":
        return o.path("involvedObject").path("kind").asText("").toLowerCase(java.util.Locale.ROOT)
            + "/"
            + o.path("involvedObject").path("name").asText("");
      default:
        String v = JsonPaths.text(o, c.path());
        return c.type().equals("date") ? age(v, now) : v;
    }
  }

  private static String nodeStatus(JsonNode node) {
    String ready = "Unknown";
    for (JsonNode c : node.path("status").path("conditions")) {
      if (c.path("type").asText().equals("Ready")) {
        ready = c.path("status").asText().equals("True") ? "Ready" : "NotReady";
      }
    }
    return node.path("spec").path("unschedulable").asBoolean(false)
        ? ready + ",SchedulingDisabled"
        : ready;
  }

  private static String roles(JsonNode node) {
    List<String> roles = new ArrayList<>();
    node.path("metadata")
        .path("labels")
        .fieldNames()
        .forEachRemaining(
            k -> {
              if (k.startsWith("node-role.kubernetes.io/")) {
                roles.add(k.substring("node-role.kubernetes.io/".length()));
              }
            });
    java.util.Collections.sort(roles);
    return roles.isEmpty() ? "<none>" : String.join(",", roles);
  }

  /** kubectl's short durations: 45s, 12m, 3h, 5d. */
  static String age(String timestamp, Instant now) {
    if (timestamp.isEmpty()) {
      return "<unknown>";
    }
    try {
      Duration d = Duration.between(Instant.parse(timestamp), now);
      long s = Math.max(0, d.getSeconds());
      if (s < 120) {
        return s + "s";
      }
      if (s < 3600 * 3) {
        return (s / 60) + "m";
      }
      if (s < 86400 * 2) {
        return (s / 3600) + "h";
      }
      return (s / 86400) + "d";
    } catch (DateTimeParseException e) {
      return "<unknown>";
    }
  }
}

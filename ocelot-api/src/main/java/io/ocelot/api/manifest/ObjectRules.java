package io.ocelot.api.manifest;

import com.fasterxml.jackson.databind.JsonNode;
import io.ocelot.api.ignition.Problem;
import io.ocelot.api.json.Json;
import io.ocelot.api.model.Mco;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Checks every Ocelot object shares: apiVersion, kind, a valid name, labels and annotations the API
 * server accepts, no namespace.
 */
final class ObjectRules {
  private static final Pattern DNS_SUBDOMAIN =
      Pattern.compile("[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*");

  private ObjectRules() {}

  static void check(JsonNode obj, String kind, List<Problem> problems) {
    check(obj, kind, Mco.API_VERSION, problems);
  }

  static void check(JsonNode obj, String kind, String expectedApiVersion, List<Problem> problems) {
    String apiVersion = obj.path("apiVersion").asText("");
    if (!apiVersion.equals(expectedApiVersion)) {
      problems.add(
          Problem.error(
              "apiVersion", "must be " + expectedApiVersion + ", got \"" + apiVersion + "\""));
    }
    String name = obj.path("metadata").path("name").asText("");
    if (name.isEmpty()) {
      problems.add(Problem.error("metadata.name", "missing"));
    } else if (name.length() > 253 || !DNS_SUBDOMAIN.matcher(name).matches()) {
      problems.add(
          Problem.error(
              "metadata.name",
              "\""
                  + name
                  + "\" is not a valid name: lower case letters, digits, '-' and '.', at most 253"
                  + " characters"));
    }
    MetadataRules.check(obj.path("metadata"), problems);
    if (!obj.path("metadata").path("namespace").asText("").isEmpty()) {
      problems.add(
          Problem.error("metadata.namespace", kind + " is cluster-scoped; remove the namespace"));
    }
  }

  static <T> Optional<T> bind(JsonNode obj, Class<T> type, List<Problem> problems) {
    if (problems.stream().anyMatch(Problem::isError)) {
      return Optional.empty();
    }
    try {
      return Optional.of(Json.MAPPER.treeToValue(obj, type));
    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
      problems.add(
          Problem.error(
              "",
              "does not match the " + type.getSimpleName() + " schema: " + e.getOriginalMessage()));
      return Optional.empty();
    }
  }
}

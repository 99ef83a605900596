package io.ocelot.sim;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import io.ocelot.api.json.Json;

/** What {@code <state-dir>/sim.json} tells other commands about the running sim. */
public record SimInfo(long pid, String api, String http, String started) {
  public String json() {
    return Json.MAPPER
        .createObjectNode()
        .put("pid", pid)
        .put("api", api)
        .put("http", http)
        .put("started", started)
        .toPrettyString();
  }

  static SimInfo parse(String json) {
    try {
      JsonNode n = Json.MAPPER.readTree(json);
      return new SimInfo(
          n.path("pid").asLong(),
          n.path("api").asText(),
          n.path("http").asText(),
          n.path("started").asText());
    } catch (JsonProcessingException e) {
      throw new IllegalArgumentException(e);
    }
  }
}

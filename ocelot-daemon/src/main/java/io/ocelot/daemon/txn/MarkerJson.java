package io.ocelot.daemon.txn;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Optional;

/** The commit marker's JSON form. */
final class MarkerJson {
  private MarkerJson() {}

  static ObjectNode write(CommitMarker m) {
    ObjectNode o = JsonNodeFactory.instance.objectNode();
    o.put("phase", m.phase().name());
    o.set("target", JournalJson.target(m.target()));
    m.previous().ifPresent(p -> o.set("previous", JournalJson.target(p)));
    o.put("attemptId", m.attemptId());
    o.put("bootId", m.bootId());
    o.set("machineConfig", m.machineConfig());
    m.previousMachineConfig().ifPresent(p -> o.set("previousMachineConfig", p));
    m.revert()
        .ifPresent(
            r -> {
              ObjectNode revert = o.putObject("revert");
              r.leaveDeployment().ifPresent(d -> revert.put("leaveDeployment", d));
              revert.put("boots", r.boots());
            });
    return o;
  }

  static CommitMarker read(JsonNode o) {
    return new CommitMarker(
        JsonFields.enumValue(o, "phase", CommitMarker.Phase.class),
        JournalJson.target(o.path("target")),
        o.path("machineConfig"),
        o.has("previous") ? Optional.of(JournalJson.target(o.get("previous"))) : Optional.empty(),
        Optional.ofNullable(o.get("previousMachineConfig")),
        o.path("attemptId").asText(""),
        o.path("bootId").asText(""),
        o.has("revert")
            ? Optional.of(
                new CommitMarker.Revert(
                    Optional.ofNullable(o.path("revert").get("leaveDeployment"))
                        .map(JsonNode::asText),
                    o.path("revert").path("boots").asInt(0)))
            : Optional.empty());
  }
}

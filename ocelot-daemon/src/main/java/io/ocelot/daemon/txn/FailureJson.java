package io.ocelot.daemon.txn;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The failure record as JSON, the machine-readable form of the {@code ocelot.io/last-failure}
 * annotation: {@code {phase, step, command, exitCode, stderrTail, cause, rollback: [{step, outcome,
 * error}], attempt, firstFailedAt, ...}}.
 */
public final class FailureJson {
  private FailureJson() {}

  public static ObjectNode write(FailureRecord r) {
    ObjectNode o = JsonNodeFactory.instance.objectNode();
    o.put("phase", r.phase().word());
    o.put("step", r.step());
    r.command().ifPresent(c -> o.put("command", c));
    r.exitCode().ifPresent(c -> o.put("exitCode", c));
    o.put("stderrTail", r.stderrTail());
    o.put("cause", r.cause());
    ArrayNode rollback = o.putArray("rollback");
    for (FailureRecord.RollbackStep s : r.rollback()) {
      ObjectNode so = rollback.addObject();
      so.put("step", s.step())
          .put("category", s.category().name())
          .put("outcome", s.outcome().word());
      s.error().ifPresent(e -> so.put("error", e));
    }
    o.put("attempt", r.attempt());
    o.put("boots", r.boots());
    o.put("retryCost", r.retryCost().word());
    r.category().ifPresent(c -> o.put("category", c.name()));
    o.put("firstFailedAt", r.firstFailedAt().toString());
    o.put("failedAt", r.failedAt().toString());
    o.set("target", JournalJson.target(r.target()));
    o.set("remainsOn", JournalJson.target(r.remainsOn()));
    r.replacedCause().ifPresent(c -> o.put("replacedCause", c));
    if (!r.notes().isEmpty()) {
      ArrayNode notes = o.putArray("notes");
      r.notes().forEach(notes::add);
    }
    o.put("message", r.message());
    return o;
  }

  public static FailureRecord read(JsonNode o) {
    List<FailureRecord.RollbackStep> steps = new ArrayList<>();
    for (JsonNode s : o.path("rollback")) {
      steps.add(
          new FailureRecord.RollbackStep(
              s.path("step").asText(),
              JsonFields.enumValue(s, "category", Category.class),
              outcome(s.path("outcome").asText()),
              s.has("error") ? Optional.of(s.get("error").asText()) : Optional.empty()));
    }
    return new FailureRecord(
        phase(o.path("phase").asText()),
        o.path("step").asText(),
        o.has("command") ? Optional.of(o.get("command").asText()) : Optional.empty(),
        o.has("exitCode") ? Optional.of(o.get("exitCode").asInt()) : Optional.empty(),
        o.path("stderrTail").asText(""),
        o.path("cause").asText(),
        steps,
        o.path("attempt").asInt(1),
        JsonFields.instant(o, "firstFailedAt"),
        JsonFields.instant(o, "failedAt"),
        JournalJson.target(o.path("target")),
        JournalJson.target(o.path("remainsOn")),
        o.has("replacedCause") ? Optional.of(o.get("replacedCause").asText()) : Optional.empty(),
        texts(o.path("notes")),
        o.path("boots").asInt(0),
        o.has("category")
            ? Optional.of(JsonFields.enumValue(o, "category", Category.class))
            : Optional.empty());
  }

  private static List<String> texts(JsonNode array) {
    List<String> out = new ArrayList<>();
    array.forEach(n -> out.add(n.asText()));
    return out;
  }

  private static FailureRecord.Phase phase(String word) {
    for (FailureRecord.Phase p : FailureRecord.Phase.values()) {
      if (p.word().equals(word)) {
        return p;
      }
    }
    throw new IllegalArgumentException("unknown phase " + word);
  }

  private static FailureRecord.Outcome outcome(String word) {
    for (FailureRecord.Outcome p : FailureRecord.Outcome.values()) {
      if (p.word().equals(word)) {
        return p;
      }
    }
    throw new IllegalArgumentException("unknown outcome " + word);
  }
}

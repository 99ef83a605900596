package io.ocelot.daemon.sync;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.ocelot.api.node.NodeAnnotations;
import io.ocelot.daemon.txn.RetryCost;
import io.ocelot.daemon.txn.Target;
import java.time.Instant;
import java.util.Optional;

/**
 * A target this node will not apply again by itself: its boot here proved it bad, or it spent the
 * boot budget. Shown on the node as {@code ocelot.io/failed-target} (JSON); released when the
 * node's desired config or image changes, or when an admin asks for a retry.
 */
public record TargetHold(Target target, RetryCost cost, int boots, Instant since, String why) {

  /** The sentence the node's reason ends with while the hold lasts. */
  public String sentence(String node) {
    return "held: node "
        + node
        + " will not apply "
        + target.describe()
        + " again by itself because "
        + why
        + "; it tries again when its desired config or image changes, or after 'ocelot rollout"
        + " retry "
        + node
        + "'";
  }

  /**
   * The node's reason while the hold lasts: the failure's message (shortened if need be, the cause
   * first) and the hold's sentence, within the annotation's limit.
   */
  public String reason(String message, String node) {
    String tail = "; " + sentence(node);
    int room = NodeAnnotations.REASON_MAX_LENGTH - tail.length();
    String head = message.length() <= room ? message : message.substring(0, room - 3) + "...";
    return head + tail;
  }

  /** The annotation's value. */
  public String json() {
    ObjectNode o = JsonNodeFactory.instance.objectNode();
    o.put("config", target.config());
    target.image().ifPresent(i -> o.put("image", i));
    o.put("cost", cost.word());
    o.put("boots", boots);
    o.put("since", since.toString());
    o.put("why", why);
    return o.toString();
  }

  /** The target named by an annotation's value, empty when it names none. */
  public static Optional<Target> targetIn(JsonNode annotation) {
    String config = annotation.path("config").asText("");
    if (config.isEmpty()) {
      return Optional.empty();
    }
    return Optional.of(
        new Target(config, Optional.ofNullable(annotation.path("image").textValue())));
  }
}

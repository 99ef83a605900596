package io.ocelot.controller.pool;

import io.fabric8.kubernetes.api.model.Condition;
import io.ocelot.api.model.MachineConfigNode;
import io.ocelot.api.model.McnConditionType;
import java.util.Optional;

/**
 * Whether a node reports itself degraded, and why, as its MachineConfigNode says (as upstream's
 * pool status reads it): {@code NodeDegraded=True}, whose message is {@code Node <n> upgrade
 * failure. <the node's reason>}. A node without a MachineConfigNode, or one with no NodeDegraded
 * yet, is judged by its annotations.
 */
public record NodeReport(boolean degraded, Optional<String> reason) {
  static final String FAILURE = " upgrade failure. ";

  /** The report of {@code mcn}, or empty when it has none to give. */
  public static Optional<NodeReport> of(MachineConfigNode mcn) {
    if (mcn.getStatus() == null) {
      return Optional.empty();
    }
    return mcn.getStatus().getConditions().stream()
        .filter(c -> McnConditionType.NODE_DEGRADED.type().equals(c.getType()))
        .findFirst()
        .map(c -> new NodeReport("True".equals(c.getStatus()), reason(mcn, c)));
  }

  private static Optional<String> reason(MachineConfigNode mcn, Condition c) {
    String prefix = "Node " + mcn.getMetadata().getName() + FAILURE;
    String message = Optional.ofNullable(c.getMessage()).orElse("");
    return "True".equals(c.getStatus()) && message.startsWith(prefix)
        ? Optional.of(message.substring(prefix.length()))
        : Optional.empty();
  }
}

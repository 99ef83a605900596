package io.ocelot.daemon.node.mcn;

import io.ocelot.api.model.McnConditionType;

/** One condition as a milestone sets it. */
public record McnChange(McnConditionType type, String status, String reason, String message) {
  public static final String TRUE = "True";
  public static final String FALSE = "False";
  public static final String UNKNOWN = "Unknown";

  static McnChange yes(McnConditionType type, String reason, String message) {
    return new McnChange(type, TRUE, reason, message);
  }

  static McnChange no(McnConditionType type, String reason, String message) {
    return new McnChange(type, FALSE, reason, message);
  }

  static McnChange going(McnConditionType type, String reason, String message) {
    return new McnChange(type, UNKNOWN, reason, message);
  }
}

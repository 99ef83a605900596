package io.ocelot.daemon.plan;

import io.ocelot.api.disruption.ConfigTarget;

/** The four kinds of update; they differ only in the steps the planner emits. */
public enum UpdateKind {
  CLASSIC("classic config change"),
  OCL_OPT_IN("opt-in to on-cluster layering"),
  OCL_UPDATE("layered image change"),
  OCL_REVERT("revert from on-cluster layering");

  private final String description;

  UpdateKind(String description) {
    this.description = description;
  }

  public String description() {
    return description;
  }

  static UpdateKind of(ConfigTarget current, ConfigTarget desired) {
    if (!current.isLayered()) {
      return desired.isLayered() ? OCL_OPT_IN : CLASSIC;
    }
    return desired.isLayered() ? OCL_UPDATE : OCL_REVERT;
  }
}

package io.ocelot.api.disruption;

/** What the node does after writing a change, from least to most disruptive. */
public enum PostAction {
  NONE("no disruption"),
  SERVICES("service actions"),
  REBOOT("reboot");

  private final String description;

  PostAction(String description) {
    this.description = description;
  }

  public String description() {
    return description;
  }
}

package io.ocelot.daemon.plan;

/** What the node does after writing a change, from least to most disruptive. */
public enum PostAction {
  NONE("no disruption"),
  RELOAD_CRIO("reload crio"),
  RESTART_CRIO("restart crio"),
  REBOOT("reboot");

  private final String description;

  PostAction(String description) {
    this.description = description;
  }

  public String description() {
    return description;
  }

  /** Workloads are drained first for anything but no disruption. */
  public boolean needsDrain() {
    return this != NONE;
  }

  public PostAction max(PostAction other) {
    return compareTo(other) >= 0 ? this : other;
  }
}

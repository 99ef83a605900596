package io.ocelot.daemon.plan;

import io.ocelot.api.render.Reconcilability;

/** Why an item of a change disrupts the node as it does (MCO's legacy post-config rules). */
public enum DisruptionCause {
  FORCE_FILE(PostAction.REBOOT, "the force file " + Reconcilability.FORCE_FILE + " exists"),
  OS_IMAGE(PostAction.REBOOT, "a new OS image boots only with a reboot"),
  KERNEL_ARGUMENTS(PostAction.REBOOT, "kernel arguments take effect at boot"),
  FIPS(PostAction.REBOOT, "FIPS mode takes effect at boot"),
  UNITS(PostAction.REBOOT, "systemd unit changes are applied with a reboot"),
  KERNEL_TYPE(PostAction.REBOOT, "a new kernel boots only with a reboot"),
  EXTENSIONS(PostAction.REBOOT, "extensions are installed into the next deployment"),
  FILE_NEEDS_REBOOT(PostAction.REBOOT, "changed files outside the rebootless list need a reboot"),
  FILE_RESTART_CRIO(PostAction.RESTART_CRIO, "the user CA bundle is picked up by restarting crio"),
  FILE_RELOAD_CRIO(PostAction.RELOAD_CRIO, "crio reloads registry and policy configuration"),
  FILE_NO_DISRUPTION(PostAction.NONE, "the file is read live; nothing restarts"),
  SSH_KEYS(PostAction.NONE, "SSH keys are applied without a reboot"),
  PASSWORD_HASH(PostAction.NONE, "the password hash is applied without a reboot");

  private final PostAction action;
  private final String note;

  DisruptionCause(PostAction action, String note) {
    this.action = action;
    this.note = note;
  }

  public PostAction action() {
    return action;
  }

  public String note() {
    return note;
  }
}

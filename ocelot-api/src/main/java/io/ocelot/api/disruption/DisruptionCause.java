package io.ocelot.api.disruption;

import io.ocelot.api.operator.Action;
import io.ocelot.api.operator.ActionType;
import io.ocelot.api.render.Reconcilability;
import java.util.List;

/**
 * Why an item of a change disrupts the node as it does under MCO's legacy post-config rules, and
 * the actions that stand for it (in the node disruption policy's vocabulary).
 */
public enum DisruptionCause {
  FORCE_FILE(reboot(), "the force file " + Reconcilability.FORCE_FILE + " exists"),
  OS_IMAGE(reboot(), "a new OS image boots only with a reboot"),
  KERNEL_ARGUMENTS(reboot(), "kernel arguments take effect at boot"),
  FIPS(reboot(), "FIPS mode takes effect at boot"),
  UNITS(reboot(), "systemd unit changes are applied with a reboot"),
  KERNEL_TYPE(reboot(), "a new kernel boots only with a reboot"),
  EXTENSIONS(reboot(), "extensions are installed into the next deployment"),
  FILE_NEEDS_REBOOT(reboot(), "changed files outside the rebootless list need a reboot"),
  FILE_RESTART_CRIO(
      List.of(Action.restart("crio.service")),
      "the user CA bundle is picked up by restarting crio; no drain"),
  FILE_RELOAD_CRIO(
      List.of(Action.reload("crio.service")),
      "crio reloads registry and policy configuration; no drain"),
  FILE_REGISTRIES_UNSAFE(
      List.of(Action.of(ActionType.Drain), Action.reload("crio.service")),
      "a registries.conf change that could redirect a running pod's next pull drains first"),
  FILE_NO_DISRUPTION(none(), "the file is read live; nothing restarts"),
  SSH_KEYS(none(), "SSH keys are applied without a reboot"),
  PASSWORD_HASH(none(), "the password hash is applied without a reboot");

  private final List<Action> actions;
  private final String note;

  DisruptionCause(List<Action> actions, String note) {
    this.actions = actions;
    this.note = note;
  }

  public List<Action> actions() {
    return actions;
  }

  public String note() {
    return note;
  }

  /** The reason for {@code item} under this cause. */
  public Disruption.Reason reason(String item) {
    return new Disruption.Reason(item, actions, note);
  }

  private static List<Action> reboot() {
    return List.of(Action.of(ActionType.Reboot));
  }

  private static List<Action> none() {
    return List.of(Action.of(ActionType.None));
  }
}

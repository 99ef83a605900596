package io.ocelot.api.disruption;

import io.ocelot.api.ignition.FileEntry;
import io.ocelot.api.ignition.UnitEntry;
import io.ocelot.api.operator.Action;
import io.ocelot.api.operator.ActionType;
import io.ocelot.api.operator.NodeDisruptionPolicies;
import io.ocelot.api.operator.NodeDisruptionPolicy;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Upstream's node disruption policy rules: the force file, the OS image, kernel arguments, FIPS,
 * kernel type and extensions reboot as always; each changed file takes the actions of its closest
 * policy path, each changed unit those of its policy, and an item no policy covers reboots; an SSH
 * key change takes the SSH key policy's actions; the password hash needs nothing.
 */
public final class PolicyRules {
  private static final List<Action> REBOOT = List.of(Action.of(ActionType.Reboot));

  private PolicyRules() {}

  public static Disruption of(ConfigDiff diff, boolean forceFile, NodeDisruptionPolicy policy) {
    List<Disruption.Reason> reasons = new ArrayList<>(DisruptionRules.rebootItems(diff, forceFile));
    for (Change<FileEntry> file : diff.fileChanges()) {
      Optional<NodeDisruptionPolicies.Match> match =
          NodeDisruptionPolicies.forFile(file.key(), policy);
      reasons.add(
          match
              .map(m -> reason(file, m))
              .orElseGet(
                  () ->
                      new Disruption.Reason(
                          "file " + file.key(), REBOOT, "no policy path covers it")));
    }
    for (Change<UnitEntry> unit : diff.unitChanges()) {
      reasons.add(
          NodeDisruptionPolicies.forUnit(unit.key(), policy)
              .map(a -> new Disruption.Reason("unit " + unit.key(), a, "policy unit " + unit.key()))
              .orElseGet(
                  () ->
                      new Disruption.Reason(
                          "unit " + unit.key(), REBOOT, "no policy names this unit")));
    }
    if (diff.sshKeys()) {
      reasons.add(
          new Disruption.Reason(
              "SSH keys of core", NodeDisruptionPolicies.forSshKeys(policy), "the SSH key policy"));
    }
    if (diff.passwordHash()) {
      reasons.add(DisruptionCause.PASSWORD_HASH.reason("password of core"));
    }
    return Disruption.of(reasons, Disruption.Rules.POLICY);
  }

  /**
   * A file's reason under its policy path. {@code Special} (registries.conf's default) becomes what
   * MCO does for it: a reload of crio, drained first only when the change is not safe.
   */
  private static Disruption.Reason reason(Change<FileEntry> file, NodeDisruptionPolicies.Match m) {
    String item = "file " + file.key();
    String why = "policy path " + m.policyPath();
    if (m.actions().stream().noneMatch(a -> a.type() == ActionType.Special)) {
      return new Disruption.Reason(item, m.actions(), why);
    }
    Optional<String> unsafe = RegistryChanges.unsafe(file);
    List<Action> actions = new ArrayList<>();
    for (Action a : m.actions()) {
      if (a.type() != ActionType.Special) {
        actions.add(a);
      } else {
        unsafe.ifPresent(u -> actions.add(Action.of(ActionType.Drain)));
        actions.add(Action.reload("crio.service"));
      }
    }
    return new Disruption.Reason(
        item,
        actions,
        why
            + ", Special: "
            + unsafe.orElse("only registries or mirrors added that pull by digest; no drain"));
  }
}

package io.ocelot.api.disruption;

import io.ocelot.api.operator.Action;
import io.ocelot.api.operator.ActionType;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * How disruptive a change is, with the actions of every changed item and why: a reboot, or a drain
 * and service actions, or nothing. Both rule sets (MCO's legacy rules and a node disruption policy)
 * give each item its list of actions in the policy's vocabulary; {@link #of} merges them as
 * upstream does.
 */
public record Disruption(
    boolean reboot,
    boolean drain,
    List<ServiceAction> services,
    List<Reason> reasons,
    Rules rules) {

  /** Which rules judged the change. */
  public enum Rules {
    LEGACY("MCO's legacy rules"),
    POLICY("the cluster's node disruption policy");

    private final String description;

    Rules(String description) {
      this.description = description;
    }

    public String description() {
      return description;
    }
  }

  public static final Disruption NONE =
      new Disruption(false, false, List.of(), List.of(), Rules.LEGACY);

  public Disruption {
    services = List.copyOf(services);
    reasons = List.copyOf(reasons);
  }

  /** One changed item (e.g. {@code file /etc/chrony.conf}), its actions and why it gets them. */
  public record Reason(String item, List<Action> actions, String why) {
    public Reason {
      actions = List.copyOf(actions);
    }

    @Override
    public String toString() {
      return item
          + ": "
          + actions.stream().map(Action::describe).collect(Collectors.joining(", "))
          + " ("
          + why
          + ")";
    }
  }

  /**
   * Upstream's merge of the items' actions: any Reboot wins alone; otherwise a drain when any item
   * drains, and the service actions in the order the items name them, each once. None adds nothing.
   * The rules turn registries.conf's Special into what the change needs ({@link RegistryChanges});
   * a Special left here drains and reloads crio, the safe side. A restart of a service makes its
   * reload redundant.
   */
  public static Disruption of(List<Reason> reasons, Rules rules) {
    List<Action> all = reasons.stream().flatMap(r -> r.actions().stream()).toList();
    if (all.stream().anyMatch(a -> a.type() == ActionType.Reboot)) {
      return new Disruption(true, true, List.of(), reasons, rules);
    }
    boolean drain = false;
    List<ServiceAction> services = new ArrayList<>();
    for (Action a : all) {
      switch (a.type()) {
        case Drain -> drain = true;
        case Special -> {
          drain = true;
          add(services, ServiceAction.reload("crio.service"));
        }
        case Reload -> add(services, ServiceAction.reload(a.service()));
        case Restart -> add(services, ServiceAction.restart(a.service()));
        case DaemonReload -> add(services, ServiceAction.daemonReload());
        case None, Reboot -> {}
      }
    }
    List<ServiceAction> restarted =
        services.stream().filter(s -> s.kind() == ServiceAction.Kind.RESTART).toList();
    services.removeIf(
        s ->
            s.kind() == ServiceAction.Kind.RELOAD
                && restarted.contains(ServiceAction.restart(s.unit())));
    return new Disruption(false, drain, services, reasons, rules);
  }

  private static void add(List<ServiceAction> services, ServiceAction s) {
    if (!services.contains(s)) {
      services.add(s);
    }
  }

  /** The headline: reboot, service actions, or none. */
  public PostAction action() {
    return reboot ? PostAction.REBOOT : services.isEmpty() ? PostAction.NONE : PostAction.SERVICES;
  }

  /** {@code reboot}, {@code no disruption}, or the service actions, with the drain. */
  public String describe() {
    String what =
        action() == PostAction.SERVICES
            ? services.stream().map(ServiceAction::summary).collect(Collectors.joining(", "))
            : action().description();
    return drain && !reboot ? "drain, " + what : what;
  }
}

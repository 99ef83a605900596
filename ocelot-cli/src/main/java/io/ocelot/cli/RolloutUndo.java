package io.ocelot.cli;

import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.ObjectReference;
import io.ocelot.api.disruption.ConfigTarget;
import io.ocelot.api.kube.ObjectMaps;
import io.ocelot.api.model.MachineConfig;
import io.ocelot.api.model.MachineConfigPool;
import io.ocelot.api.model.PoolConfiguration;
import io.ocelot.api.node.NodeAnnotations;
import io.ocelot.api.operator.NodeDisruptionPolicy;
import io.ocelot.daemon.plan.Observed;
import io.ocelot.daemon.plan.PlanResult;
import io.ocelot.daemon.plan.Planner;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * What {@code ocelot rollout undo POOL} does (pure): a pool's rollout carries the MachineConfigs
 * its target was rendered from that the config every node had reached was not; deleting them
 * renders that config again, and the controller sends every node back to it — nodes done with the
 * target, nodes on their way (a failing update stops: its desired target moves) — while nodes not
 * yet targeted stay. Refused when deleting them cannot get the previous config back.
 */
final class RolloutUndo {
  private RolloutUndo() {}

  sealed interface Result permits Nothing, Refused, Undo {}

  /** Nothing to undo: the pool is where it was. */
  record Nothing(String why) implements Result {}

  /** Undo cannot do it: why, and what the admin can do instead. */
  record Refused(String why) implements Result {}

  /**
   * The MachineConfigs to delete, the way back ({@code previous}, and what going back costs a node
   * that finished the target), and a line per member node.
   */
  record Undo(
      String target, String previous, List<String> delete, String goingBack, List<String> nodes)
      implements Result {}

  /**
   * {@code rendered}: the pool's rendered configs by name (at least its target's and its previous
   * one's, when they exist); {@code selected}: the MachineConfigs the pool selects now.
   */
  static Result plan(
      MachineConfigPool pool,
      List<Node> members,
      Map<String, MachineConfig> rendered,
      Set<String> selected,
      Optional<NodeDisruptionPolicy> policy) {
    String name = pool.getMetadata().getName();
    Optional<PoolConfiguration> target =
        Optional.ofNullable(pool.getSpec().getConfiguration()).filter(c -> c.getName() != null);
    Optional<PoolConfiguration> previous =
        Optional.ofNullable(pool.getStatus())
            .map(s -> s.getConfiguration())
            .filter(c -> c.getName() != null && !c.getName().isEmpty());
    if (target.isEmpty() || previous.isEmpty()) {
      return new Nothing(
          "pool " + name + " has no rendered target, or no config all its nodes reached");
    }
    String to = target.get().getName();
    String back = previous.get().getName();
    if (to.equals(back)) {
      return new Nothing("pool " + name + ": every node runs its target " + to + "; no rollout");
    }
    Set<String> before = names(previous.get());
    List<String> added =
        names(target.get()).stream().filter(n -> !before.contains(n)).sorted().toList();
    List<String> gone = before.stream().filter(n -> !selected.contains(n)).sorted().toList();
    if (!gone.isEmpty()) {
      return new Refused(
          "MachineConfig "
              + String.join(", ", gone)
              + " that "
              + back
              + " was rendered from is gone; undo cannot bring it back: create it again, and"
              + " the controller renders "
              + back
              + " again");
    }
    if (added.isEmpty()) {
      return new Refused(
          "the rollout to "
              + to
              + " adds no MachineConfig: one that "
              + back
              + " was rendered from was changed in place; undo cannot restore its content: edit"
              + " it back");
    }
    List<String> extra =
        selected.stream().filter(n -> !before.contains(n) && !added.contains(n)).sorted().toList();
    if (!extra.isEmpty()) {
      return new Refused(
          "MachineConfig "
              + String.join(", ", extra)
              + " came after "
              + to
              + " was rendered; undo would not get "
              + back
              + " back: wait for its render, or delete it too");
    }
    MachineConfig targetConfig = rendered.get(to);
    MachineConfig previousConfig = rendered.get(back);
    if (targetConfig == null || previousConfig == null) {
      return new Refused(
          "rendered config " + (targetConfig == null ? to : back) + " is gone; undo needs both");
    }
    PlanResult way =
        Planner.plan(
            new ConfigTarget(targetConfig, Optional.empty()),
            new ConfigTarget(previousConfig, Optional.empty()),
            Observed.NOTHING,
            policy);
    if (way instanceof PlanResult.Unreconcilable u) {
      return new Refused(
          "going back from " + to + " to " + back + " is not possible: " + u.message());
    }
    String cost = ((PlanResult.Ready) way).plan().disruption().describe();
    List<String> lines = new ArrayList<>();
    for (Node n :
        members.stream().sorted(Comparator.comparing(x -> x.getMetadata().getName())).toList()) {
      lines.add(n.getMetadata().getName() + ": " + line(n, to, back, cost));
    }
    return new Undo(to, back, added, cost, List.copyOf(lines));
  }

  private static String line(Node n, String to, String back, String cost) {
    Map<String, String> a = ObjectMaps.present(n.getMetadata().getAnnotations());
    String current = a.getOrDefault(NodeAnnotations.CURRENT_CONFIG, "");
    String desired = a.getOrDefault(NodeAnnotations.DESIRED_CONFIG, "");
    String state = a.getOrDefault(NodeAnnotations.STATE, "");
    if (desired.equals(to) && current.equals(to)) {
      return "runs " + to + "; goes back to " + back + " (" + cost + ")";
    }
    if (desired.equals(to) && current.equals(back)) {
      return "on its way to "
          + to
          + " ("
          + (state.isEmpty() ? "Working" : state)
          + "); its target goes back to "
          + back
          + ": an update not yet committed is undone there, one already rebooting comes back"
          + " after its boot";
    }
    if (desired.equals(back) && current.equals(back)) {
      return "not targeted yet; stays on " + back;
    }
    return "on "
        + current
        + ", desired "
        + desired
        + ": not this rollout's; the controller targets it to "
        + back
        + " in turn";
  }

  private static Set<String> names(PoolConfiguration c) {
    return c.getSource().stream().map(ObjectReference::getName).collect(Collectors.toSet());
  }
}

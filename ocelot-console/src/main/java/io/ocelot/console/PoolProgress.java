package io.ocelot.console;

import io.fabric8.kubernetes.api.model.Node;
import io.ocelot.api.kube.ObjectMaps;
import io.ocelot.api.model.MachineConfigPool;
import io.ocelot.api.model.PoolConditionType;
import io.ocelot.api.model.PoolConfiguration;
import io.ocelot.api.node.NodeAnnotations;
import io.ocelot.api.node.RolloutOrder;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Where a pool's rollout stands (pure): its members (the nodes whose MachineConfigNode names the
 * pool), how many run the target, which are in flight (targeted, not yet done: updating, or failing
 * and retrying), which are degraded while not updating (a hand edit the drift monitor found), and
 * which is next (the first not yet targeted in {@link RolloutOrder}, the order the controller
 * targets in) — none while the rollout is halted (stop-the-line): no node is next then.
 */
record PoolProgress(
    Optional<String> target,
    int members,
    int updated,
    List<String> inFlight,
    List<String> degraded,
    Optional<String> next,
    boolean halted) {

  static PoolProgress of(MachineConfigPool pool, List<Node> members) {
    boolean halted =
        pool.getStatus() != null
            && pool.getStatus().getConditions().stream()
                .anyMatch(
                    c ->
                        PoolConditionType.ROLLOUT_HALTED.equals(c.getType())
                            && "True".equals(c.getStatus()));
    Optional<String> target =
        Optional.ofNullable(pool.getSpec().getConfiguration())
            .map(PoolConfiguration::getName)
            .filter(n -> !n.isEmpty());
    List<Node> sorted =
        members.stream()
            .sorted(Comparator.comparing(PoolProgress::key, RolloutOrder.ORDER))
            .toList();
    int updated = 0;
    List<String> inFlight = new java.util.ArrayList<>();
    List<String> degraded = new java.util.ArrayList<>();
    Optional<String> next = Optional.empty();
    for (Node n : sorted) {
      Map<String, String> a = ObjectMaps.present(n.getMetadata().getAnnotations());
      String current = a.getOrDefault(NodeAnnotations.CURRENT_CONFIG, "");
      String desired = a.getOrDefault(NodeAnnotations.DESIRED_CONFIG, "");
      String state = a.getOrDefault(NodeAnnotations.STATE, "");
      boolean targeted = target.map(desired::equals).orElse(false);
      boolean done = targeted && current.equals(desired) && "Done".equals(state);
      if (done) {
        updated++;
      } else if (current.equals(desired)
          && ("Degraded".equals(state) || "Unreconcilable".equals(state))) {
        // Not updating (drift found on the node, a held target): not in flight. A node whose
        // update is failing (its desired config not reached) is still in flight: it retries.
        degraded.add(n.getMetadata().getName());
      } else if (targeted || !current.equals(desired)) {
        inFlight.add(n.getMetadata().getName());
      } else if (next.isEmpty() && target.isPresent() && !halted) {
        next = Optional.of(n.getMetadata().getName());
      }
    }
    return new PoolProgress(
        target, sorted.size(), updated, List.copyOf(inFlight), List.copyOf(degraded), next, halted);
  }

  private static RolloutOrder.Key key(Node n) {
    return RolloutOrder.Key.of(
        n.getMetadata().getName(),
        ObjectMaps.present(n.getMetadata().getLabels()),
        n.getMetadata().getCreationTimestamp());
  }
}

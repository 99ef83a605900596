package io.ocelot.controller.pool;

import io.ocelot.api.model.MachineConfigPoolCondition;
import io.ocelot.api.model.MachineConfigPoolStatus;
import io.ocelot.api.model.PoolConditionType;
import io.ocelot.api.model.PoolConfiguration;
import io.ocelot.api.node.NodeAnnotations;
import io.ocelot.api.text.GoQuote;
import io.ocelot.controller.members.NodeClassifier;
import io.ocelot.controller.members.PoolNode;
import io.ocelot.controller.members.PoolTarget;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A pool's status from its nodes, as MCO computes it: counts, and the conditions Updated, Updating,
 * NodeDegraded, RenderDegraded and Degraded with MCO's reasons and messages. Condition transition
 * times are kept from the previous status when a condition does not change.
 */
public final class PoolStatusCalculator {
  private PoolStatusCalculator() {}

  /**
   * What the status is computed from. {@code waiting} is why the pool is not on its target yet
   * although its nodes may be: a layered pool's build, or a render waiting for its quiet period.
   * {@code progress}: where a rollout in batches stands, said while it moves.
   */
  public record Input(
      List<PoolNode> nodes,
      PoolTarget target,
      boolean layeredPool,
      boolean paused,
      PoolConfiguration specConfiguration,
      Optional<String> renderError,
      Optional<String> waiting,
      Optional<MachineConfigPoolStatus> previous,
      long generation,
      String now,
      Map<String, NodeReport> reports,
      Optional<String> progress) {
    public Input {
      reports = Map.copyOf(reports);
    }

    /** Without a word on the rollout's progress. */
    public Input(
        List<PoolNode> nodes,
        PoolTarget target,
        boolean layeredPool,
        boolean paused,
        PoolConfiguration specConfiguration,
        Optional<String> renderError,
        Optional<String> waiting,
        Optional<MachineConfigPoolStatus> previous,
        long generation,
        String now,
        Map<String, NodeReport> reports) {
      this(
          nodes,
          target,
          layeredPool,
          paused,
          specConfiguration,
          renderError,
          waiting,
          previous,
          generation,
          now,
          reports,
          Optional.empty());
    }
  }

  /**
   * Degraded when its MachineConfigNode or its annotations say so: the MachineConfigNode is a
   * report written after the annotations and may lag or miss a write, so it never hides what the
   * protocol says.
   */
  private static boolean degraded(Input in, PoolNode n) {
    NodeReport r = in.reports().get(n.name());
    return NodeClassifier.degraded(n) || (r != null && r.degraded());
  }

  /** The node's reason annotation (today's message, byte for byte), else its report's. */
  private static Optional<String> reason(Input in, PoolNode n) {
    NodeReport r = in.reports().get(n.name());
    return n.reason().or(() -> r == null ? Optional.empty() : r.reason());
  }

  public static MachineConfigPoolStatus calculate(Input in) {
    int total = in.nodes().size();
    int updated = 0;
    int ready = 0;
    int unavailable = 0;
    List<PoolNode> degraded = new ArrayList<>();
    for (PoolNode n : in.nodes()) {
      boolean up = NodeClassifier.updated(n, in.target());
      updated += up ? 1 : 0;
      ready += up && n.ready() ? 1 : 0;
      unavailable += NodeClassifier.unavailable(n, in.layeredPool()) ? 1 : 0;
      if (degraded(in, n)) {
        degraded.add(n);
      }
    }
    MachineConfigPoolStatus s = new MachineConfigPoolStatus();
    s.setObservedGeneration(in.generation());
    s.setMachineCount(total);
    s.setUpdatedMachineCount(updated);
    s.setReadyMachineCount(ready);
    s.setUnavailableMachineCount(unavailable);
    s.setDegradedMachineCount(degraded.size());
    boolean allUpdated =
        in.waiting().isEmpty() && updated == total && ready == total && unavailable == 0;
    s.setConfiguration(
        allUpdated
            ? in.specConfiguration()
            : in.previous().map(MachineConfigPoolStatus::getConfiguration).orElse(null));
    List<MachineConfigPoolCondition> c = new ArrayList<>();
    String line = in.target().line();
    if (allUpdated) {
      c.add(cond(in, PoolConditionType.UPDATED, true, "", "All nodes are updated with " + line));
      c.add(cond(in, PoolConditionType.UPDATING, false, "", ""));
    } else {
      c.add(cond(in, PoolConditionType.UPDATED, false, "", ""));
      if (in.paused()) {
        c.add(
            cond(
                in,
                PoolConditionType.UPDATING,
                false,
                "",
                "Pool is paused; will not update to " + line));
      } else {
        c.add(
            cond(
                in,
                PoolConditionType.UPDATING,
                true,
                "",
                in.waiting()
                    .orElse(
                        "All nodes are updating to "
                            + line
                            + in.progress().map(p -> "; " + p).orElse("")
                            + unreported(in))));
      }
    }
    String nodesSay = "";
    if (degraded.isEmpty()) {
      c.add(cond(in, PoolConditionType.NODE_DEGRADED, false, "", ""));
    } else {
      List<String> parts = new ArrayList<>();
      for (PoolNode n : degraded) {
        reason(in, n)
            .ifPresent(r -> parts.add("Node " + n.name() + " is reporting: " + GoQuote.quote(r)));
      }
      nodesSay = String.join(", ", parts);
      c.add(
          cond(
              in,
              PoolConditionType.NODE_DEGRADED,
              true,
              degraded.size() + " nodes are reporting degraded status on sync",
              nodesSay));
    }
    c.add(
        in.renderError()
            .map(e -> cond(in, PoolConditionType.RENDER_DEGRADED, true, "", e))
            .orElseGet(() -> cond(in, PoolConditionType.RENDER_DEGRADED, false, "", "")));
    c.add(degradedCondition(in, degraded.size(), nodesSay));
    // A reconcile that computes the status succeeded: a stuck controller is no longer stuck. The
    // condition is kept (as False) only on pools that ever had it.
    boolean wasStuck =
        in.previous().stream()
            .flatMap(p -> p.getConditions().stream())
            .anyMatch(p -> PoolConditionType.RECONCILE_DEGRADED.equals(p.getType()));
    if (wasStuck) {
      c.add(cond(in, PoolConditionType.RECONCILE_DEGRADED, false, "", ""));
    }
    drainBlocked(in, c);
    s.setConditions(c);
    return s;
  }

  /**
   * Ocelot's DrainBlocked: True while drains of member nodes have pods they cannot evict (the drain
   * controller's {@code ocelot.io/drain-blocked} on each node), naming node, pod and budget; False
   * afterwards, kept only on pools that ever had it.
   */
  private static void drainBlocked(Input in, List<MachineConfigPoolCondition> c) {
    List<String> parts = new ArrayList<>();
    for (PoolNode n : in.nodes()) {
      String why = n.annotations().get(NodeAnnotations.DRAIN_BLOCKED);
      if (why != null) {
        parts.add("Node " + n.name() + ": " + why);
      }
    }
    boolean had =
        in.previous().stream()
            .flatMap(p -> p.getConditions().stream())
            .anyMatch(p -> PoolConditionType.DRAIN_BLOCKED.equals(p.getType()));
    if (!parts.isEmpty()) {
      c.add(
          cond(
              in,
              PoolConditionType.DRAIN_BLOCKED,
              true,
              "EvictionRefused",
              String.join(", ", parts)));
    } else if (had) {
      c.add(cond(in, PoolConditionType.DRAIN_BLOCKED, false, "", ""));
    }
  }

  /**
   * Nodes that never said where they are (no {@code currentConfig}: annotations removed by hand, a
   * daemon that has not run) count as unavailable, as in MCO, and can hold the rollout: named after
   * MCO's message so that a reader knows which node to look at. Empty when there are none.
   */
  private static String unreported(Input in) {
    List<String> names =
        in.nodes().stream().filter(n -> n.currentConfig().isEmpty()).map(PoolNode::name).toList();
    if (names.isEmpty()) {
      return "";
    }
    return " ("
        + (names.size() == 1 ? "node " : "nodes ")
        + String.join(", ", names)
        + (names.size() == 1 ? " has" : " have")
        + " no currentConfig annotation: not reported by its daemon)";
  }

  /**
   * The status with Ocelot's RolloutHalted condition: True with {@code halt} as its message while
   * the rollout is halted; False afterwards, kept only on pools that ever had it.
   */
  public static MachineConfigPoolStatus withHalt(
      MachineConfigPoolStatus s, Optional<String> halt, Input in) {
    boolean had =
        in.previous().stream()
            .flatMap(p -> p.getConditions().stream())
            .anyMatch(p -> PoolConditionType.ROLLOUT_HALTED.equals(p.getType()));
    if (halt.isEmpty() && !had) {
      return s;
    }
    List<MachineConfigPoolCondition> c = new ArrayList<>(s.getConditions());
    c.add(
        halt.map(m -> cond(in, PoolConditionType.ROLLOUT_HALTED, true, "NodesFailedTarget", m))
            .orElseGet(() -> cond(in, PoolConditionType.ROLLOUT_HALTED, false, "", "")));
    s.setConditions(c);
    return s;
  }

  /**
   * The status with the nodes this pool selects but cannot update because another custom pool
   * selects them too: the pool is Degraded (reason {@code NodeSelection}) and says which, as MCO
   * refuses such a node. Nothing changes when there are none.
   */
  public static MachineConfigPoolStatus withConflicts(
      MachineConfigPoolStatus s, List<String> conflicts, Input in) {
    if (conflicts.isEmpty()) {
      return s;
    }
    List<MachineConfigPoolCondition> c = new ArrayList<>();
    for (MachineConfigPoolCondition d : s.getConditions()) {
      if (!PoolConditionType.DEGRADED.equals(d.getType())) {
        c.add(d);
        continue;
      }
      boolean was = "True".equals(d.getStatus());
      c.add(
          cond(
              in,
              PoolConditionType.DEGRADED,
              true,
              was ? d.getReason() + ",NodeSelection" : "NodeSelection",
              (was ? d.getMessage() + "; " : "") + String.join(", ", conflicts)));
    }
    s.setConditions(c);
    return s;
  }

  static MachineConfigPoolCondition cond(
      Input in, String type, boolean status, String reason, String message) {
    String value = status ? "True" : "False";
    String since =
        in.previous().stream()
            .flatMap(p -> p.getConditions().stream())
            .filter(p -> p.getType().equals(type) && p.getStatus().equals(value))
            .map(MachineConfigPoolCondition::getLastTransitionTime)
            .findFirst()
            .orElse(in.now());
    return new MachineConfigPoolCondition(type, value, since, reason, message);
  }

  /**
   * The pool's Degraded condition says why (MCO leaves its message empty, so a reader of {@code oc
   * get mcp} must find the other conditions): the reason names the condition that made it True, the
   * message repeats that condition's message.
   */
  private static MachineConfigPoolCondition degradedCondition(
      Input in, int degradedNodes, String nodesSay) {
    List<String> reasons = new ArrayList<>();
    List<String> messages = new ArrayList<>();
    if (degradedNodes > 0) {
      reasons.add("NodeDegraded");
      messages.add(nodesSay.isEmpty() ? degradedNodes + " nodes are degraded" : nodesSay);
    }
    in.renderError()
        .ifPresent(
            e -> {
              reasons.add("RenderDegraded");
              messages.add(e);
            });
    return cond(
        in,
        PoolConditionType.DEGRADED,
        !reasons.isEmpty(),
        String.join(",", reasons),
        String.join("; ", messages));
  }
}

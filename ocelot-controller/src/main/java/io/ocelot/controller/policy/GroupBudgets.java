package io.ocelot.controller.policy;

import io.fabric8.kubernetes.api.model.IntOrString;
import io.ocelot.api.policy.GroupBudget;
import io.ocelot.controller.members.NodeClassifier;
import io.ocelot.controller.members.PoolNode;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A disruption budget per group of nodes across the pools a policy governs (pure): which of a
 * pool's waiting nodes may start now without any group — nodes sharing the {@code groupBy} labels'
 * values — having more nodes disrupted (not ready, or not done on what they were told) than its
 * budget allows. Taken in rollout order, each admitted node using up its group's room.
 */
public final class GroupBudgets {
  private static final Pattern PERCENT = Pattern.compile("(\\d+)%");

  /** The nodes admitted, and what holds the others back, if any were held. */
  public record Room(Set<String> admitted, Optional<String> waiting) {}

  private GroupBudgets() {}

  /**
   * {@code scope}: every node of every pool the policy governs; {@code waiting}: this pool's nodes
   * that would start, in rollout order.
   */
  public static Room admit(GroupBudget budget, List<PoolNode> scope, List<PoolNode> waiting) {
    Map<String, Integer> size = new HashMap<>();
    Map<String, Integer> disrupted = new HashMap<>();
    for (PoolNode n : scope) {
      String g = group(budget, n);
      size.merge(g, 1, Integer::sum);
      if (disrupted(n)) {
        disrupted.merge(g, 1, Integer::sum);
      }
    }
    Set<String> admitted = new HashSet<>();
    Map<String, String> held = new TreeMap<>();
    for (PoolNode n : waiting) {
      String g = group(budget, n);
      int allowed = allowed(budget, size.getOrDefault(g, 1));
      int now = disrupted.getOrDefault(g, 0);
      if (now < allowed) {
        admitted.add(n.name());
        disrupted.put(g, now + 1);
      } else {
        held.putIfAbsent(
            g,
            (g.isEmpty() ? "nodes without " + String.join(", ", budget.getGroupBy()) : g)
                + " has "
                + now
                + " of its "
                + size.getOrDefault(g, 1)
                + " nodes disrupted, "
                + allowed
                + " allowed");
      }
    }
    Optional<String> why =
        held.isEmpty()
            ? Optional.empty()
            : Optional.of("disruption budget: " + String.join("; ", held.values()));
    return new Room(admitted, why);
  }

  /** Not ready, or not done on what it was told: the node is disrupted. */
  static boolean disrupted(PoolNode n) {
    return !n.ready() || !NodeClassifier.done(n, false);
  }

  /** {@code zone=us-east-1a}, the group's name: the groupBy labels' values, in their order. */
  static String group(GroupBudget budget, PoolNode n) {
    List<String> parts = new ArrayList<>();
    for (String key : budget.getGroupBy()) {
      String value = n.labels().get(key);
      if (value != null) {
        parts.add(shortKey(key) + "=" + value);
      }
    }
    return String.join(",", parts);
  }

  private static String shortKey(String key) {
    return key.substring(key.lastIndexOf('/') + 1);
  }

  /**
   * How many of a group of {@code size} may be disrupted at once: maxUnavailable (a count, or a
   * percent rounded down; at least 1, as a pool's), or what minAvailable (a percent rounded up)
   * leaves.
   */
  static int allowed(GroupBudget budget, int size) {
    if (budget.getMaxUnavailable() != null) {
      return Math.max(1, resolve(budget.getMaxUnavailable(), size, false));
    }
    if (budget.getMinAvailable() != null) {
      return Math.max(0, size - resolve(budget.getMinAvailable(), size, true));
    }
    return size;
  }

  private static int resolve(IntOrString v, int size, boolean roundUp) {
    if (v.getIntVal() != null) {
      return v.getIntVal();
    }
    String s = v.getStrVal() == null ? "" : v.getStrVal().strip();
    Matcher m = PERCENT.matcher(s);
    if (m.matches()) {
      long p = Long.parseLong(m.group(1)) * size;
      return (int) (roundUp ? (p + 99) / 100 : p / 100);
    }
    try {
      return Integer.parseInt(s);
    } catch (NumberFormatException e) {
      return roundUp ? size : 1; // the CRD's schema takes any string: the safe reading
    }
  }
}

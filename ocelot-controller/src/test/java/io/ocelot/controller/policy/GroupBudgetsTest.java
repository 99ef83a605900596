package io.ocelot.controller.policy;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.IntOrString;
import io.ocelot.api.policy.GroupBudget;
import io.ocelot.controller.members.Nodes;
import io.ocelot.controller.members.PoolNode;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Issue 40 item 2: a budget per zone across pools admits nodes only while their zone has room. */
class GroupBudgetsTest {
  static final String ZONE = "topology.kubernetes.io/zone";

  static GroupBudget zones(IntOrString max, IntOrString min) {
    GroupBudget b = new GroupBudget();
    b.setGroupBy(List.of(ZONE));
    b.setMaxUnavailable(max);
    b.setMinAvailable(min);
    return b;
  }

  /** A node in {@code zone}, settled (Done) or updating. */
  static PoolNode node(String name, String zone, boolean settled) {
    return Nodes.node(
        name, "r-1", settled ? "r-1" : "r-2", settled ? "Done" : "Working", true, zone, 0);
  }

  @Test
  void aZoneWithADisruptedNodeAdmitsNoMoreOfItsNodesOthersGo() {
    // a: one node of another pool updating; b: nothing disrupted; c: nothing.
    List<PoolNode> scope =
        List.of(
            node("infra-a", "a", false),
            node("w-a1", "a", true),
            node("w-a2", "a", true),
            node("w-b1", "b", true),
            node("w-b2", "b", true),
            node("w-c1", "c", true));
    List<PoolNode> waiting = scope.subList(1, 6);
    GroupBudgets.Room room = GroupBudgets.admit(zones(new IntOrString(1), null), scope, waiting);
    // One per zone: a is full already; b takes its first node only; c its one.
    assertThat(room.admitted()).containsExactlyInAnyOrder("w-b1", "w-c1");
    assertThat(room.waiting())
        .contains(
            "disruption budget: zone=a has 1 of its 3 nodes disrupted, 1 allowed; zone=b has 1"
                + " of its 2 nodes disrupted, 1 allowed");
  }

  @Test
  void percentsAndMinAvailableResolvePerGroup() {
    GroupBudget half = zones(new IntOrString("50%"), null);
    assertThat(GroupBudgets.allowed(half, 4)).isEqualTo(2);
    assertThat(GroupBudgets.allowed(half, 1)).isEqualTo(1); // at least one, as a pool's
    GroupBudget keep = zones(null, new IntOrString("75%"));
    assertThat(GroupBudgets.allowed(keep, 4)).isEqualTo(1);
    assertThat(GroupBudgets.allowed(keep, 3)).isEqualTo(0); // 75% of 3 rounds up to 3
    assertThat(GroupBudgets.allowed(zones(null, new IntOrString(2)), 5)).isEqualTo(3);
  }

  @Test
  void nodesWithoutTheLabelShareOneGroup() {
    List<PoolNode> scope = List.of(node("x", null, false), node("y", null, true));
    GroupBudgets.Room room =
        GroupBudgets.admit(zones(new IntOrString(1), null), scope, List.of(scope.get(1)));
    assertThat(room.admitted()).isEmpty();
    assertThat(room.waiting())
        .contains(
            "disruption budget: nodes without topology.kubernetes.io/zone has 1 of its 2 nodes"
                + " disrupted, 1 allowed");
  }
}

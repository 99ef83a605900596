package io.ocelot.controller.pool;

import static io.ocelot.controller.members.Nodes.node;
import static org.assertj.core.api.Assertions.assertThat;

import io.ocelot.api.model.MachineConfigPoolCondition;
import io.ocelot.api.model.MachineConfigPoolStatus;
import io.ocelot.api.model.PoolConfiguration;
import io.ocelot.api.node.NodeAnnotations;
import io.ocelot.controller.members.Nodes;
import io.ocelot.controller.members.PoolNode;
import io.ocelot.controller.members.PoolTarget;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class PoolStatusCalculatorTest {
  static final PoolTarget R2 = new PoolTarget("rendered-worker-2", Optional.empty());

  static MachineConfigPoolStatus status(
      List<PoolNode> nodes, boolean paused, Optional<String> renderError) {
    return status(nodes, paused, renderError, Map.of());
  }

  static MachineConfigPoolStatus status(
      List<PoolNode> nodes,
      boolean paused,
      Optional<String> renderError,
      Map<String, NodeReport> reports) {
    return PoolStatusCalculator.calculate(input(nodes, paused, renderError, reports));
  }

  static PoolStatusCalculator.Input input(
      List<PoolNode> nodes,
      boolean paused,
      Optional<String> renderError,
      Map<String, NodeReport> reports) {
    return new PoolStatusCalculator.Input(
        nodes,
        R2,
        false,
        paused,
        new PoolConfiguration("rendered-worker-2", List.of()),
        renderError,
        Optional.empty(),
        Optional.empty(),
        3,
        "2026-12-02T12:00:00Z",
        reports);
  }

  @Test
  void aNodeThatNeverReportedIsNamedInTheUpdatingMessage() {
    MachineConfigPoolStatus s =
        status(
            List.of(
                node("a", "rendered-worker-2", "rendered-worker-2", "Done"),
                node("b", null, null, null)),
            false,
            Optional.empty());
    assertThat(conditions(s).get("Updating").getMessage())
        .isEqualTo(
            "All nodes are updating to MachineConfig rendered-worker-2 (node b has no"
                + " currentConfig annotation: not reported by its daemon)");
  }

  @Test
  void aNodeAnotherCustomPoolAlsoSelectsDegradesThePoolAndIsNamed() {
    PoolStatusCalculator.Input in =
        input(
            List.of(node("a", "rendered-worker-2", "rendered-worker-2", "Done")),
            false,
            Optional.of("render failed"),
            Map.of());
    String says = "node b belongs to 2 custom roles (gpu, infra), cannot proceed with this Node";
    Map<String, MachineConfigPoolCondition> c =
        conditions(
            PoolStatusCalculator.withConflicts(
                PoolStatusCalculator.calculate(in), List.of(says), in));
    assertThat(c.get("Degraded").getStatus()).isEqualTo("True");
    assertThat(c.get("Degraded").getReason()).isEqualTo("RenderDegraded,NodeSelection");
    assertThat(c.get("Degraded").getMessage()).isEqualTo("render failed; " + says);
    // Without a render error the conflict alone makes it Degraded; without one nothing changes.
    PoolStatusCalculator.Input clean =
        input(
            List.of(node("a", "rendered-worker-2", "rendered-worker-2", "Done")),
            false,
            Optional.empty(),
            Map.of());
    MachineConfigPoolCondition alone =
        conditions(
                PoolStatusCalculator.withConflicts(
                    PoolStatusCalculator.calculate(clean), List.of(says), clean))
            .get("Degraded");
    assertThat(alone.getReason()).isEqualTo("NodeSelection");
    assertThat(alone.getMessage()).isEqualTo(says);
    assertThat(
            conditions(
                    PoolStatusCalculator.withConflicts(
                        PoolStatusCalculator.calculate(clean), List.of(), clean))
                .get("Degraded")
                .getStatus())
        .isEqualTo("False");
  }

  static Map<String, MachineConfigPoolCondition> conditions(MachineConfigPoolStatus s) {
    return s.getConditions().stream()
        .collect(Collectors.toMap(MachineConfigPoolCondition::getType, c -> c));
  }

  @Test
  void allUpdated() {
    MachineConfigPoolStatus s =
        status(
            List.of(
                node("a", "rendered-worker-2", "rendered-worker-2", "Done"),
                node("b", "rendered-worker-2", "rendered-worker-2", "Done")),
            false,
            Optional.empty());
    assertThat(s.getMachineCount()).isEqualTo(2);
    assertThat(s.getUpdatedMachineCount()).isEqualTo(2);
    assertThat(s.getReadyMachineCount()).isEqualTo(2);
    assertThat(s.getUnavailableMachineCount()).isZero();
    assertThat(s.getConfiguration().getName()).isEqualTo("rendered-worker-2");
    Map<String, MachineConfigPoolCondition> c = conditions(s);
    assertThat(c.get("Updated").getStatus()).isEqualTo("True");
    assertThat(c.get("Updated").getMessage())
        .isEqualTo("All nodes are updated with MachineConfig rendered-worker-2");
    assertThat(c.get("Updating").getStatus()).isEqualTo("False");
    assertThat(c.get("Degraded").getStatus()).isEqualTo("False");
    assertThat(s.getObservedGeneration()).isEqualTo(3);
  }

  @Test
  void aLayeredPoolWaitingForItsBuildIsUpdatingNotUpdated() {
    String waiting = "Pool is waiting for OS image build to complete (mosb: layered-1)";
    MachineConfigPoolStatus s =
        PoolStatusCalculator.calculate(
            new PoolStatusCalculator.Input(
                List.of(node("a", "rendered-worker-2", "rendered-worker-2", "Done")),
                R2,
                true,
                false,
                new PoolConfiguration("rendered-worker-2", List.of()),
                Optional.empty(),
                Optional.of(waiting),
                Optional.empty(),
                3,
                "2026-12-02T12:00:00Z",
                Map.of()));
    Map<String, MachineConfigPoolCondition> c = conditions(s);
    assertThat(c.get("Updated").getStatus()).isEqualTo("False");
    assertThat(c.get("Updating").getStatus()).isEqualTo("True");
    assertThat(c.get("Updating").getMessage()).isEqualTo(waiting);
    assertThat(s.getConfiguration()).isNull();
  }

  @Test
  void nodeDegradedMessageAsMcoWritesIt() {
    PoolNode rebootFailed =
        node("ip-10-0-1-2", "rendered-worker-1", "rendered-worker-2", "Degraded");
    rebootFailed =
        Nodes.with(
            rebootFailed,
            NodeAnnotations.REASON,
            "reboot command failed, something is seriously wrong");
    PoolNode quoted = node("worker-3", "rendered-worker-1", "rendered-worker-2", "Unreconcilable");
    quoted = Nodes.with(quoted, NodeAnnotations.REASON, "error: \"x\"\n");
    PoolNode noReason = node("worker-4", "rendered-worker-1", "rendered-worker-2", "Degraded");
    MachineConfigPoolStatus s =
        status(
            List.of(
                rebootFailed,
                quoted,
                noReason,
                node("ok", "rendered-worker-2", "rendered-worker-2", "Done")),
            false,
            Optional.empty());
    MachineConfigPoolCondition nd = conditions(s).get("NodeDegraded");
    assertThat(nd.getStatus()).isEqualTo("True");
    assertThat(nd.getReason()).isEqualTo("3 nodes are reporting degraded status on sync");
    assertThat(nd.getMessage())
        .isEqualTo(
            "Node ip-10-0-1-2 is reporting: \"reboot command failed, something is seriously wrong\", "
                + "Node worker-3 is reporting: \"error: \\\"x\\\"\\n\"");
    // Issue 43: the pool's Degraded condition says why, not an empty message.
    MachineConfigPoolCondition degraded = conditions(s).get("Degraded");
    assertThat(degraded.getStatus()).isEqualTo("True");
    assertThat(degraded.getReason()).isEqualTo("NodeDegraded");
    assertThat(degraded.getMessage()).isEqualTo(nd.getMessage());
    assertThat(s.getDegradedMachineCount()).isEqualTo(3);
    assertThat(s.getConfiguration()).isNull();
    assertThat(conditions(s).get("Updating").getMessage())
        .isEqualTo("All nodes are updating to MachineConfig rendered-worker-2");
  }

  @Test
  void pausedAndRenderDegraded() {
    MachineConfigPoolStatus s =
        status(
            List.of(node("a", "rendered-worker-1", "rendered-worker-1", "Done")),
            true,
            Optional.of("Failed to render configuration for pool worker: bad"));
    Map<String, MachineConfigPoolCondition> c = conditions(s);
    assertThat(c.get("Updating").getStatus()).isEqualTo("False");
    assertThat(c.get("Updating").getMessage())
        .isEqualTo("Pool is paused; will not update to MachineConfig rendered-worker-2");
    assertThat(c.get("RenderDegraded").getStatus()).isEqualTo("True");
    assertThat(c.get("RenderDegraded").getMessage())
        .isEqualTo("Failed to render configuration for pool worker: bad");
    assertThat(c.get("Degraded").getStatus()).isEqualTo("True");
    assertThat(c.get("Degraded").getReason()).isEqualTo("RenderDegraded");
    assertThat(c.get("Degraded").getMessage())
        .isEqualTo("Failed to render configuration for pool worker: bad");
  }

  /**
   * Issue 40 item 8: the drain blocker in the pool's status. Absent on a pool that never had one
   * (MCO's conditions only), True naming node, pod and budget while a drain is refused, False
   * after.
   */
  @Test
  void drainBlockedNamesEachBlockedNodeAndStaysFalseAfterwards() {
    PoolNode quiet = node("a", "rendered-worker-2", "rendered-worker-2", "Done");
    assertThat(conditions(status(List.of(quiet), false, Optional.empty())))
        .doesNotContainKey("DrainBlocked");

    PoolNode blocked = node("b", "rendered-worker-1", "rendered-worker-2", "Working");
    PoolNode b =
        new PoolNode(
            "b",
            Map.of(
                NodeAnnotations.CURRENT_CONFIG, "rendered-worker-1",
                NodeAnnotations.DESIRED_CONFIG, "rendered-worker-2",
                NodeAnnotations.STATE, "Working",
                NodeAnnotations.DRAIN_BLOCKED,
                    "cannot evict pod apps/web-0 (PodDisruptionBudget apps/web-pdb)"),
            Map.of(),
            false,
            blocked.created());
    MachineConfigPoolStatus during = status(List.of(quiet, b), false, Optional.empty());
    MachineConfigPoolCondition c = conditions(during).get("DrainBlocked");
    assertThat(c.getStatus()).isEqualTo("True");
    assertThat(c.getReason()).isEqualTo("EvictionRefused");
    assertThat(c.getMessage())
        .isEqualTo("Node b: cannot evict pod apps/web-0 (PodDisruptionBudget apps/web-pdb)");

    MachineConfigPoolStatus after =
        PoolStatusCalculator.calculate(
            new PoolStatusCalculator.Input(
                List.of(quiet, blocked),
                R2,
                false,
                false,
                new PoolConfiguration("rendered-worker-2", List.of()),
                Optional.empty(),
                Optional.empty(),
                Optional.of(during),
                3,
                "2026-12-02T13:00:00Z",
                Map.of()));
    assertThat(conditions(after).get("DrainBlocked").getStatus()).isEqualTo("False");
  }

  @Test
  void transitionTimesSurviveUnchangedConditions() {
    MachineConfigPoolStatus first =
        status(
            List.of(node("a", "rendered-worker-2", "rendered-worker-2", "Done")),
            false,
            Optional.empty());
    MachineConfigPoolStatus second =
        PoolStatusCalculator.calculate(
            new PoolStatusCalculator.Input(
                List.of(node("a", "rendered-worker-2", "rendered-worker-2", "Done")),
                R2,
                false,
                false,
                new PoolConfiguration("rendered-worker-2", List.of()),
                Optional.empty(),
                Optional.empty(),
                Optional.of(first),
                3,
                "2026-12-02T13:00:00Z",
                Map.of()));
    assertThat(conditions(second).get("Updated").getLastTransitionTime())
        .isEqualTo("2026-12-02T12:00:00Z");
  }

  static MachineConfigPoolStatus withReports(List<PoolNode> nodes, Map<String, NodeReport> r) {
    return status(nodes, false, Optional.empty(), r);
  }

  @Test
  void aNodeIsDegradedWhenItsMachineConfigNodeOrItsAnnotationsSaySoWithTodaysMessage() {
    // The report says degraded before the annotations do: counted, with the report's reason.
    MachineConfigPoolStatus early =
        withReports(
            List.of(node("a", "rendered-worker-1", "rendered-worker-2", "Working")),
            Map.of("a", new NodeReport(true, Optional.of("reboot command failed: x"))));
    assertThat(early.getDegradedMachineCount()).isEqualTo(1);
    assertThat(conditions(early).get("NodeDegraded").getMessage())
        .isEqualTo("Node a is reporting: \"reboot command failed: x\"");
    // A report that lags (not degraded yet) hides nothing the annotations say.
    PoolNode degraded = node("a", "rendered-worker-1", "rendered-worker-2", "Degraded");
    MachineConfigPoolStatus lagging =
        withReports(List.of(degraded), Map.of("a", new NodeReport(false, Optional.empty())));
    assertThat(lagging.getDegradedMachineCount()).isEqualTo(1);
    assertThat(conditions(lagging).get("NodeDegraded").getMessage())
        .isEqualTo(
            conditions(status(List.of(degraded), false, Optional.empty()))
                .get("NodeDegraded")
                .getMessage());
  }
}

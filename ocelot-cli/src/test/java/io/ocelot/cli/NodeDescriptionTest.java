package io.ocelot.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.NodeBuilder;
import io.fabric8.kubernetes.client.utils.Serialization;
import io.ocelot.api.model.MachineConfigNode;
import io.ocelot.api.node.NodeAnnotations;
import java.time.Instant;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class NodeDescriptionTest {
  static final Instant NOW = Instant.parse("2026-12-04T12:00:00Z");

  /** worker-1's MachineConfigNode, desired rendered-worker-2, with this {@code status:} YAML. */
  static MachineConfigNode worker1(String status) {
    return Serialization.unmarshal(
        """
        apiVersion: machineconfiguration.openshift.io/v1
        kind: MachineConfigNode
        metadata: {name: worker-1}
        spec:
          node: {name: worker-1}
          pool: {name: worker}
          configVersion: {desired: rendered-worker-2}
        """
            + status,
        MachineConfigNode.class);
  }

  @Test
  void agesReadAsKubectlPrintsThem() {
    assertThat(NodeDescription.ago("2026-12-04T11:59:18Z", NOW)).isEqualTo("42s");
    assertThat(NodeDescription.ago("2026-12-04T11:55:00Z", NOW)).isEqualTo("5m");
    assertThat(NodeDescription.ago("2026-12-04T09:00:00Z", NOW)).isEqualTo("3h");
    assertThat(NodeDescription.ago("2026-12-01T12:00:00Z", NOW)).isEqualTo("3d");
    assertThat(NodeDescription.ago("yesterday", NOW)).isEqualTo("-");
    assertThat(NodeDescription.ago(null, NOW)).isEqualTo("-");
  }

  @Test
  void aCraftedReasonCannotFakeALineAndANodeWithoutMcnSaysSo() {
    String text =
        NodeDescription.render(
            new NodeBuilder()
                .withNewMetadata()
                .withName("worker-1")
                .addToAnnotations(NodeAnnotations.REASON, "boom\nState:           Done")
                .endMetadata()
                .build(),
            Optional.empty(),
            Optional.empty(),
            NOW);
    assertThat(text.lines().filter(l -> l.startsWith("State:"))).hasSize(1);
    assertThat(text).contains("boom\\nState:").contains("no MachineConfigNode for this node");
  }

  @Test
  void pinnedImageSetsAreListedWithTheirLastFailure() {
    MachineConfigNode mcn =
        worker1(
            """
            status:
              pinnedImageSets:
              - {name: base, currentGeneration: 3, desiredGeneration: 3}
              - {name: tools, currentGeneration: 1, desiredGeneration: 2, lastFailedGeneration: 2,
                 lastFailedGenerationError: "storage available is less than minimum required"}
            """);
    String text =
        NodeDescription.render(
            new NodeBuilder().withNewMetadata().withName("worker-1").endMetadata().build(),
            Optional.of(mcn),
            Optional.empty(),
            NOW);
    assertThat(text)
        .contains("Pinned image sets:\n")
        .contains("  base                     pinned at generation 3\n")
        .contains(
            "  tools                    generation 2 not pinned yet (1 is); generation 2 failed:"
                + " storage available is less than minimum required\n");
  }

  @Test
  void theLatestFailureOfAStillDegradedNodeIsTheTimelinesLastLine() {
    // NodeDegraded went True at the first failure and stayed True through the retries: its
    // transition time is the first failure's, its message the third's.
    MachineConfigNode mcn =
        worker1(
            """
            status:
              conditions:
              - {type: UpdatePrepared, status: "True", reason: Prepared, message: prepared,
                 lastTransitionTime: "2026-12-04T11:40:00Z"}
              - {type: UpdateExecuted, status: "False", reason: Failed, message: rolled back,
                 lastTransitionTime: "2026-12-04T11:41:00Z"}
              - {type: NodeDegraded, status: "True", reason: RebootFailed,
                 message: "attempt 3: reboot command failed",
                 lastTransitionTime: "2026-12-04T11:41:00.500Z"}
            """);
    Instant thirdFailure = Instant.parse("2026-12-04T11:58:00Z");
    io.ocelot.daemon.txn.Target r1 =
        new io.ocelot.daemon.txn.Target("rendered-worker-1", Optional.empty());
    io.ocelot.daemon.txn.FailureRecord failure =
        new io.ocelot.daemon.txn.FailureRecord(
            io.ocelot.daemon.txn.FailureRecord.Phase.REBOOT,
            "reboot",
            Optional.of("systemd-run"),
            Optional.of(127),
            "systemd-run: command not found",
            "reboot command failed",
            java.util.List.of(),
            3,
            Instant.parse("2026-12-04T11:41:00Z"),
            thirdFailure,
            new io.ocelot.daemon.txn.Target("rendered-worker-2", Optional.empty()),
            r1,
            Optional.empty(),
            java.util.List.of(),
            0,
            Optional.empty());
    String text =
        NodeDescription.render(
            new NodeBuilder().withNewMetadata().withName("worker-1").endMetadata().build(),
            Optional.of(mcn),
            Optional.of(failure),
            NOW);
    java.util.List<String> timeline =
        text.lines()
            .dropWhile(l -> !l.startsWith("Update ("))
            .skip(1)
            .takeWhile(l -> !l.isEmpty())
            .toList();
    assertThat(timeline).hasSize(3);
    assertThat(timeline.get(0)).startsWith("  20m ").contains("UpdatePrepared");
    assertThat(timeline.get(1)).startsWith("  19m ").contains("UpdateExecuted");
    assertThat(timeline.get(2))
        .startsWith("  2m ")
        .contains("NodeDegraded")
        .endsWith("attempt 3: reboot command failed");
  }
}

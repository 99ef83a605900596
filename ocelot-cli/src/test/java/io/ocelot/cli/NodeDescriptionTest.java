package io.ocelot.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.NodeBuilder;
import io.ocelot.api.node.NodeAnnotations;
import java.time.Instant;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class NodeDescriptionTest {
  static final Instant NOW = Instant.parse("2026-12-04T12:00:00Z");

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
}

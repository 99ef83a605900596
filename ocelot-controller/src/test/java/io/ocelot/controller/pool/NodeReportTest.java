package io.ocelot.controller.pool;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.ConditionBuilder;
import io.ocelot.api.model.MachineConfigNode;
import io.ocelot.api.model.MachineConfigNodeStatus;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class NodeReportTest {
  static MachineConfigNode mcn(String status, String message) {
    MachineConfigNode m = new MachineConfigNode();
    m.getMetadata().setName("worker-1");
    MachineConfigNodeStatus s = new MachineConfigNodeStatus();
    s.setConditions(
        List.of(
            new ConditionBuilder()
                .withType("NodeDegraded")
                .withStatus(status)
                .withMessage(message)
                .build()));
    m.setStatus(s);
    return m;
  }

  @Test
  void aDegradedReportCarriesTheNodesReasonWithoutUpstreamsPrefix() {
    assertThat(
            NodeReport.of(
                mcn("True", "Node worker-1 upgrade failure. reboot command failed: systemd-run")))
        .contains(new NodeReport(true, Optional.of("reboot command failed: systemd-run")));
    assertThat(NodeReport.of(mcn("False", "Node worker-1 upgrade succeeded")))
        .contains(new NodeReport(false, Optional.empty()));
  }

  @Test
  void noStatusOrNoNodeDegradedYetIsNoReport() {
    MachineConfigNode bare = new MachineConfigNode();
    bare.getMetadata().setName("worker-1");
    assertThat(NodeReport.of(bare)).isEmpty();
    MachineConfigNode other = mcn("True", "x");
    other.getStatus().getConditions().get(0).setType("Updated");
    assertThat(NodeReport.of(other)).isEmpty();
  }
}

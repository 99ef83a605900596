package io.ocelot.daemon.node.mcn;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.client.utils.Serialization;
import io.ocelot.api.model.MachineConfigNode;
import io.ocelot.api.model.McnConditionType;
import io.ocelot.api.model.McnPinnedImageSet;
import io.ocelot.apiserver.SharedControlPlane;
import java.time.Clock;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The writer against a real control plane, where a MachineConfigNode can come after the daemon. */
class McnWriterTest {
  @RegisterExtension
  static final SharedControlPlane plane =
      new SharedControlPlane().wiping(List.of(MachineConfigNode.class));

  static final List<McnPinnedImageSet> PINNED =
      List.of(new McnPinnedImageSet("tools", 1L, 1L, null, null));

  @Test
  void pinsReportedBeforeTheObjectExistedReachItWithTheNextReport() {
    McnWriter writer = new McnWriter(plane.client, "worker-0", Clock.systemUTC());
    writer.report(
        new McnMilestone.Pins(PINNED, McnMilestone.PinPhase.DONE), Optional.of("rendered-1"));
    // No object yet: nothing written, and the daemon is told to come back.
    assertThat(writer.retryIn()).isPresent();

    plane
        .client
        .resources(MachineConfigNode.class)
        .resource(
            Serialization.unmarshal(
                """
                apiVersion: machineconfiguration.openshift.io/v1
                kind: MachineConfigNode
                metadata: {name: worker-0}
                spec:
                  node: {name: worker-0}
                  pool: {name: worker}
                  configVersion: {desired: rendered-1}
                """,
                MachineConfigNode.class))
        .create();
    // The next report of anything (here: the node waits for no one) carries the pins along.
    writer.report(new McnMilestone.LeaseHeld(Optional.empty()), Optional.of("rendered-1"));
    MachineConfigNode mcn =
        plane.client.resources(MachineConfigNode.class).withName("worker-0").get();
    assertThat(mcn.getStatus().getPinnedImageSets()).isEqualTo(PINNED);
    assertThat(
            mcn.getStatus().getConditions().stream()
                .filter(c -> McnConditionType.PINNED_IMAGE_SETS_DEGRADED.type().equals(c.getType()))
                .map(c -> c.getStatus() + "/" + c.getReason()))
        .containsExactly("False/AsExpected");
    assertThat(writer.retryIn()).isEmpty();
  }
}

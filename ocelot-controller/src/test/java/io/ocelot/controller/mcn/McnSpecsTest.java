package io.ocelot.controller.mcn;

import static org.assertj.core.api.Assertions.assertThat;

import io.ocelot.api.model.MachineConfigNode;
import io.ocelot.api.model.MachineConfigNodeSpec;
import io.ocelot.api.node.NodeAnnotations;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class McnSpecsTest {
  static final Map<String, String> TARGETED =
      Map.of(
          NodeAnnotations.DESIRED_CONFIG,
          "rendered-worker-2",
          NodeAnnotations.DESIRED_IMAGE,
          "registry.example/os@sha256:" + "a".repeat(64));

  @Test
  void aPoolMemberWithoutOneGetsItsMachineConfigNode() {
    McnSpecs.Action a =
        McnSpecs.decide("worker-0", TARGETED, Optional.of("worker"), Optional.empty());
    assertThat(a).isInstanceOf(McnSpecs.Create.class);
    MachineConfigNodeSpec spec = ((McnSpecs.Create) a).spec();
    assertThat(spec.getNode().getName()).isEqualTo("worker-0");
    assertThat(spec.getPool().getName()).isEqualTo("worker");
    assertThat(spec.getConfigVersion().getDesired()).isEqualTo("rendered-worker-2");
    assertThat(spec.getConfigImage().getDesiredImage()).startsWith("registry.example/os@");
  }

  @Test
  void beforeItsFirstTargetTheDesiredConfigIsNotYetSet() {
    McnSpecs.Action a =
        McnSpecs.decide("worker-0", Map.of(), Optional.of("worker"), Optional.empty());
    MachineConfigNodeSpec spec = ((McnSpecs.Create) a).spec();
    assertThat(spec.getConfigVersion().getDesired()).isEqualTo(MachineConfigNode.NOT_YET_SET);
    assertThat(spec.getConfigImage()).isNull();
  }

  @Test
  void aSpecInStepIsKeptAndOneBehindIsUpdated() {
    MachineConfigNodeSpec current =
        McnSpecs.spec(
            "worker-0",
            "worker",
            Optional.of("rendered-worker-2"),
            Optional.of(TARGETED.get(NodeAnnotations.DESIRED_IMAGE)));
    assertThat(McnSpecs.decide("worker-0", TARGETED, Optional.of("worker"), Optional.of(current)))
        .isInstanceOf(McnSpecs.Keep.class);
    // Moved to another pool, or targeted to a new config: the spec follows.
    assertThat(McnSpecs.decide("worker-0", TARGETED, Optional.of("infra"), Optional.of(current)))
        .isInstanceOf(McnSpecs.Update.class);
    McnSpecs.Action retarget =
        McnSpecs.decide(
            "worker-0",
            Map.of(NodeAnnotations.DESIRED_CONFIG, "rendered-worker-3"),
            Optional.of("worker"),
            Optional.of(current));
    assertThat(((McnSpecs.Update) retarget).spec().getConfigVersion().getDesired())
        .isEqualTo("rendered-worker-3");
    assertThat(((McnSpecs.Update) retarget).spec().getConfigImage()).isNull();
  }

  @Test
  void aNodeInNoPoolLosesItsMachineConfigNode() {
    MachineConfigNodeSpec current =
        McnSpecs.spec("worker-0", "worker", Optional.empty(), Optional.empty());
    assertThat(McnSpecs.decide("worker-0", TARGETED, Optional.empty(), Optional.of(current)))
        .isInstanceOf(McnSpecs.Delete.class);
    assertThat(McnSpecs.decide("worker-0", TARGETED, Optional.empty(), Optional.empty()))
        .isInstanceOf(McnSpecs.Keep.class);
  }
}

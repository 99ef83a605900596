package io.ocelot.daemon.txn;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import io.ocelot.api.disruption.ConfigTarget;
import io.ocelot.api.model.MachineConfig;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The caller's claim against the host's own record (pure). */
class StartingPointTest {
  static final String I1 = "registry.local/os@sha256:1";
  static final String I2 = "registry.local/os@sha256:2";

  static MachineConfig config(String name, String osImage) {
    MachineConfig mc = new MachineConfig();
    mc.getMetadata().setName(name);
    mc.getSpec().setOsImageURL(osImage);
    return mc;
  }

  static final ConfigTarget TO =
      ConfigTarget.of(config("rendered-3", "registry.local/os@sha256:3"));

  static CommitMarker stable(String config, Optional<String> image) {
    return CommitMarker.stable(
        new Target(config, image), JsonNodeFactory.instance.objectNode(), "boot-1");
  }

  @Test
  void aClaimTheMarkerContradictsNamesBothSides() {
    ConfigTarget claim = new ConfigTarget(config("rendered-1", I1), Optional.of(I1));
    assertThat(
            StartingPoint.mismatch(
                claim, TO, Optional.of(stable("rendered-2", Optional.of(I2))), Optional.of(I2)))
        .contains(
            "unexpected on-disk state: the update starts from MachineConfig rendered-1 / image "
                + I1
                + ", but the host's commit marker says it is on MachineConfig rendered-2 / image "
                + I2
                + "; nothing on the host was changed");
  }

  @Test
  void aClaimTheBootedDeploymentContradictsIsRefusedToo() {
    ConfigTarget claim = ConfigTarget.of(config("rendered-1", I1));
    assertThat(StartingPoint.mismatch(claim, TO, Optional.empty(), Optional.of(I2)))
        .contains(
            "unexpected on-disk state: the update starts from MachineConfig rendered-1 (image "
                + I1
                + "), but the host booted "
                + I2
                + "; nothing on the host was changed");
  }

  @Test
  void aClaimTheHostAgreesWithOrCannotJudgeGoesAhead() {
    ConfigTarget claim = ConfigTarget.of(config("rendered-1", I1));
    assertThat(
            StartingPoint.mismatch(
                claim, TO, Optional.of(stable("rendered-1", Optional.empty())), Optional.of(I1)))
        .isEmpty();
    // No marker, an unknown booted image, a config without an OS image: nothing to compare.
    assertThat(StartingPoint.mismatch(claim, TO, Optional.empty(), Optional.empty())).isEmpty();
    assertThat(
            StartingPoint.mismatch(
                ConfigTarget.of(config("rendered-1", null)), TO, Optional.empty(), Optional.of(I2)))
        .isEmpty();
    // Booted into the desired image already: the staging step skips it.
    assertThat(
            StartingPoint.mismatch(
                claim,
                ConfigTarget.of(config("rendered-2", I2)),
                Optional.empty(),
                Optional.of(I2)))
        .isEmpty();
    // A marker that is not stable is Recovery's business, not a claim to compare.
    CommitMarker committed =
        new CommitMarker(
            CommitMarker.Phase.COMMITTED,
            new Target("rendered-2", Optional.empty()),
            JsonNodeFactory.instance.objectNode(),
            Optional.empty(),
            Optional.empty(),
            "a1",
            "boot-1");
    assertThat(StartingPoint.mismatch(claim, TO, Optional.of(committed), Optional.of(I1)))
        .isEmpty();
  }
}

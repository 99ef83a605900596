package io.ocelot.daemon.plan;

import static io.ocelot.daemon.plan.Configs.BASE;
import static io.ocelot.daemon.plan.Configs.I1;
import static org.assertj.core.api.Assertions.assertThat;

import io.ocelot.api.disruption.ConfigTarget;
import io.ocelot.api.disruption.PostAction;
import io.ocelot.api.model.MachineConfig;
import org.junit.jupiter.api.Test;

/** The desired OS image: never empty or malformed on its way to {@code rpm-ostree rebase}. */
class PlannerImageTest {
  private final MachineConfig current = Configs.empty("rendered-worker-1");
  private final MachineConfig desired = Configs.empty("rendered-worker-2");

  @Test
  void aDesiredConfigWithoutAnImageKeepsTheBootedOneAndNeedsNoReboot() {
    desired.getSpec().setOsImageURL(null);
    UpdatePlan plan =
        PlannerStepsTest.plan(
            ConfigTarget.of(current), ConfigTarget.of(desired), Observed.booted(BASE));
    assertThat(PlannerStepsTest.summaries(plan)).noneMatch(s -> s.startsWith("stage OS image"));
    assertThat(plan.diff().osUpdate()).isFalse();
    assertThat(plan.disruption().action()).isEqualTo(PostAction.NONE);
  }

  @Test
  void anEmptyImageWithTheForceFileStagesNothing() {
    desired.getSpec().setOsImageURL("");
    UpdatePlan plan =
        PlannerStepsTest.plan(
            ConfigTarget.of(current),
            ConfigTarget.of(desired),
            new Observed(java.util.Optional.of(BASE), true, java.util.Optional.empty()));
    assertThat(PlannerStepsTest.summaries(plan)).noneMatch(s -> s.startsWith("stage OS image"));
    assertThat(plan.notes())
        .contains("staging skipped: the desired config names no OS image; the node keeps its own");
  }

  @Test
  void leavingALayeredImageForNoImageIsRefused() {
    desired.getSpec().setOsImageURL("");
    PlanResult r =
        Planner.plan(
            ConfigTarget.layered(current, I1), ConfigTarget.of(desired), Observed.booted(I1));
    assertThat(r).isInstanceOf(PlanResult.Unreconcilable.class);
    assertThat(((PlanResult.Unreconcilable) r).message())
        .contains(
            "machineconfig \"rendered-worker-2\" names no OS image (spec.osImageURL is empty) to"
                + " leave the layered image "
                + I1);
  }

  @Test
  void aMalformedImageIsRefusedBeforeAnyStep() {
    desired.getSpec().setOsImageURL("quay.io/fcos:latest --dry-run\nx");
    PlanResult r =
        Planner.plan(ConfigTarget.of(current), ConfigTarget.of(desired), Observed.booted(BASE));
    assertThat(r).isInstanceOf(PlanResult.Unreconcilable.class);
    assertThat(((PlanResult.Unreconcilable) r).message())
        .isEqualTo(
            "can't reconcile config rendered-worker-1 with rendered-worker-2: the desired image"
                + " \"quay.io/fcos:latest --dry-run\\nx\" of machineconfig \"rendered-worker-2\" is"
                + " not a valid image reference: whitespace at position 19 (an image reference is"
                + " printable ASCII without spaces)");
  }

  @Test
  void aDigestThatIsNotSixtyFourHexDigitsIsRefused() {
    desired.getSpec().setOsImageURL("quay.io/fcos@sha256:abc");
    PlanResult r =
        Planner.plan(ConfigTarget.of(current), ConfigTarget.of(desired), Observed.booted(BASE));
    assertThat(((PlanResult.Unreconcilable) r).reasons())
        .containsExactly(
            "the desired image \"quay.io/fcos@sha256:abc\" of machineconfig \"rendered-worker-2\""
                + " is not a valid image reference: the sha256 digest must be 64 lowercase hex"
                + " digits, got 3 characters");
  }
}

package io.ocelot.daemon.node.mcn;

import static org.assertj.core.api.Assertions.assertThat;

import io.ocelot.api.disruption.Disruption;
import io.ocelot.api.model.McnConditionType;
import io.ocelot.api.model.McnPinnedImageSet;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The pinned image sets on a MachineConfigNode: upstream's conditions, kept across updates. */
class McnPinsTest {
  static final List<McnPinnedImageSet> PULLING =
      List.of(new McnPinnedImageSet("tools", null, 2L, null, null));
  static final List<McnPinnedImageSet> PINNED =
      List.of(new McnPinnedImageSet("tools", 2L, 2L, null, null));

  @Test
  void progressThenDoneInUpstreamsWords() {
    McnTransitionsTest.Run r = McnTransitionsTest.settledNode();
    assertThat(r.of(McnConditionType.PINNED_IMAGE_SETS_PROGRESSING))
        .isEqualTo("False/NotYetOccurred");
    r.then(new McnMilestone.Pins(PULLING, McnMilestone.PinPhase.PULLING));
    assertThat(r.of(McnConditionType.PINNED_IMAGE_SETS_PROGRESSING))
        .isEqualTo("True/ImagePrefetch");
    assertThat(r.status.getPinnedImageSets()).isEqualTo(PULLING);
    r.then(new McnMilestone.Pins(PINNED, McnMilestone.PinPhase.DONE));
    assertThat(r.of(McnConditionType.PINNED_IMAGE_SETS_PROGRESSING)).isEqualTo("False/AsExpected");
    assertThat(r.of(McnConditionType.PINNED_IMAGE_SETS_DEGRADED)).isEqualTo("False/AsExpected");
    assertThat(r.writes).isEqualTo(2);
  }

  @Test
  void aFailureDegradesOnlyThePinsAndAnUpdateKeepsThem() {
    McnTransitionsTest.Run r = McnTransitionsTest.settledNode();
    List<McnPinnedImageSet> failed =
        List.of(new McnPinnedImageSet("tools", null, 2L, 2L, "failed to pull image x"));
    r.then(new McnMilestone.Pins(failed, McnMilestone.PinPhase.FAILED));
    assertThat(r.of(McnConditionType.PINNED_IMAGE_SETS_DEGRADED)).isEqualTo("True/PrefetchFailed");
    assertThat(r.of(McnConditionType.NODE_DEGRADED)).isEqualTo("False/UpdateSucceeded");
    // An update starts and ends: its reset leaves the pins' conditions and entries alone.
    r.then(
        new McnMilestone.Started(
            McnTransitionsTest.R1.config(), McnTransitionsTest.R2, Disruption.NONE, false));
    r.then(new McnMilestone.Done(McnTransitionsTest.R2));
    assertThat(r.of(McnConditionType.PINNED_IMAGE_SETS_DEGRADED)).isEqualTo("True/PrefetchFailed");
    assertThat(r.status.getPinnedImageSets()).isEqualTo(failed);
    // The pool has no sets any more: the entries go.
    r.then(new McnMilestone.Pins(List.of(), McnMilestone.PinPhase.DONE));
    assertThat(r.status.getPinnedImageSets()).isNull();
    assertThat(r.of(McnConditionType.PINNED_IMAGE_SETS_DEGRADED)).isEqualTo("False/AsExpected");
  }
}

package io.ocelot.daemon.plan;

import static org.assertj.core.api.Assertions.assertThat;

import io.ocelot.api.ignition.RefusedSections;
import io.ocelot.api.model.IrreconcilableChangeDiff;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** What a node lacks of its targets once it skipped overridden storage changes. */
class IrreconcilableChangesTest {
  static final String DISKS = RefusedSections.DISKS;
  static final Set<String> OVERRIDDEN = Set.of(DISKS, RefusedSections.RAID);
  static final String VDB = "[{\"device\":\"/dev/vdb\"}]";
  static final String VDC = "[{\"device\":\"/dev/vdc\"}]";

  static RefusedSections disks(String json) {
    return json == null ? RefusedSections.NONE : new RefusedSections(Map.of(DISKS, json));
  }

  @Test
  void aSkippedSectionIsKeptAsTheNodeHasItAndReportedUntilTheClusterComesBack() {
    // A -> B adds a disk: the node skips it and keeps "no disks" as its baseline.
    IrreconcilableChanges.Outcome b =
        IrreconcilableChanges.of(Map.of(), disks(null), disks(VDB), OVERRIDDEN);
    assertThat(b.baseline()).containsExactly(Map.entry(DISKS, ""));
    assertThat(b.changes())
        .containsExactly(
            new IrreconcilableChangeDiff("spec.config.storage.disks", "- (none)\n+ " + VDB));

    // B -> C changes an unrelated part: the node still lacks the disk, measured from its baseline.
    IrreconcilableChanges.Outcome c =
        IrreconcilableChanges.of(b.baseline(), disks(VDB), disks(VDB), OVERRIDDEN);
    assertThat(c.baseline()).isEqualTo(b.baseline());
    assertThat(c.changes()).isEqualTo(b.changes());

    // C -> D names another disk: still measured from what the node has, not from C.
    IrreconcilableChanges.Outcome d =
        IrreconcilableChanges.of(c.baseline(), disks(VDB), disks(VDC), OVERRIDDEN);
    assertThat(d.changes())
        .containsExactly(
            new IrreconcilableChangeDiff("spec.config.storage.disks", "- (none)\n+ " + VDC));

    // D -> E drops the disk again: the node has all of E; the baseline goes.
    IrreconcilableChanges.Outcome e =
        IrreconcilableChanges.of(d.baseline(), disks(VDC), disks(null), OVERRIDDEN);
    assertThat(e.baseline()).isEmpty();
    assertThat(e.changes()).isEmpty();
  }

  @Test
  void withoutOverridesOrChangesNothingIsKeptOrReported() {
    assertThat(IrreconcilableChanges.of(Map.of(), disks(null), disks(VDB), Set.of()).changes())
        .isEmpty();
    IrreconcilableChanges.Outcome same =
        IrreconcilableChanges.of(Map.of(), disks(VDB), disks(VDB), OVERRIDDEN);
    assertThat(same.baseline()).isEmpty();
    assertThat(same.changes()).isEmpty();
  }

  @Test
  void aLongDiffIsCutToWhatTheServerTakes() {
    String huge = "[\"" + "x".repeat(5000) + "\"]";
    IrreconcilableChangeDiff d =
        IrreconcilableChanges.of(Map.of(), disks(null), disks(huge), OVERRIDDEN).changes().get(0);
    assertThat(d.diff()).hasSize(IrreconcilableChanges.MAX_DIFF).endsWith("...");
  }
}

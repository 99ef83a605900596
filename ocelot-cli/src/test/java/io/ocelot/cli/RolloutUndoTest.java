package io.ocelot.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.ObjectReference;
import io.fabric8.kubernetes.api.model.ObjectReferenceBuilder;
import io.ocelot.api.model.MachineConfigPool;
import io.ocelot.api.model.MachineConfigPoolSpec;
import io.ocelot.api.model.MachineConfigPoolStatus;
import io.ocelot.api.model.PoolConfiguration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * When undo cannot get the previous config back by deleting what the rollout added, it says why.
 */
class RolloutUndoTest {
  static MachineConfigPool pool(
      String target, List<String> targetSources, String previous, List<String> previousSources) {
    MachineConfigPool p = new MachineConfigPool();
    p.getMetadata().setName("worker");
    p.setSpec(new MachineConfigPoolSpec());
    p.getSpec().setConfiguration(new PoolConfiguration(target, refs(targetSources)));
    MachineConfigPoolStatus s = new MachineConfigPoolStatus();
    s.setConfiguration(new PoolConfiguration(previous, refs(previousSources)));
    p.setStatus(s);
    return p;
  }

  static List<ObjectReference> refs(List<String> names) {
    return names.stream().map(n -> new ObjectReferenceBuilder().withName(n).build()).toList();
  }

  static RolloutUndo.Result plan(MachineConfigPool pool, Set<String> selected) {
    return RolloutUndo.plan(pool, List.of(), Map.of(), selected, Optional.empty());
  }

  @Test
  void aPoolOnItsTargetHasNothingToUndo() {
    assertThat(plan(pool("r-1", List.of("00-w"), "r-1", List.of("00-w")), Set.of("00-w")))
        .isEqualTo(
            new RolloutUndo.Nothing("pool worker: every node runs its target r-1; no rollout"));
  }

  @Test
  void aConfigChangedInPlaceCannotBeUndoneByDeleting() {
    assertThat(plan(pool("r-2", List.of("00-w"), "r-1", List.of("00-w")), Set.of("00-w")))
        .isInstanceOfSatisfying(
            RolloutUndo.Refused.class,
            r ->
                assertThat(r.why())
                    .isEqualTo(
                        "the rollout to r-2 adds no MachineConfig: one that r-1 was rendered from"
                            + " was changed in place; undo cannot restore its content: edit it"
                            + " back"));
  }

  @Test
  void aMachineConfigThePreviousConfigNeedsThatIsGoneIsNamed() {
    assertThat(
            plan(
                pool("r-2", List.of("00-w", "50-new"), "r-1", List.of("00-w", "40-old")),
                Set.of("00-w", "50-new")))
        .isInstanceOfSatisfying(
            RolloutUndo.Refused.class,
            r -> assertThat(r.why()).startsWith("MachineConfig 40-old that r-1 was rendered from"));
  }

  @Test
  void aMachineConfigNewerThanTheTargetIsNamed() {
    assertThat(
            plan(
                pool("r-2", List.of("00-w", "50-new"), "r-1", List.of("00-w")),
                Set.of("00-w", "50-new", "60-newer")))
        .isInstanceOfSatisfying(
            RolloutUndo.Refused.class,
            r ->
                assertThat(r.why())
                    .isEqualTo(
                        "MachineConfig 60-newer came after r-2 was rendered; undo would not get r-1"
                            + " back: wait for its render, or delete it too"));
  }

  @Test
  void renderedConfigsThatAreGoneAreNamed() {
    assertThat(
            plan(
                pool("r-2", List.of("00-w", "50-new"), "r-1", List.of("00-w")),
                Set.of("00-w", "50-new")))
        .isEqualTo(new RolloutUndo.Refused("rendered config r-2 is gone; undo needs both"));
  }
}

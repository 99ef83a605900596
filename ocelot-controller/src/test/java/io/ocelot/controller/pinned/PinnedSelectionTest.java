package io.ocelot.controller.pinned;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.ConditionBuilder;
import io.fabric8.kubernetes.api.model.LabelSelector;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import io.ocelot.api.model.MachineConfigNode;
import io.ocelot.api.model.MachineConfigNodeStatus;
import io.ocelot.api.model.MachineConfigPool;
import io.ocelot.api.model.McnPinnedImageSet;
import io.ocelot.api.model.PinnedImageRef;
import io.ocelot.api.model.PinnedImageSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class PinnedSelectionTest {
  static PinnedImageSet set(String name, long generation, Map<String, String> labels) {
    PinnedImageSet s = new PinnedImageSet();
    s.setMetadata(
        new ObjectMetaBuilder()
            .withName(name)
            .withGeneration(generation)
            .withLabels(labels)
            .build());
    s.getSpec().setPinnedImages(List.of(new PinnedImageRef("q.io/a@sha256:" + "1".repeat(64))));
    return s;
  }

  static MachineConfigPool pool(Map<String, String> selector) {
    MachineConfigPool p = new MachineConfigPool();
    p.setMetadata(new ObjectMetaBuilder().withName("worker").build());
    LabelSelector s = new LabelSelector();
    s.setMatchLabels(selector);
    p.getSpec().setMachineConfigSelector(s);
    return p;
  }

  static final Map<String, String> WORKER =
      Map.of("machineconfiguration.openshift.io/role", "worker");

  @Test
  void aPoolPinsTheSetsItsSelectorMatchesByName() {
    MachineConfigPool p = pool(WORKER);
    List<PinnedImageSet> sets =
        List.of(
            set("z-tools", 1, WORKER),
            set("a-base", 3, WORKER),
            set("masters", 1, Map.of("machineconfiguration.openshift.io/role", "master")));
    assertThat(PinnedSelection.adopt(p, sets)).isTrue();
    assertThat(p.getSpec().getPinnedImageSets())
        .extracting(r -> r.getName())
        .containsExactly("a-base", "z-tools");
    assertThat(PinnedSelection.adopt(p, sets)).isFalse();
    assertThat(PinnedSelection.asked(p, Optional.empty(), sets).value())
        .contains("a-base=3,z-tools=1");
    // A set gone: the pool's list and the ask lose it.
    assertThat(PinnedSelection.adopt(p, sets.subList(1, 3))).isTrue();
    assertThat(PinnedSelection.asked(p, Optional.empty(), sets.subList(1, 3)).value())
        .contains("a-base=3");
  }

  @Test
  void aCustomPoolsNodesPinTheWorkerPoolsSetsTooAsUpstreamsDaemonDoes() {
    MachineConfigPool worker = pool(WORKER);
    MachineConfigPool infra = pool(Map.of("machineconfiguration.openshift.io/role", "infra"));
    infra.getMetadata().setName("infra");
    List<PinnedImageSet> sets =
        List.of(
            set("base", 2, WORKER),
            set("infra-tools", 1, Map.of("machineconfiguration.openshift.io/role", "infra")));
    PinnedSelection.adopt(worker, sets);
    PinnedSelection.adopt(infra, sets);
    assertThat(PinnedSelection.asked(infra, Optional.of(worker), sets).value())
        .contains("base=2,infra-tools=1");
    // The worker pool's own nodes pin only its sets.
    assertThat(PinnedSelection.asked(worker, Optional.of(worker), sets).value()).contains("base=2");
  }

  @Test
  void anEmptySelectorPinsNothing() {
    assertThat(PinnedSelection.selected(pool(Map.of()), List.of(set("a", 1, WORKER)))).isEmpty();
  }

  static MachineConfigNode mcn(String node, boolean degraded, McnPinnedImageSet... sets) {
    MachineConfigNode m = new MachineConfigNode();
    m.setMetadata(new ObjectMetaBuilder().withName(node).build());
    MachineConfigNodeStatus s = new MachineConfigNodeStatus();
    s.setPinnedImageSets(List.of(sets));
    s.setConditions(
        List.of(
            new ConditionBuilder()
                .withType("PinnedImageSetsDegraded")
                .withStatus(degraded ? "True" : "False")
                .build()));
    m.setStatus(s);
    return m;
  }

  @Test
  void aNodeIsUpToDateOnlyWithEverySetPinnedAtTheAskedGeneration() {
    MachineConfigPool p = pool(WORKER);
    List<PinnedImageSet> sets = List.of(set("a", 2, WORKER), set("b", 1, WORKER));
    PinnedSelection.adopt(p, sets);
    var asked = PinnedSelection.asked(p, Optional.empty(), sets);
    PinnedProgress progress =
        PinnedProgress.of(
            List.of("w0", "w1", "w2", "w3"),
            Map.of(
                "w0",
                mcn(
                    "w0",
                    false,
                    new McnPinnedImageSet("a", 2L, 2L, null, null),
                    new McnPinnedImageSet("b", 1L, 1L, null, null)),
                "w1",
                mcn("w1", false, new McnPinnedImageSet("a", 1L, 2L, null, null)),
                "w2",
                mcn(
                    "w2",
                    true,
                    new McnPinnedImageSet("a", null, 2L, 2L, "failed to pull image q.io/a"),
                    new McnPinnedImageSet("b", 1L, 1L, null, null))),
            asked);
    // w3 has no MachineConfigNode yet: not up to date (upstream would count it).
    assertThat(progress.machines()).isEqualTo(4);
    assertThat(progress.updated()).isEqualTo(1);
    assertThat(progress.degraded())
        .containsExactly("Node w2 cannot pin a (generation 2): failed to pull image q.io/a");
  }
}

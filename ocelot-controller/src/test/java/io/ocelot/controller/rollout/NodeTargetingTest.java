package io.ocelot.controller.rollout;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.NodeBuilder;
import io.fabric8.kubernetes.api.model.Taint;
import io.ocelot.api.node.NodeAnnotations;
import io.ocelot.apiserver.SharedControlPlane;
import io.ocelot.controller.members.PoolTarget;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Targeting a node on the real control plane: annotations and Ocelot's taint, nothing else. */
class NodeTargetingTest {
  @RegisterExtension static final SharedControlPlane plane = new SharedControlPlane();

  final NodeTargeting targeting =
      new NodeTargeting(new io.ocelot.controller.support.NodeUpdates(plane.client));

  Node node() {
    return plane
        .client
        .nodes()
        .resource(
            new NodeBuilder()
                .withNewMetadata()
                .withName("worker-0")
                .addToAnnotations(NodeAnnotations.DESIRED_CONFIG, "rendered-worker-1")
                .addToAnnotations(NodeAnnotations.DESIRED_IMAGE, "quay.io/x@sha256:1")
                .endMetadata()
                .withNewSpec()
                .addNewTaint()
                .withKey("dedicated")
                .withEffect("NoSchedule")
                .withValue("infra")
                .endTaint()
                .endSpec()
                .build())
        .create();
  }

  Node stored() {
    return plane.client.nodes().withName("worker-0").get();
  }

  @Test
  void taintsANodeWaitingForTheTargetAndKeepsOtherTaints() {
    Node created = node();
    // The server's TaintNodesByCondition admission adds node.kubernetes.io/not-ready to a new
    // node; with the admin's own taint, both must stay.
    assertThat(created.getSpec().getTaints())
        .extracting(Taint::getKey)
        .containsExactly("dedicated", "node.kubernetes.io/not-ready");
    targeting.converge(created, new NodeTargeting.Wanted(Optional.empty(), true));
    assertThat(stored().getSpec().getTaints())
        .extracting(Taint::getKey, Taint::getEffect)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple("dedicated", "NoSchedule"),
            org.assertj.core.groups.Tuple.tuple("node.kubernetes.io/not-ready", "NoSchedule"),
            org.assertj.core.groups.Tuple.tuple("UpdateInProgress", "PreferNoSchedule"));
  }

  @Test
  void untaintsATargetedNodeAndDropsItsImageForANonLayeredTarget() {
    Node n = targeting.converge(node(), new NodeTargeting.Wanted(Optional.empty(), true));
    targeting.converge(
        n,
        new NodeTargeting.Wanted(
            Optional.of(new PoolTarget("rendered-worker-2", Optional.empty())), false));
    assertThat(stored().getSpec().getTaints())
        .extracting(Taint::getKey)
        .containsExactly("dedicated", "node.kubernetes.io/not-ready");
    assertThat(stored().getMetadata().getAnnotations())
        .containsEntry(NodeAnnotations.DESIRED_CONFIG, "rendered-worker-2")
        .doesNotContainKey(NodeAnnotations.DESIRED_IMAGE);
  }

  @Test
  void setsConfigAndImageTogether() {
    targeting.converge(
        node(),
        new NodeTargeting.Wanted(
            Optional.of(new PoolTarget("rendered-worker-2", Optional.of("quay.io/x@sha256:2"))),
            false));
    assertThat(stored().getMetadata().getAnnotations())
        .containsEntry(NodeAnnotations.DESIRED_CONFIG, "rendered-worker-2")
        .containsEntry(NodeAnnotations.DESIRED_IMAGE, "quay.io/x@sha256:2");
  }

  @Test
  void aStaleCopyIsReReadAndNothingAnotherWriterSetIsLost() {
    Node stale = node();
    plane
        .client
        .nodes()
        .withName("worker-0")
        .edit(
            x -> {
              x.getMetadata().getAnnotations().put(NodeAnnotations.STATE, "Working");
              return x;
            });
    targeting.converge(stale, new NodeTargeting.Wanted(Optional.empty(), true));
    assertThat(stored().getMetadata().getAnnotations())
        .containsEntry(NodeAnnotations.STATE, "Working");
    assertThat(stored().getSpec().getTaints()).anyMatch(NodeTargeting::isOurs);
  }

  @Test
  void nothingToChangeWritesNothing() {
    Node n = node();
    assertThat(
            targeting.converge(
                n,
                new NodeTargeting.Wanted(
                    Optional.of(
                        new PoolTarget("rendered-worker-1", Optional.of("quay.io/x@sha256:1"))),
                    false)))
        .isSameAs(n);
    assertThat(stored().getMetadata().getResourceVersion())
        .isEqualTo(n.getMetadata().getResourceVersion());
  }
}

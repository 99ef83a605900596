package io.ocelot.controller.rollout;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.IntOrString;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.NodeBuilder;
import io.ocelot.api.model.MachineConfigPool;
import io.ocelot.api.model.MachineConfigPoolSpec;
import io.ocelot.api.node.NodeAnnotations;
import io.ocelot.api.node.StageAheadStatus;
import io.ocelot.apiserver.SharedControlPlane;
import io.ocelot.controller.members.PoolNode;
import io.ocelot.controller.members.PoolTarget;
import io.ocelot.controller.support.NodeUpdates;
import io.ocelot.controller.support.ObjectEvents;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A rollout pass on the real control plane hands a node to the writers only when it lacks its
 * target or has the wrong taint: a pass over a settled pool writes (and copies) nothing.
 */
class RolloutTest {
  @RegisterExtension static final SharedControlPlane plane = new SharedControlPlane();

  static final PoolTarget TARGET = new PoolTarget("rendered-worker-2", Optional.empty());

  final AtomicInteger handedOut = new AtomicInteger();
  final Executor counting =
      task -> {
        handedOut.incrementAndGet();
        task.run();
      };
  final Rollout rollout =
      new Rollout(
          new NodeTargeting(new NodeUpdates(plane.client)),
          new ObjectEvents(plane.client, Clock.systemUTC()),
          counting,
          new RebootLeases(plane.client, "default", Clock.systemUTC()),
          Clock.systemUTC());
  final List<String> written = new ArrayList<>();

  Node node(String name, String current, String desired, String state, boolean tainted) {
    NodeBuilder b =
        new NodeBuilder()
            .withNewMetadata()
            .withName(name)
            .withAnnotations(
                Map.of(
                    NodeAnnotations.CURRENT_CONFIG, current,
                    NodeAnnotations.DESIRED_CONFIG, desired,
                    NodeAnnotations.STATE, state))
            .endMetadata()
            .withNewSpec()
            .endSpec();
    if (tainted) {
      b.editSpec()
          .addNewTaint()
          .withKey(NodeTargeting.TAINT_KEY)
          .withEffect(NodeTargeting.TAINT_EFFECT)
          .endTaint()
          .endSpec();
    }
    return plane.client.nodes().resource(b.build()).create();
  }

  void pass(List<Node> members) {
    pass(members, Optional.empty());
  }

  void pass(List<Node> members, Optional<Rollout.Staging> staging) {
    MachineConfigPool pool = new MachineConfigPool();
    pool.getMetadata().setName("worker");
    MachineConfigPoolSpec spec = new MachineConfigPoolSpec();
    spec.setMaxUnavailable(new IntOrString(1));
    pool.setSpec(spec);
    rollout.run(
        pool,
        members,
        PoolNode.of(members),
        TARGET,
        false,
        n -> true,
        staging,
        (now, old) -> written.add(now.getMetadata().getName()));
  }

  @Test
  void aSettledPoolIsPassedOverWithoutAWrite() {
    List<Node> members =
        List.of(
            node("worker-0", "rendered-worker-2", "rendered-worker-2", "Done", false),
            node("worker-1", "rendered-worker-2", "rendered-worker-2", "Done", false));
    pass(members);
    assertThat(handedOut).hasValue(0);
    assertThat(written).isEmpty();
  }

  @Test
  void waitingNodesAreAskedToPullAheadWithinTheLimitAndTheNextGoesOnceOneAnswers() {
    String image = "registry.local/worker@sha256:" + "b".repeat(64);
    Optional<Rollout.Staging> staging = Optional.of(new Rollout.Staging(image, 1, n -> false));
    List<Node> members =
        List.of(
            node("worker-0", "rendered-worker-1", "rendered-worker-2", "Working", false),
            node("worker-1", "rendered-worker-1", "rendered-worker-1", "Done", true),
            node("worker-2", "rendered-worker-1", "rendered-worker-1", "Done", true));
    pass(members, staging);
    assertThat(ask("worker-1")).isEqualTo(image);
    assertThat(ask("worker-2")).isNull();
    assertThat(ask("worker-0")).isNull();

    // worker-1 answers (as its daemon does): its pull no longer counts, worker-2 is next.
    plane
        .client
        .nodes()
        .withName("worker-1")
        .edit(
            n -> {
              n.getMetadata()
                  .getAnnotations()
                  .put(NodeAnnotations.STAGE_AHEAD_STATUS, StageAheadStatus.pulled(image).value());
              return n;
            });
    pass(current(members), staging);
    assertThat(ask("worker-1")).isEqualTo(image);
    assertThat(ask("worker-2")).isEqualTo(image);

    // A policy without stage ahead: the asks go.
    pass(current(members), Optional.empty());
    assertThat(ask("worker-1")).isNull();
    assertThat(ask("worker-2")).isNull();
  }

  private String ask(String node) {
    return plane
        .client
        .nodes()
        .withName(node)
        .get()
        .getMetadata()
        .getAnnotations()
        .get(NodeAnnotations.STAGE_AHEAD);
  }

  private List<Node> current(List<Node> members) {
    return members.stream()
        .map(n -> plane.client.nodes().withName(n.getMetadata().getName()).get())
        .toList();
  }

  @Test
  void onlyTheNodeMissingItsTaintIsWritten() {
    // No node may start: worker-0 updates, and none is Ready (no kubelet here), so the budget of
    // one unavailable node is spent; the waiting nodes only need the taint.
    List<Node> members =
        List.of(
            node("worker-0", "rendered-worker-1", "rendered-worker-2", "Working", false),
            node("worker-1", "rendered-worker-1", "rendered-worker-1", "Done", true),
            node("worker-2", "rendered-worker-1", "rendered-worker-1", "Done", false));
    pass(members);
    assertThat(handedOut).hasValue(1);
    assertThat(written).containsExactly("worker-2");
    assertThat(plane.client.nodes().withName("worker-2").get().getSpec().getTaints())
        .anyMatch(NodeTargeting::isOurs);
  }
}

package io.ocelot.controller;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.fabric8.kubernetes.api.model.Event;
import io.fabric8.kubernetes.api.model.IntOrString;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.api.model.policy.v1.PodDisruptionBudgetBuilder;
import io.ocelot.api.node.NodeAnnotations;
import io.ocelot.controller.drain.DrainReconciler;
import io.ocelot.controller.drain.DrainSettings;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The drain handshake from the controller's side, with the test playing the daemon. */
class DrainIT {
  static final String DRAIN = "drain-rendered-worker-2";
  static final String UNCORDON = "uncordon-rendered-worker-2";

  final ControllerHarness cluster = new ControllerHarness();

  @BeforeEach
  void start() {
    cluster.drain =
        new DrainSettings(
            Duration.ofSeconds(1),
            Duration.ofMillis(100),
            Duration.ofMillis(400),
            Duration.ofMinutes(10),
            Duration.ofMinutes(5));
    cluster.startController();
  }

  @AfterEach
  void stop() {
    cluster.close();
  }

  Pod pod(String name, Map<String, String> annotations, String ownerKind) {
    PodBuilder b =
        new PodBuilder()
            .withNewMetadata()
            .withName(name)
            .withNamespace("apps")
            .addToLabels("app", name.replaceAll("-\\d+$", ""))
            .addToAnnotations(annotations)
            .endMetadata()
            .withNewSpec()
            .withNodeName("worker-0")
            .endSpec()
            .withNewStatus()
            .addNewCondition()
            .withType("Ready")
            .withStatus("True")
            .endCondition()
            .endStatus();
    if (ownerKind != null) {
      b.editMetadata()
          .addNewOwnerReference()
          .withApiVersion("apps/v1")
          .withKind(ownerKind)
          .withName("owner")
          .withUid("u-1")
          .withController(true)
          .endOwnerReference()
          .endMetadata();
    }
    return cluster.client.pods().inNamespace("apps").resource(b.build()).create();
  }

  void request(String drain) {
    cluster
        .client
        .nodes()
        .withName("worker-0")
        .edit(
            n -> {
              n.getMetadata().getAnnotations().put(NodeAnnotations.DESIRED_DRAIN, drain);
              return n;
            });
  }

  Node awaitNode(Predicate<Node> what) {
    Node[] n = new Node[1];
    await().atMost(Duration.ofSeconds(20)).until(() -> what.test(n[0] = cluster.node("worker-0")));
    return n[0];
  }

  static boolean acknowledged(Node n, String drain) {
    return drain.equals(n.getMetadata().getAnnotations().get(NodeAnnotations.LAST_APPLIED_DRAIN));
  }

  List<Event> events(String reason) {
    return cluster.events(reason);
  }

  @Test
  void aBudgetBlocksTheDrainWhichIsReportedAndFinishesOnceReleased() {
    cluster.node("worker-0", null, "rendered-worker-1");
    pod("web-0", Map.of(), null);
    pod("agent-0", Map.of(), "DaemonSet");
    pod("static-0", Map.of("kubernetes.io/config.mirror", "x"), null);
    cluster
        .client
        .policy()
        .v1()
        .podDisruptionBudget()
        .inNamespace("apps")
        .resource(
            new PodDisruptionBudgetBuilder()
                .withNewMetadata()
                .withName("web-pdb")
                .withNamespace("apps")
                .endMetadata()
                .withNewSpec()
                .withMinAvailable(new IntOrString(1))
                .withNewSelector()
                .addToMatchLabels("app", "web")
                .endSelector()
                .endSpec()
                .build())
        .create();

    request(DRAIN);
    Node cordoned = awaitNode(n -> Boolean.TRUE.equals(n.getSpec().getUnschedulable()));
    assertThat(cordoned.getMetadata().getAnnotations()).containsKey(DrainReconciler.CORDONED_BY_US);
    await()
        .atMost(Duration.ofSeconds(20))
        .until(() -> cluster.metrics().contains("mcc_drain_err{node=\"worker-0\"} 1.0"));
    assertThat(events("DrainBlocked"))
        .singleElement()
        .satisfies(
            e ->
                assertThat(e.getMessage())
                    .startsWith("Draining node worker-0 has failed for ")
                    .contains("cannot evict pod apps/web-0 (PodDisruptionBudget apps/web-pdb)")
                    .endsWith("still retrying"));
    assertThat(cluster.node("worker-0").getMetadata().getAnnotations())
        .doesNotContainKey(NodeAnnotations.LAST_APPLIED_DRAIN);

    cluster
        .client
        .policy()
        .v1()
        .podDisruptionBudget()
        .inNamespace("apps")
        .withName("web-pdb")
        .edit(
            b -> {
              b.getSpec().setMinAvailable(new IntOrString(0));
              return b;
            });
    awaitNode(n -> acknowledged(n, DRAIN));
    assertThat(cluster.client.pods().inNamespace("apps").list().getItems())
        .extracting(p -> p.getMetadata().getName())
        .containsExactlyInAnyOrder("agent-0", "static-0");
    assertThat(cluster.metrics()).doesNotContain("mcc_drain_err{node=\"worker-0\"}");
    assertThat(events("Drained")).hasSize(1);

    request(UNCORDON);
    Node done = awaitNode(n -> acknowledged(n, UNCORDON));
    assertThat(done.getSpec().getUnschedulable()).isFalse();
    assertThat(done.getMetadata().getAnnotations())
        .doesNotContainKey(DrainReconciler.CORDONED_BY_US);
  }

  @Test
  void aNodeSomeoneElseCordonedStaysCordoned() {
    cluster.node("worker-0", null, "rendered-worker-1");
    cluster
        .client
        .nodes()
        .withName("worker-0")
        .edit(
            n ->
                new io.fabric8.kubernetes.api.model.NodeBuilder(n)
                    .editOrNewSpec()
                    .withUnschedulable(true)
                    .endSpec()
                    .build());
    pod("web-0", Map.of(), null);

    request(DRAIN);
    awaitNode(x -> acknowledged(x, DRAIN));
    assertThat(cluster.client.pods().inNamespace("apps").list().getItems()).isEmpty();
    request(UNCORDON);
    Node done = awaitNode(x -> acknowledged(x, UNCORDON));
    assertThat(done.getSpec().getUnschedulable()).isTrue();
  }
}

package io.ocelot.controller;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.fabric8.kubernetes.api.model.Event;
import io.fabric8.kubernetes.api.model.IntOrString;
import io.fabric8.kubernetes.api.model.NamespaceBuilder;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.OwnerReference;
import io.fabric8.kubernetes.api.model.OwnerReferenceBuilder;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.api.model.apps.DaemonSet;
import io.fabric8.kubernetes.api.model.apps.DaemonSetBuilder;
import io.fabric8.kubernetes.api.model.policy.v1.PodDisruptionBudgetBuilder;
import io.ocelot.api.node.NodeAnnotations;
import io.ocelot.apiserver.SharedControlPlane;
import io.ocelot.controller.drain.DrainReconciler;
import io.ocelot.controller.drain.DrainSettings;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The drain handshake from the controller's side on the real control plane, with the test playing
 * the daemon and the kubelet ({@link PodPlayer}); the server's disruption controller computes the
 * budget and its Eviction API enforces it.
 */
class DrainIT {
  static final String DRAIN = "drain-rendered-worker-2";
  static final String UNCORDON = "uncordon-rendered-worker-2";
  static final String APPS = "apps";

  @RegisterExtension static final SharedControlPlane plane = ControllerHarness.sharedKube();

  final ControllerHarness cluster = ControllerHarness.on(plane);
  PodPlayer kubelet;

  @BeforeEach
  void start() {
    if (cluster.client.namespaces().withName(APPS).get() == null) {
      cluster
          .client
          .namespaces()
          .resource(new NamespaceBuilder().withNewMetadata().withName(APPS).endMetadata().build())
          .create();
    }
    kubelet = new PodPlayer(cluster.client, APPS);
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
    kubelet.close();
    cluster.client.pods().inNamespace(APPS).withGracePeriod(0).delete();
    cluster.client.policy().v1().podDisruptionBudget().inNamespace(APPS).delete();
    cluster.client.apps().daemonSets().inNamespace(APPS).delete();
    await()
        .atMost(Duration.ofSeconds(30))
        .until(() -> cluster.client.pods().inNamespace(APPS).list().getItems().isEmpty());
    cluster.close();
  }

  /**
   * A DaemonSet for a pod to belong to (a pod naming an owner that does not exist is collected).
   */
  OwnerReference daemonSet() {
    DaemonSet ds =
        cluster
            .client
            .apps()
            .daemonSets()
            .inNamespace(APPS)
            .resource(
                new DaemonSetBuilder()
                    .withNewMetadata()
                    .withName("agent")
                    .withNamespace(APPS)
                    .endMetadata()
                    .withNewSpec()
                    .withNewSelector()
                    .addToMatchLabels("app", "agent")
                    .endSelector()
                    .withNewTemplate()
                    .withNewMetadata()
                    .addToLabels("app", "agent")
                    .endMetadata()
                    .withNewSpec()
                    .addNewContainer()
                    .withName("agent")
                    .withImage("registry.example.com/agent:1")
                    .endContainer()
                    .endSpec()
                    .endTemplate()
                    .endSpec()
                    .build())
            .create();
    return new OwnerReferenceBuilder()
        .withApiVersion("apps/v1")
        .withKind("DaemonSet")
        .withName(ds.getMetadata().getName())
        .withUid(ds.getMetadata().getUid())
        .withController(true)
        .build();
  }

  /** A pod on worker-0, Ready once the kubelet (PodPlayer) reported it. */
  Pod pod(String name, Map<String, String> annotations, OwnerReference owner) {
    PodBuilder b =
        new PodBuilder()
            .withNewMetadata()
            .withName(name)
            .withNamespace(APPS)
            .addToLabels("app", name.replaceAll("-\\d+$", ""))
            .addToAnnotations(annotations)
            .endMetadata()
            .withNewSpec()
            .withNodeName("worker-0")
            .addNewContainer()
            .withName("main")
            .withImage("registry.example.com/" + name + ":1")
            .endContainer()
            .endSpec();
    if (owner != null) {
      b.editMetadata().addToOwnerReferences(owner).endMetadata();
    }
    Pod created = cluster.client.pods().inNamespace(APPS).resource(b.build()).create();
    await()
        .atMost(Duration.ofSeconds(20))
        .until(
            () ->
                "Running"
                    .equals(
                        cluster
                            .client
                            .pods()
                            .inNamespace(APPS)
                            .withName(name)
                            .get()
                            .getStatus()
                            .getPhase()));
    return created;
  }

  /** A budget that keeps web-0 from being evicted (at least one web pod must stay). */
  void webBudget() {
    cluster
        .client
        .policy()
        .v1()
        .podDisruptionBudget()
        .inNamespace(APPS)
        .resource(
            new PodDisruptionBudgetBuilder()
                .withNewMetadata()
                .withName("web-pdb")
                .withNamespace(APPS)
                .endMetadata()
                .withNewSpec()
                .withMinAvailable(new IntOrString(1))
                .withNewSelector()
                .addToMatchLabels("app", "web")
                .endSelector()
                .endSpec()
                .build())
        .create();
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
    pod("agent-0", Map.of(), daemonSet());
    pod("static-0", Map.of("kubernetes.io/config.mirror", "x"), null);
    webBudget();

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
    // In status too, not only in an event: the node says what refuses its drain.
    assertThat(cluster.node("worker-0").getMetadata().getAnnotations())
        .doesNotContainKey(NodeAnnotations.LAST_APPLIED_DRAIN)
        .containsEntry(
            NodeAnnotations.DRAIN_BLOCKED,
            "cannot evict pod apps/web-0 (PodDisruptionBudget apps/web-pdb)");

    cluster
        .client
        .policy()
        .v1()
        .podDisruptionBudget()
        .inNamespace(APPS)
        .withName("web-pdb")
        .edit(
            b -> {
              b.getSpec().setMinAvailable(new IntOrString(0));
              return b;
            });
    awaitNode(n -> acknowledged(n, DRAIN));
    assertThat(cluster.client.pods().inNamespace(APPS).list().getItems())
        .extracting(p -> p.getMetadata().getName())
        .containsExactlyInAnyOrder("agent-0", "static-0");
    assertThat(cluster.metrics()).doesNotContain("mcc_drain_err{node=\"worker-0\"}");
    assertThat(events("Drained")).hasSize(1);
    assertThat(cluster.node("worker-0").getMetadata().getAnnotations())
        .doesNotContainKey(NodeAnnotations.DRAIN_BLOCKED);

    request(UNCORDON);
    Node done = awaitNode(n -> acknowledged(n, UNCORDON));
    assertThat(done.getSpec().getUnschedulable()).isNotEqualTo(true); // false is not stored
    assertThat(done.getMetadata().getAnnotations())
        .doesNotContainKey(DrainReconciler.CORDONED_BY_US);
  }

  /**
   * Issue 40 item 8: after the budget blocking a drain was deleted, the node took 115 s to drain
   * (its next retry). The controller watches budgets, and once nothing is refused it only waits for
   * the evicted pods to go: with retries a minute apart, the drain ends within seconds of the
   * budget's deletion.
   */
  @Test
  void aDeletedBudgetLetsTheDrainGoOnAtOnceNotAtTheNextRetry() {
    cluster.stopController();
    // Retries a minute apart; reported at the first refusal (timeout 0): the sign that the
    // controller tried and was refused before the budget goes.
    cluster.drain =
        new DrainSettings(
            Duration.ZERO,
            Duration.ofMinutes(1),
            Duration.ofMinutes(1),
            Duration.ofMinutes(10),
            Duration.ofMinutes(5),
            Duration.ofMillis(500));
    cluster.startController();
    cluster.node("worker-0", null, "rendered-worker-1");
    pod("web-0", Map.of(), null);
    webBudget();
    request(DRAIN);
    await()
        .atMost(Duration.ofSeconds(20))
        .until(() -> cluster.metrics().contains("mcc_drain_err{node=\"worker-0\"} 1.0"));
    assertThat(acknowledged(cluster.node("worker-0"), DRAIN)).isFalse();

    cluster
        .client
        .policy()
        .v1()
        .podDisruptionBudget()
        .inNamespace(APPS)
        .withName("web-pdb")
        .delete();
    awaitNode(n -> acknowledged(n, DRAIN)); // within 20 s, where the next retry was a minute off
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
    assertThat(cluster.client.pods().inNamespace(APPS).list().getItems()).isEmpty();
    request(UNCORDON);
    Node done = awaitNode(x -> acknowledged(x, UNCORDON));
    assertThat(done.getSpec().getUnschedulable()).isTrue();
  }
}

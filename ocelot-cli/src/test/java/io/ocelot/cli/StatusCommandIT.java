package io.ocelot.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import io.fabric8.kubernetes.api.model.Condition;
import io.fabric8.kubernetes.api.model.IntOrString;
import io.fabric8.kubernetes.api.model.NamespaceBuilder;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.api.model.policy.v1.PodDisruptionBudgetBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.ocelot.api.json.Json;
import io.ocelot.api.model.MachineConfig;
import io.ocelot.api.model.MachineConfigNode;
import io.ocelot.api.model.MachineConfigPool;
import io.ocelot.api.model.MachineConfigPoolCondition;
import io.ocelot.api.model.McnConditionType;
import io.ocelot.api.model.PoolConditionType;
import io.ocelot.api.node.NodeAnnotations;
import io.ocelot.sim.SimCluster;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code ocelot status} on a sim whose rollout a PodDisruptionBudget holds: the drain blocker is
 * status — on the node, the pool's DrainBlocked condition, the node's MachineConfigNode and the
 * status screen, naming the pod and the budget — and all of it clears once the budget lets go.
 */
class StatusCommandIT {
  static final String APPS = "apps";
  static final String BLOCKER = "cannot evict pod apps/web-%s (PodDisruptionBudget apps/web-pdb)";

  @TempDir Path dir;

  @Test
  void aDrainHeldByABudgetShowsAsStatusUntilTheBudgetLetsGo() throws Exception {
    try (SimCluster sim = CliSims.start(dir, 2)) {
      KubernetesClient client = sim.client();
      Path kubeconfig = Files.writeString(dir.resolve("kubeconfig"), sim.api().kubeconfig());
      String[] r = status(kubeconfig, "--pool", "worker");
      assertThat(r[0]).as(r[2]).isEqualTo("0");
      assertThat(r[1])
          .startsWith(
              "= Pool worker =\nAssessment:  Completed\nCompletion:  100% (2 of 2 nodes on ")
          .contains("2 updated, 0 outdated (0 in flight), 0 draining, 0 unavailable, 0 degraded")
          .doesNotContain("Insights:");

      // A web pod on each worker, a budget that lets none go; then an update that drains.
      client
          .namespaces()
          .resource(new NamespaceBuilder().withNewMetadata().withName(APPS).endMetadata().build())
          .create();
      for (int i = 0; i < 2; i++) {
        client
            .pods()
            .inNamespace(APPS)
            .resource(
                new PodBuilder()
                    .withNewMetadata()
                    .withName("web-" + i)
                    .addToLabels("app", "web")
                    .endMetadata()
                    .withNewSpec()
                    .withNodeName("worker-" + i)
                    // No kubelet here ends a pod: an eviction then deletes it at once.
                    .withTerminationGracePeriodSeconds(0L)
                    .addNewContainer()
                    .withName("main")
                    .withImage("registry.example.com/web:1")
                    .endContainer()
                    .endSpec()
                    .build())
            .create();
      }
      client
          .policy()
          .v1()
          .podDisruptionBudget()
          .inNamespace(APPS)
          .resource(
              new PodDisruptionBudgetBuilder()
                  .withNewMetadata()
                  .withName("web-pdb")
                  .endMetadata()
                  .withNewSpec()
                  .withMinAvailable(new IntOrString(2))
                  .withNewSelector()
                  .addToMatchLabels("app", "web")
                  .endSelector()
                  .endSpec()
                  .build())
          .create();
      client
          .resources(MachineConfig.class)
          .resource(CliSims.workerFile("50-status", "/etc/ocelot-status", "held"))
          .create();

      Node blocked =
          await()
              .atMost(Duration.ofSeconds(60))
              .until(
                  () ->
                      client.nodes().list().getItems().stream()
                          .filter(
                              n ->
                                  n.getMetadata()
                                      .getAnnotations()
                                      .containsKey(NodeAnnotations.DRAIN_BLOCKED))
                          .findFirst(),
                  Optional::isPresent)
              .get();
      String node = blocked.getMetadata().getName();
      String why = BLOCKER.formatted(node.substring(node.length() - 1));
      assertThat(blocked.getMetadata().getAnnotations())
          .containsEntry(NodeAnnotations.DRAIN_BLOCKED, why);
      await()
          .atMost(Duration.ofSeconds(30))
          .until(() -> drainBlocked(client).map(c -> c.getStatus()).orElse(""), "True"::equals);
      assertThat(drainBlocked(client).get().getMessage()).isEqualTo("Node " + node + ": " + why);
      await()
          .atMost(Duration.ofSeconds(30))
          .until(
              () -> drained(client, node).map(Condition::getMessage).orElse(""),
              m -> m.equals("Draining node. The drain is blocked: " + why));

      r = status(kubeconfig);
      assertThat(r[0]).as(r[2]).isEqualTo("0");
      assertThat(r[1])
          .contains("Assessment:  Progressing")
          .contains("Completion:  0% (0 of 2 nodes on rendered-worker-")
          .contains("1 draining")
          .containsPattern("(?m)^" + node + " +Draining +rendered-worker-\\w+ -> rendered-worker-")
          .contains("Insights:\n  " + node + ": drain blocked: " + why + "\n");
      r = status(kubeconfig, "-o", "json");
      assertThat(r[0]).as(r[2]).isEqualTo("0");
      JsonNode worker = pool(Json.MAPPER.readTree(r[1]), "worker");
      assertThat(worker.path("assessment").asText()).isEqualTo("Progressing");
      assertThat(worker.path("nodeCounts").path("draining").asInt()).isEqualTo(1);
      assertThat(worker.path("insights").get(0).path("node").asText()).isEqualTo(node);
      assertThat(worker.path("insights").get(0).path("kind").asText()).isEqualTo("drain blocked");
      assertThat(worker.path("insights").get(0).path("message").asText()).isEqualTo(why);

      // The budget lets go: the rollout finishes and the blocker is gone everywhere.
      client.policy().v1().podDisruptionBudget().inNamespace(APPS).withName("web-pdb").delete();
      await()
          .atMost(Duration.ofSeconds(90))
          .until(() -> status(kubeconfig, "--pool", "worker")[1], s -> s.contains("Completed"));
      assertThat(status(kubeconfig, "--pool", "worker")[1]).doesNotContain("Insights:");
      assertThat(drainBlocked(client).get().getStatus()).isEqualTo("False");
      assertThat(client.nodes().list().getItems())
          .allSatisfy(
              n ->
                  assertThat(n.getMetadata().getAnnotations())
                      .doesNotContainKey(NodeAnnotations.DRAIN_BLOCKED));
    }
  }

  @Test
  void anUnknownPoolIsAnErrorAndYamlIsRefused() throws Exception {
    String[] r = DescribeCommandIT.run("status", "--pool", "nope", "-o", "yaml");
    assertThat(r[0]).isEqualTo("2");
    assertThat(r[2]).isEqualTo("error: ocelot status prints text or json\n");
  }

  static String[] status(Path kubeconfig, String... more) {
    String[] args = new String[more.length + 3];
    args[0] = "status";
    args[1] = "--kubeconfig";
    args[2] = kubeconfig.toString();
    System.arraycopy(more, 0, args, 3, more.length);
    return DescribeCommandIT.run(args);
  }

  static Optional<MachineConfigPoolCondition> drainBlocked(KubernetesClient client) {
    MachineConfigPool p = client.resources(MachineConfigPool.class).withName("worker").get();
    return p.getStatus().getConditions().stream()
        .filter(c -> PoolConditionType.DRAIN_BLOCKED.equals(c.getType()))
        .findFirst();
  }

  static Optional<Condition> drained(KubernetesClient client, String node) {
    MachineConfigNode m = client.resources(MachineConfigNode.class).withName(node).get();
    return m == null || m.getStatus() == null
        ? Optional.empty()
        : m.getStatus().getConditions().stream()
            .filter(c -> McnConditionType.DRAINED.type().equals(c.getType()))
            .findFirst();
  }

  static JsonNode pool(JsonNode doc, String name) {
    for (JsonNode p : doc.path("pools")) {
      if (p.path("pool").asText().equals(name)) {
        return p;
      }
    }
    throw new AssertionError("no pool " + name + " in " + doc);
  }
}

package io.ocelot.sim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.ocelot.api.model.MachineConfig;
import io.ocelot.api.node.NodeAnnotations;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two MachineConfigs created, then deleted, by one kubectl command: the controller's render quiet
 * period makes each burst one rendered config, and every node reboots once per burst (MCO's render
 * delay; without it each change rendered and rolled out on its own).
 */
class RenderBurstIT {
  static final List<String> WORKERS = List.of("worker-0", "worker-1");
  @TempDir Path dir;
  SimCluster sim;
  Kubectl kubectl;

  @BeforeEach
  void start() throws Exception {
    sim = SmallSims.twoWorkers(dir);
    kubectl = new Kubectl(sim.state().kubeconfig());
  }

  @AfterEach
  void stop() {
    sim.close();
  }

  Map<String, String> annotations(String node) {
    return sim.client().nodes().withName(node).get().getMetadata().getAnnotations();
  }

  List<String> renderedWorkerConfigs() {
    return sim.client().resources(MachineConfig.class).list().getItems().stream()
        .map(mc -> mc.getMetadata().getName())
        .filter(n -> n.startsWith("rendered-worker-"))
        .toList();
  }

  long reboots(String node) {
    return sim.client().v1().events().inNamespace("default").list().getItems().stream()
        .filter(e -> "Reboot".equals(e.getReason()))
        .filter(e -> node.equals(e.getInvolvedObject().getName()))
        .count();
  }

  void awaitSettledOn(String config) {
    await()
        .atMost(Duration.ofSeconds(120))
        .until(
            () ->
                WORKERS.stream()
                    .allMatch(
                        n ->
                            config.equals(annotations(n).get(NodeAnnotations.CURRENT_CONFIG))
                                && "Done".equals(annotations(n).get(NodeAnnotations.STATE))));
  }

  String poolTarget() throws Exception {
    return kubectl.ok("get", "mcp", "worker", "-o", "jsonpath={.spec.configuration.name}");
  }

  @Test
  void aBurstOfTwoChangesIsOneRenderedConfigAndOneRebootPerNode() throws Exception {
    String original = poolTarget();
    Path both = dir.resolve("both.yaml");
    Files.writeString(
        both,
        SmallSims.workerFileYaml("71-a", "/etc/a.conf", "a")
            + "---\n"
            + SmallSims.workerFileYaml("72-b", "/etc/b.conf", "b"));

    kubectl.ok("apply", "-f", both.toString());

    // While the render waits, the pool is not Updated: a `kubectl wait` does not return early.
    await()
        .atMost(Duration.ofSeconds(10))
        .pollInterval(Duration.ofMillis(50))
        .until(
            () ->
                kubectl
                    .condition("mcp", "worker", "Updating", "message")
                    .startsWith(
                        "Waiting 1000 ms for the MachineConfigs to settle before rendering"));
    await().atMost(Duration.ofSeconds(30)).until(() -> !poolTarget().equals(original));
    String target = poolTarget();
    awaitSettledOn(target);
    assertThat(renderedWorkerConfigs()).containsExactlyInAnyOrder(original, target);
    for (String node : WORKERS) {
      assertThat(sim.node(node).host().root().resolve("etc/a.conf")).hasContent("a");
      assertThat(sim.node(node).host().root().resolve("etc/b.conf")).hasContent("b");
      assertThat(reboots(node)).as(node).isEqualTo(1);
    }

    kubectl.ok("delete", "mc", "71-a", "72-b");

    await().atMost(Duration.ofSeconds(30)).until(() -> poolTarget().equals(original));
    awaitSettledOn(original);
    // Back on the first render: no config rendered without only one of the two.
    assertThat(renderedWorkerConfigs()).containsExactlyInAnyOrder(original, target);
    for (String node : WORKERS) {
      assertThat(reboots(node)).as(node).isEqualTo(2);
    }
  }
}

package io.ocelot.sim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.fabric8.kubernetes.api.model.Node;
import io.ocelot.api.model.MachineConfig;
import io.ocelot.api.model.MachineConfigPool;
import io.ocelot.api.node.NodeAnnotations;
import io.ocelot.apiserver.KubeControlPlane;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The control plane goes away in the middle of a rollout (SIGTERM, or SIGKILL as a crash) and comes
 * back on the same data: every daemon and the controller resume (their watches relist), the rollout
 * completes, each node reboots once for it (nothing applied twice, nothing lost), and no node is
 * left cordoned.
 */
class ControlPlaneRestartIT {
  @TempDir Path dir;
  SimCluster sim;

  @BeforeEach
  void start() throws Exception {
    sim = SmallSims.startKube(dir);
  }

  @AfterEach
  void stop() {
    sim.close();
  }

  @ParameterizedTest(name = "kill={0}")
  @ValueSource(booleans = {false, true})
  void aRolloutSurvivesAControlPlaneRestart(boolean kill) throws Exception {
    Map<String, Integer> reboots = new HashMap<>();
    for (SimNode n : sim.nodes()) {
      reboots.put(n.name(), n.reboots().size());
    }
    MachineConfig mc = SmallSims.workerFile("98-restart", "/etc/restart-probe", "once");
    sim.client().resources(MachineConfig.class).resource(mc).create();
    // Mid-rollout: the first worker is on its way.
    await()
        .atMost(Duration.ofSeconds(60))
        .until(
            () ->
                sim
                    .client()
                    .nodes()
                    .withLabel("node-role.kubernetes.io/worker")
                    .list()
                    .getItems()
                    .stream()
                    .anyMatch(n -> "Working".equals(state(n))));
    ((KubeControlPlane) sim.api()).restart(kill);

    String target = awaitRendered("worker", "98-restart");
    await()
        .atMost(Duration.ofSeconds(180))
        .until(
            () ->
                sim
                    .client()
                    .nodes()
                    .withLabel("node-role.kubernetes.io/worker")
                    .list()
                    .getItems()
                    .stream()
                    .allMatch(
                        n ->
                            target.equals(annotation(n, NodeAnnotations.CURRENT_CONFIG))
                                && "Done".equals(state(n))));
    // No node is left cordoned. Done carries the uncordon request, so the last node's uncordon
    // may land just after the await above saw it Done: wait for it, not for ever.
    await()
        .atMost(Duration.ofSeconds(30))
        .untilAsserted(
            () -> {
              for (Node n : sim.client().nodes().list().getItems()) {
                assertThat(n.getSpec().getUnschedulable())
                    .as(n.getMetadata().getName())
                    .isNotEqualTo(true);
              }
            });
    for (SimNode n : sim.nodes()) {
      int expected = n.name().startsWith("worker") ? 1 : 0;
      assertThat(n.reboots().size() - reboots.get(n.name())).as(n.name()).isEqualTo(expected);
    }
    // The restart happened: the server counts requests afresh.
    assertThat(sim.client().nodes().list().getItems()).hasSize(sim.nodes().size());
  }

  String awaitRendered(String pool, String source) {
    String[] name = new String[1];
    await()
        .atMost(Duration.ofSeconds(60))
        .until(
            () -> {
              MachineConfigPool p =
                  sim.client().resources(MachineConfigPool.class).withName(pool).get();
              boolean has =
                  p.getSpec().getConfiguration() != null
                      && p.getSpec().getConfiguration().getSource().stream()
                          .anyMatch(s -> source.equals(s.getName()));
              name[0] = has ? p.getSpec().getConfiguration().getName() : null;
              return has;
            });
    return name[0];
  }

  static String state(Node n) {
    return annotation(n, NodeAnnotations.STATE);
  }

  static String annotation(Node n, String key) {
    return n.getMetadata().getAnnotations() == null
        ? null
        : n.getMetadata().getAnnotations().get(key);
  }
}

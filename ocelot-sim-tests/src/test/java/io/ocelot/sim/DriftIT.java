package io.ocelot.sim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.fabric8.kubernetes.client.utils.Serialization;
import io.ocelot.api.model.MachineConfig;
import io.ocelot.api.node.NodeAnnotations;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The config drift monitor in the simulator, on the real control plane: a hand edit of a file, a
 * unit or a dropin the worker config owns ({@code ocelot fault drift}) degrades the node within
 * seconds with MCO's message, the pool's NodeDegraded names it, and putting it back ({@code
 * fix-drift}) brings the node back to Done without a reboot.
 */
class DriftIT {
  static final String DROPIN = "/etc/systemd/system/kubelet.service.d/20-ocelot-logging.conf";
  @TempDir static Path dir;
  static SimCluster sim;
  static Kubectl kubectl;

  @BeforeAll
  static void start() throws Exception {
    sim = SmallSims.twoWorkers(dir);
    kubectl = new Kubectl(sim.state().kubeconfig());
    // A dropin to drift: the example's kubelet dropin (and its new unit) on every worker.
    String before = annotations("worker-0").get(NodeAnnotations.CURRENT_CONFIG);
    MachineConfig dropin =
        Serialization.unmarshal(
            Files.readString(Path.of("../examples/60-kubelet-dropin.yaml")), MachineConfig.class);
    sim.client().resources(MachineConfig.class).resource(dropin).create();
    await()
        .atMost(Duration.ofSeconds(120))
        .until(() -> List.of("worker-0", "worker-1").stream().allMatch(n -> settled(n, before)));
  }

  @AfterAll
  static void stop() {
    sim.close();
  }

  static Map<String, String> annotations(String node) {
    return SmallSims.annotations(sim, node);
  }

  static boolean settled(String node, String notConfig) {
    return SmallSims.settledOffConfig(sim, node, notConfig);
  }

  static String scrape(String node) throws Exception {
    return SmallSims.scrape(sim, node);
  }

  @ParameterizedTest
  @ValueSource(strings = {"/etc/ocelot/role", "/etc/systemd/system/kubelet.service", DROPIN})
  void aHandEditDegradesTheNodeAndPuttingItBackRecoversItWithoutAReboot(String path)
      throws Exception {
    String config = annotations("worker-0").get(NodeAnnotations.CURRENT_CONFIG);
    int reboots = sim.node("worker-0").reboots().size();
    String reason =
        "unexpected on-disk state validating against "
            + config
            + ": content mismatch for file \""
            + path
            + "\"";

    sim.apply(new Fault.Drift("worker-0", path));

    await()
        .atMost(Duration.ofSeconds(20))
        .until(() -> "Degraded".equals(annotations("worker-0").get(NodeAnnotations.STATE)));
    assertThat(annotations("worker-0").get(NodeAnnotations.REASON)).isEqualTo(reason);
    await()
        .atMost(Duration.ofSeconds(20))
        .until(
            () ->
                kubectl
                    .condition("mcp", "worker", "NodeDegraded", "message")
                    // Go's %q: the reason's own quotes are escaped.
                    .equals(
                        "Node worker-0 is reporting: \"" + reason.replace("\"", "\\\"") + "\""));
    await()
        .atMost(Duration.ofSeconds(10))
        .until(
            () ->
                scrape("worker-0")
                    .contains("mcd_state{reason=\"config-drift\",state=\"Degraded\"}"));
    assertThat(scrape("worker-0")).doesNotContain("mcd_config_drift 0.0");
    assertThat(
            kubectl.ok(
                "get", "events", "-n", "default", "--field-selector", "reason=ConfigDriftDetected"))
        .contains("worker-0");

    sim.apply(new Fault.FixDrift("worker-0", path));

    await()
        .atMost(Duration.ofSeconds(90))
        .until(() -> "Done".equals(annotations("worker-0").get(NodeAnnotations.STATE)));
    assertThat(annotations("worker-0").get(NodeAnnotations.CURRENT_CONFIG)).isEqualTo(config);
    assertThat(sim.node("worker-0").reboots()).hasSize(reboots);
    await()
        .atMost(Duration.ofSeconds(20))
        .until(() -> scrape("worker-0").contains("mcd_config_drift 0.0"));
    kubectl.ok("wait", "--for=condition=NodeDegraded=False", "mcp/worker", "--timeout=60s");
  }

  @Test
  void theOtherWorkerNeverDrifted() throws Exception {
    assertThat(annotations("worker-1").get(NodeAnnotations.STATE)).isEqualTo("Done");
    assertThat(scrape("worker-1")).contains("mcd_config_drift 0.0");
  }
}

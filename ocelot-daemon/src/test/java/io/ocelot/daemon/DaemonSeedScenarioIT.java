package io.ocelot.daemon;

import static io.ocelot.daemon.txn.SeedScenarioTest.I1;
import static io.ocelot.daemon.txn.SeedScenarioTest.I2;
import static io.ocelot.daemon.txn.SeedScenarioTest.R1;
import static io.ocelot.daemon.txn.SeedScenarioTest.R2;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.ocelot.api.json.Json;
import io.ocelot.api.node.NodeAnnotations;
import io.ocelot.apiserver.ControlPlane;
import io.ocelot.apiserver.ControlPlaneMode;
import io.ocelot.apiserver.ControlPlanes;
import io.ocelot.daemon.txn.HostFixture;
import io.ocelot.fakehost.FakeHost;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The seed scenario at node level, on the real control plane: the test plays the controller (it
 * sets desiredConfig/desiredImage and acknowledges drains).
 */
class DaemonSeedScenarioIT {
  @TempDir Path dir;
  ControlPlane cluster;
  KubernetesClient client;
  NodeHarness node;

  @BeforeEach
  void start() throws Exception {
    cluster =
        ControlPlanes.start(ControlPlaneMode.KUBE, dir.resolve("cp"), 0, System.getenv(), l -> {})
            .installCrds();
    client = cluster.newAdminClient();
  }

  @AfterEach
  void stop() {
    if (node != null) {
      node.close();
    }
    client.close();
    cluster.close();
  }

  @Test
  void brokenRebootDegradesWithTheRealCauseAndTheFixedNodeFinishes() throws Exception {
    HostFixture host = new HostFixture(dir.resolve("root"), I1);
    host.settle(R1, Optional.of(I1));
    node =
        new NodeHarness(
            client,
            host,
            Map.of(
                NodeAnnotations.CURRENT_CONFIG,
                R1.getMetadata().getName(),
                NodeAnnotations.DESIRED_CONFIG,
                R1.getMetadata().getName(),
                NodeAnnotations.CURRENT_IMAGE,
                I1,
                NodeAnnotations.DESIRED_IMAGE,
                I1,
                NodeAnnotations.STATE,
                "Done"),
            Duration.ofSeconds(4));
    node.create(R1, R2);
    node.startDaemon();
    node.awaitState("Done");

    host.fake.breakTool("systemd-run");
    node.setDesired(R2.getMetadata().getName(), I2);
    node.awaitState("Degraded");

    String reason = node.annotation(NodeAnnotations.REASON);
    assertThat(reason)
        .startsWith(
            "reboot command failed: systemd-run exited 127: \"systemd-run: command not found\"")
        .contains("node remains on MachineConfig rendered-worker-1");
    assertThat(node.annotations()).doesNotContainKey(NodeAnnotations.POST_CONFIG_ACTION);
    JsonNode record = Json.MAPPER.readTree(node.annotation(NodeAnnotations.LAST_FAILURE));
    assertThat(record.path("phase").asText()).isEqualTo("reboot");
    assertThat(record.path("exitCode").asInt()).isEqualTo(127);
    await().atMost(Duration.ofSeconds(10)).until(() -> !node.events("UpdateRolledBack").isEmpty());
    assertThat(node.events("UpdateFailed")).isNotEmpty();
    assertThat(node.events("Reboot")).isNotEmpty();
    String metrics = node.scrape();
    assertThat(metrics).contains("mcd_reboots_failed_total 1.0").contains("mcd_reboot_failing 1.0");
    assertThat(metrics).contains("mcd_state{reason=\"reboot-failed\",state=\"Degraded\"}");
    assertThat(host.fake.image(FakeHost.Slot.STAGED)).isEmpty();

    // Retries back off and keep the same root cause.
    await()
        .atMost(Duration.ofSeconds(30))
        .until(() -> node.metrics.engine().rebootsFailedTotal() >= 2);
    assertThat(node.annotation(NodeAnnotations.REASON))
        .isEqualTo(reason.replace("", ""))
        .startsWith("reboot command failed:");
    // Each retry's failure is the same event: one Event object whose series counts up (read
    // here as core/v1, which the API server converts from events.k8s.io/v1).
    await()
        .atMost(Duration.ofSeconds(10))
        .until(
            () ->
                node.events("UpdateFailed").stream()
                    .anyMatch(e -> e.getSeries() != null && e.getSeries().getCount() >= 2));
    assertThat(node.events("UpdateFailed")).hasSize(1);

    // Fixed: the next retry requests the reboot (no "refs are equal").
    host.fake.fixTool("systemd-run");
    await().atMost(Duration.ofSeconds(30)).until(host.fake::rebootRequested);
    assertThat(node.annotation(NodeAnnotations.POST_CONFIG_ACTION)).isEqualTo("Rebooting");

    // The node reboots; a fresh daemon finalizes with fresh counters.
    node.stopDaemon();
    host.fake.reboot();
    node.startDaemon();
    node.awaitSettled();
    assertThat(node.annotations())
        .containsEntry(NodeAnnotations.CURRENT_CONFIG, R2.getMetadata().getName())
        .containsEntry(NodeAnnotations.CURRENT_IMAGE, I2)
        .containsEntry(NodeAnnotations.REASON, "")
        .containsEntry(NodeAnnotations.LAST_APPLIED_DRAIN, "uncordon-" + R2.getMetadata().getName())
        .doesNotContainKey(NodeAnnotations.POST_CONFIG_ACTION)
        .doesNotContainKey(NodeAnnotations.LAST_FAILURE);
    assertThat(node.scrape())
        .contains("mcd_reboots_failed_total 0.0")
        .contains("mcd_reboot_failing 0.0");
    await().atMost(Duration.ofSeconds(10)).until(() -> !node.events("NodeDone").isEmpty());
    assertThat(node.events("Uncordon")).isNotEmpty();
  }
}

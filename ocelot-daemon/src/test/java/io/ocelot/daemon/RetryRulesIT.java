package io.ocelot.daemon;

import static io.ocelot.daemon.txn.SeedScenarioTest.BASE;
import static io.ocelot.daemon.txn.SeedScenarioTest.R1;
import static io.ocelot.daemon.txn.SeedScenarioTest.R2;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.ocelot.api.node.NodeAnnotations;
import io.ocelot.apiserver.SharedControlPlane;
import io.ocelot.daemon.sync.RetrySettings;
import io.ocelot.daemon.txn.HostFixture;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * The retry table of docs/daemon.md, the rows a node shows, on the real control plane: a target
 * whose boot proved it bad is held (no reboot loop) until an admin asks or the target changes; a
 * boot that only spent itself is retried within the boot budget, then held. The row "failed before
 * any boot: retry with backoff until fixed" is the seed scenario's (DaemonScenariosIT,
 * SeedScenarioIT).
 */
class RetryRulesIT {
  @TempDir Path dir;
  NodeHarness node;
  HostFixture host;

  @RegisterExtension static final SharedControlPlane plane = new SharedControlPlane();

  @AfterEach
  void stop() {
    if (node != null) {
      node.close();
    }
  }

  void start(int maxBoots) throws Exception {
    host = new HostFixture(dir.resolve("root"), BASE);
    Duration backoff = Duration.ofMillis(300);
    node = NodeHarness.settledOn(plane.client, host, R1, Optional.empty(), Map.of(), backoff);
    node.settings =
        node.settings.withRetry(
            new RetrySettings(backoff, backoff.multipliedBy(4), backoff, backoff, maxBoots));
    node.create(R1, R2);
    node.startDaemon();
    node.awaitState("Done");
  }

  @Test
  void aTargetWhoseBootFailedItsHealthCheckIsHeldUntilAnAdminAsksForARetry() throws Exception {
    start(3);
    node.desireAConfigWhoseBootFailsItsHealthCheck(BASE);
    node.reboot(); // into the update
    node.reboot(); // and back out of it
    JsonNode held = awaitHold();
    assertThat(held.path("config").asText()).isEqualTo("rendered-worker-health");
    assertThat(held.path("cost").asText()).isEqualTo("proven-bad");
    assertThat(held.path("boots").asInt()).isEqualTo(1);
    assertThat(node.annotation(NodeAnnotations.STATE)).isEqualTo("Degraded");
    assertThat(node.annotation(NodeAnnotations.CURRENT_CONFIG)).isEqualTo("rendered-worker-1");
    // The hook writes the node first and sets the metrics after.
    awaitGauge("ocelot_daemon_target_held 1.0");

    // The node looks again (node events, syncs) and still does nothing: no reboot loop.
    lookedAgainAndLeftItAlone();

    // A restarted daemon (not a reboot) keeps holding it, from the host's record.
    node.stopDaemon();
    node.startDaemon();
    lookedAgainAndLeftItAlone();
    assertThat(node.scrape()).contains("ocelot_daemon_target_held 1.0");

    // The admin's retry sends it once more; it fails the same way and is held again.
    node.annotate(Map.of(NodeAnnotations.RETRY_REQUESTED, "2026-12-06T12:00:00Z"));
    node.reboot();
    await()
        .atMost(Duration.ofSeconds(10))
        .until(() -> node.annotation(NodeAnnotations.RETRY_REQUESTED) == null);
    node.reboot();
    await().atMost(Duration.ofSeconds(30)).until(() -> lastFailure().path("attempt").asInt() == 2);
    held = awaitHold();
    assertThat(held.path("boots").asInt()).isEqualTo(2);
    assertThat(lastFailure().path("boots").asInt()).isEqualTo(2);
    lookedAgainAndLeftItAlone();
  }

  @Test
  void aHeldTargetIsReleasedWhenTheDesiredConfigChanges() throws Exception {
    start(3);
    node.desireAConfigWhoseBootFailsItsHealthCheck(BASE);
    node.reboot();
    node.reboot();
    awaitHold();
    // The admin fixes the config: a new rendered config rolls out normally.
    node.setDesiredConfig(R2.getMetadata().getName());
    node.reboot();
    await()
        .atMost(Duration.ofSeconds(30))
        .until(
            () ->
                R2.getMetadata().getName().equals(node.annotation(NodeAnnotations.CURRENT_CONFIG)));
    node.awaitState("Done");
    assertThat(node.annotations())
        .doesNotContainKeys(NodeAnnotations.FAILED_TARGET, NodeAnnotations.LAST_FAILURE);
    awaitGauge("ocelot_daemon_target_held 0.0");
    assertThat(host.root.resolve("var/lib/ocelot/last-failure.json")).doesNotExist();
  }

  @Test
  void aBootWhoseKubeletNeverGetsReadyIsRetriedWithinTheBootBudgetThenHeld() throws Exception {
    start(2);
    node.kubeletReady = false; // the control plane's side, not proof the config is bad
    node.setDesiredConfig(R2.getMetadata().getName());
    node.reboot(); // into the update: the ready check times out
    node.reboot(); // and back out of it
    await().atMost(Duration.ofSeconds(30)).until(() -> lastFailure().path("boots").asInt() == 1);
    assertThat(lastFailure().path("retryCost").asText()).isEqualTo("boot");
    assertThat(node.annotation(NodeAnnotations.FAILED_TARGET)).isNull();
    // One boot of a budget of two: after the boot backoff it goes again by itself.
    node.reboot();
    node.reboot();
    JsonNode held = awaitHold();
    assertThat(held.path("cost").asText()).isEqualTo("boot");
    assertThat(held.path("boots").asInt()).isEqualTo(2);
    assertThat(held.path("why").asText())
        .isEqualTo("it spent 2 boots on this node without becoming healthy (the budget is 2)");
    assertThat(node.annotation(NodeAnnotations.REASON))
        .startsWith("health check node-ready failed after boot into ")
        .contains("; held: node worker-0 will not apply MachineConfig rendered-worker-2 again");
    lookedAgainAndLeftItAlone();
  }

  /**
   * The positive sign first (the loop decided "held" twice more, after node events), then the
   * absence: no reboot requested, the node still Degraded on its old config.
   */
  private void lookedAgainAndLeftItAlone() throws Exception {
    double before = node.decisions("held");
    node.annotate(Map.of("example.com/poke", String.valueOf(System.nanoTime())));
    await().atMost(Duration.ofSeconds(10)).until(() -> node.decisions("held") >= before + 1);
    node.annotate(Map.of("example.com/poke", String.valueOf(System.nanoTime())));
    await().atMost(Duration.ofSeconds(10)).until(() -> node.decisions("held") >= before + 2);
    assertThat(host.fake.rebootRequested()).isFalse();
    assertThat(node.annotation(NodeAnnotations.STATE)).isEqualTo("Degraded");
    assertThat(node.annotation(NodeAnnotations.FAILED_TARGET)).isNotNull();
  }

  private void awaitGauge(String line) {
    await().atMost(Duration.ofSeconds(10)).until(() -> node.scrape().contains(line));
  }

  private JsonNode awaitHold() throws Exception {
    await()
        .atMost(Duration.ofSeconds(30))
        .until(() -> node.annotation(NodeAnnotations.FAILED_TARGET) != null);
    return new ObjectMapper().readTree(node.annotation(NodeAnnotations.FAILED_TARGET));
  }

  private JsonNode lastFailure() throws Exception {
    String json = node.annotation(NodeAnnotations.LAST_FAILURE);
    return new ObjectMapper().readTree(json == null ? "{}" : json);
  }
}

package io.ocelot.daemon;

import static io.ocelot.daemon.txn.SeedScenarioTest.BASE;
import static io.ocelot.daemon.txn.SeedScenarioTest.R1;
import static io.ocelot.daemon.txn.SeedScenarioTest.R2;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.fabric8.kubernetes.api.model.Event;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.ocelot.api.node.NodeAnnotations;
import io.ocelot.apiserver.SharedControlPlane;
import io.ocelot.daemon.txn.HostFixture;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * The config drift monitor on the real control plane: a hand edit of an owned file while the node
 * is Done degrades it with MCO's message, event and gauge; putting the content back recovers it
 * without a reboot; the force file re-applies the config; an update stops the monitor and the new
 * config's Done starts it again.
 */
class DriftMonitorIT {
  static final String R1_NAME = R1.getMetadata().getName();
  static final String DRIFT =
      "unexpected on-disk state validating against "
          + R1_NAME
          + ": content mismatch for file \"/etc/chrony.conf\"";

  @TempDir Path dir;
  KubernetesClient client;
  NodeHarness node;
  HostFixture host;
  Path chrony;

  @RegisterExtension static final SharedControlPlane plane = new SharedControlPlane();

  @BeforeEach
  void start() throws Exception {
    client = plane.client;
    host = new HostFixture(dir.resolve("root"), BASE);
    host.settle(R1, Optional.empty());
    node =
        new NodeHarness(
            client,
            host,
            Map.of(
                NodeAnnotations.CURRENT_CONFIG, R1_NAME,
                NodeAnnotations.DESIRED_CONFIG, R1_NAME,
                NodeAnnotations.STATE, "Done"));
    node.create(R1, R2);
    node.settings = node.settings.withDriftPoll(Duration.ofMillis(200));
    node.startDaemon();
    chrony = host.root.resolve("etc/chrony.conf");
    await().atMost(Duration.ofSeconds(20)).until(() -> !started().isEmpty());
  }

  @AfterEach
  void stop() {
    node.close();
  }

  java.util.List<Event> started() {
    return node.events("ConfigDriftMonitorStarted");
  }

  @Test
  void aHandEditDegradesTheNodeAndPuttingItBackRecoversItWithoutAReboot() throws Exception {
    assertThat(started().get(0).getMessage())
        .isEqualTo("Config Drift Monitor started, watching against " + R1_NAME);
    assertThat(node.scrape()).contains("mcd_config_drift 0.0");
    String owned = Files.readString(chrony);

    Files.writeString(chrony, "server edited.by.hand iburst\n");

    node.awaitState("Degraded");
    assertThat(node.annotation(NodeAnnotations.REASON)).isEqualTo(DRIFT);
    assertThat(node.events("ConfigDriftDetected")).extracting(Event::getMessage).contains(DRIFT);
    // The annotation is the transition's first write; the metrics follow its MCN and events.
    await()
        .atMost(Duration.ofSeconds(10))
        .until(
            () -> node.scrape().contains("mcd_state{reason=\"config-drift\",state=\"Degraded\"}"));
    assertThat(node.scrape()).doesNotContain("mcd_config_drift 0.0");
    assertThat(node.events("ConfigDriftMonitorStopped")).isNotEmpty();

    Files.writeString(chrony, owned);

    node.awaitState("Done");
    assertThat(host.fake.rebootRequested()).isFalse();
    assertThat(node.annotation(NodeAnnotations.REASON)).isEmpty();
    // Started again with the same message: the same event, its series counted up.
    await()
        .atMost(Duration.ofSeconds(20))
        .until(
            () ->
                started().stream()
                        .mapToInt(e -> e.getSeries() == null ? 1 : e.getSeries().getCount())
                        .sum()
                    >= 2);
    assertThat(started()).hasSize(1);
    assertThat(node.scrape()).contains("mcd_config_drift 0.0");
  }

  /**
   * An edit made while the daemon was down raises no watch event, and the poll is minutes away: the
   * monitor checks once when it starts. (Found on a machine node: a hand edit right after a boot,
   * before the daemon's first sync, went unseen for the poll's 5 minutes.)
   */
  @Test
  void anEditMadeWhileTheDaemonWasDownIsSeenWhenItStarts() throws Exception {
    node.stopDaemon();
    Files.writeString(chrony, "server edited.while.down iburst\n");
    node.settings = node.settings.withDriftPoll(Duration.ofMinutes(10));

    node.startDaemon();

    node.awaitState("Degraded");
    assertThat(node.annotation(NodeAnnotations.REASON)).isEqualTo(DRIFT);
  }

  @Test
  void aTouchOrTheSameBytesWrittenAgainIsNoDrift() throws Exception {
    String owned = Files.readString(chrony);
    Files.setLastModifiedTime(chrony, java.nio.file.attribute.FileTime.fromMillis(0));
    double checks = node.counter("ocelot_daemon_drift_checks_total");
    Files.writeString(chrony, owned);
    // The monitor compared the host again (inotify's news or its poll), and twice to be sure one
    // began after the write.
    await()
        .atMost(Duration.ofSeconds(10))
        .until(() -> node.counter("ocelot_daemon_drift_checks_total") >= checks + 2);
    assertThat(node.annotation(NodeAnnotations.STATE)).isEqualTo("Done");
    assertThat(node.events("ConfigDriftDetected")).isEmpty();
  }

  @Test
  void theForceFileReappliesTheConfig() throws Exception {
    Files.writeString(chrony, "edited\n");
    node.awaitState("Degraded");
    Files.createDirectories(host.root.resolve("run"));
    Files.writeString(host.root.resolve("run/machine-config-daemon-force"), "");

    await().atMost(Duration.ofSeconds(60)).until(host.fake::rebootRequested);
    // Written again before the reboot (MCO's force file reboots, and so does Ocelot's).
    assertThat(chrony).hasContent("pool a.example.com");
    node.stopDaemon();
    host.fake.reboot();
    node.startDaemon();
    node.awaitState("Done");
    assertThat(node.annotation(NodeAnnotations.CURRENT_CONFIG)).isEqualTo(R1_NAME);
  }

  @Test
  void anUpdateStopsTheMonitorAndTheNewConfigsDoneStartsItAgain() throws Exception {
    node.setDesiredConfig(R2.getMetadata().getName());
    await().atMost(Duration.ofSeconds(30)).until(host.fake::rebootRequested);
    assertThat(node.events("ConfigDriftMonitorStopped"))
        .extracting(Event::getMessage)
        .containsExactly("Config Drift Monitor stopped");
    node.stopDaemon();
    host.fake.reboot();
    node.startDaemon();
    await()
        .atMost(Duration.ofSeconds(30))
        .until(
            () ->
                started().stream()
                    .anyMatch(
                        e ->
                            e.getMessage()
                                .equals(
                                    "Config Drift Monitor started, watching against "
                                        + R2.getMetadata().getName())));
    // The daemon's own update was no drift.
    assertThat(node.events("ConfigDriftDetected")).isEmpty();
    assertThat(node.annotation(NodeAnnotations.STATE)).isEqualTo("Done");
  }
}

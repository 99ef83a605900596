package io.ocelot.daemon;

import static io.ocelot.daemon.txn.SeedScenarioTest.BASE;
import static io.ocelot.daemon.txn.SeedScenarioTest.I1;
import static io.ocelot.daemon.txn.SeedScenarioTest.I2;
import static io.ocelot.daemon.txn.SeedScenarioTest.R1;
import static io.ocelot.daemon.txn.SeedScenarioTest.R2;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.ocelot.api.model.MachineConfig;
import io.ocelot.api.model.MachineConfigs;
import io.ocelot.api.node.NodeAnnotations;
import io.ocelot.apiserver.ControlPlane;
import io.ocelot.apiserver.KubeControlPlane;
import io.ocelot.apiserver.SharedControlPlane;
import io.ocelot.daemon.node.DrainSettings;
import io.ocelot.daemon.txn.HealthRollbackTest;
import io.ocelot.daemon.txn.HostFixture;
import io.ocelot.fakehost.FakeHost;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * The daemon on the real control plane: each kind of update and each way the world misbehaves (the
 * API server restarting mid-drain included).
 */
class DaemonScenariosIT {
  @TempDir Path dir;
  ControlPlane cluster;
  KubernetesClient client;
  NodeHarness node;
  HostFixture host;

  @RegisterExtension static final SharedControlPlane plane = new SharedControlPlane();

  @BeforeEach
  void useControlPlane() {
    cluster = plane.cluster;
    client = plane.client;
  }

  @AfterEach
  void stop() {
    if (node != null) {
      node.close();
    }
  }

  void start(
      String booted, MachineConfig current, Optional<String> image, Map<String, String> extra)
      throws Exception {
    start(booted, current, image, extra, Duration.ofMillis(200));
  }

  /** {@code backoff}: long, a test can look at the host between attempts. */
  void start(
      String booted,
      MachineConfig current,
      Optional<String> image,
      Map<String, String> extra,
      Duration backoff)
      throws Exception {
    host = new HostFixture(dir.resolve("root"), booted);
    node = NodeHarness.settledOn(client, host, current, image, extra, backoff);
    node.create(R1, R2);
    node.startDaemon();
  }

  void setDesiredConfig(String config) {
    node.setDesiredConfig(config);
  }

  @Test
  void classicUpdateRebootsIntoTheNewConfig() throws Exception {
    start(BASE, R1, Optional.empty(), Map.of());
    node.awaitState("Done");
    setDesiredConfig(R2.getMetadata().getName());
    reboot();
    await()
        .atMost(Duration.ofSeconds(30))
        .until(
            () ->
                R2.getMetadata().getName().equals(node.annotation(NodeAnnotations.CURRENT_CONFIG)));
    node.awaitState("Done");
    assertThat(node.annotations()).doesNotContainKey(NodeAnnotations.CURRENT_IMAGE);
    assertThat(host.root.resolve("etc/chrony.conf")).hasContent("pool b.example.com\niburst");
  }

  @Test
  void anIdleDaemonRereadsItsNodeEveryResyncSoALostWatchEventCannotStallIt() throws Exception {
    start(BASE, R1, Optional.empty(), Map.of());
    node.awaitState("Done");
    node.resyncEvery(Duration.ofMillis(300), Duration.ofMillis(100));
    node.startDaemon();
    node.awaitState("Done");
    node.ackDrains = false; // the harness's own controller polls the node: quiet it
    long before = cluster.requests().byKind().getOrDefault("GET nodes", 0L);
    Thread.sleep(2000);
    // No node event in these 2 s: only the resync reads the node, from the server since the view
    // had no news for longer than its age limit.
    assertThat(cluster.requests().byKind().getOrDefault("GET nodes", 0L) - before)
        .isBetween(3L, 10L);
  }

  @Test
  void aBootThatFailsItsHealthCheckGoesBackAndNamesTheCheck() throws Exception {
    start(BASE, R1, Optional.empty(), Map.of(), Duration.ofMinutes(5));
    node.awaitState("Done");
    Map<String, String> before = host.snapshot();
    desireAConfigWhoseBootFailsItsHealthCheck();
    reboot(); // into the update
    reboot(); // and back out of it
    node.awaitState("Degraded");
    String cause =
        "health check 20-kubelet.sh failed after boot into "
            + BASE
            + ": exit 1: \"kubelet is not ready\"";
    assertThat(node.annotation(NodeAnnotations.REASON))
        .isEqualTo(
            cause
                + "; rolled back to "
                + BASE
                + " (2 files restored); node remains on MachineConfig rendered-worker-1 / image "
                + BASE
                + "; held: node worker-0 will not apply MachineConfig rendered-worker-health again"
                + " by itself because its boot on this node failed (health check 20-kubelet.sh);"
                + " it tries again when its desired config or image changes, or after 'ocelot"
                + " rollout retry worker-0'");
    assertThat(node.annotation(NodeAnnotations.CURRENT_CONFIG)).isEqualTo("rendered-worker-1");
    await().atMost(Duration.ofSeconds(10)).until(() -> !node.events("HealthCheckFailed").isEmpty());
    assertThat(node.events("HealthCheckFailed").get(0).getMessage()).isEqualTo(cause);
    assertThat(node.events("UpdateRolledBack").get(0).getMessage())
        .startsWith("Rolled back to " + BASE + " after a failed health check");
    await()
        .atMost(Duration.ofSeconds(10))
        .until(() -> node.scrape().contains("mcd_health_check_failures_total 1.0"));
    assertThat(node.scrape())
        .contains("mcd_state{reason=\"health-check-failed\",state=\"Degraded\"}");
    assertConfigurationAsBefore(before);
  }

  /** The controller asks for a config whose required kubelet check fails after the boot. */
  void desireAConfigWhoseBootFailsItsHealthCheck() {
    node.desireAConfigWhoseBootFailsItsHealthCheck(BASE);
  }

  @Test
  void aBootWhoseKubeletNeverGetsReadyGoesBackAndSaysWhatTheNodeReported() throws Exception {
    start(BASE, R1, Optional.empty(), Map.of(), Duration.ofMinutes(5));
    node.awaitState("Done");
    Map<String, String> before = host.snapshot();
    setDesiredConfig(R2.getMetadata().getName());
    node.kubeletReady = false; // the new boot's kubelet never comes up
    reboot();
    node.kubeletReady = true; // back on the old config, it does
    reboot();
    node.awaitState("Degraded");
    String cause =
        "health check node-ready failed after boot into "
            + BASE
            + ": timed out after 3s: \"Ready=False (KubeletNotReady: container runtime network"
            + " not ready: cni plugin not initialized)\"";
    assertThat(node.annotation(NodeAnnotations.REASON))
        .startsWith(cause + "; rolled back to " + BASE + " (")
        .endsWith("node remains on MachineConfig rendered-worker-1 / image " + BASE);
    assertThat(node.annotation(NodeAnnotations.CURRENT_CONFIG)).isEqualTo("rendered-worker-1");
    await().atMost(Duration.ofSeconds(10)).until(() -> !node.events("HealthCheckFailed").isEmpty());
    assertThat(node.events("HealthCheckFailed").get(0).getMessage()).isEqualTo(cause);
    assertThat(host.root.resolve("etc/chrony.conf")).content().doesNotContain("b.example.com");
    assertConfigurationAsBefore(before);
  }

  @Test
  void aFailingWantedCheckWarnsAndTheUpdateStands() throws Exception {
    start(BASE, R1, Optional.empty(), Map.of(), Duration.ofMinutes(5));
    node.awaitState("Done");
    node.create(
        HealthRollbackTest.withCheck(
            "rendered-worker-wanted",
            "/etc/ocelot/health.d/wanted.d/50-ntp.sh",
            "#!/bin/sh\necho 'no NTP source reachable' >&2\nexit 3\n",
            BASE));
    setDesiredConfig("rendered-worker-wanted");
    reboot();
    await()
        .atMost(Duration.ofSeconds(30))
        .until(
            () -> "rendered-worker-wanted".equals(node.annotation(NodeAnnotations.CURRENT_CONFIG)));
    node.awaitState("Done");
    await()
        .atMost(Duration.ofSeconds(10))
        .until(() -> !node.events("WantedHealthCheckFailed").isEmpty());
    assertThat(node.events("WantedHealthCheckFailed").get(0).getMessage())
        .isEqualTo(
            "wanted health check 50-ntp.sh failed: exit 3: \"no NTP source reachable\" (the update"
                + " stands)");
    assertThat(node.events("WantedHealthCheckFailed").get(0).getType()).isEqualTo("Warning");
    assertThat(node.events("HealthCheckFailed")).isEmpty();
    assertThat(host.root.resolve("etc/chrony.conf")).hasContent("pool b.example.com\n");
  }

  /**
   * An admin rebased the host by hand (a deployment of another image booted): the node's claim, its
   * currentConfig and the config's OS image, no longer holds. The next update is refused as MCO's
   * "unexpected on-disk state", naming both sides, and nothing on the host changes.
   */
  @Test
  void anUpdateFromAStartingPointTheHostHasLeftIsRefused() throws Exception {
    start(BASE, R1, Optional.empty(), Map.of(), Duration.ofMinutes(5));
    node.awaitState("Done");
    String elsewhere = "registry.local/by-hand@sha256:" + "9".repeat(64);
    node.stopDaemon();
    host.host.images().stage(elsewhere);
    host.fake.reboot();
    Map<String, String> before = host.snapshot();
    node.startDaemon();
    setDesiredConfig(R2.getMetadata().getName());
    node.awaitState("Degraded");
    assertThat(node.annotation(NodeAnnotations.REASON))
        .isEqualTo(
            "unexpected on-disk state: the update starts from MachineConfig rendered-worker-1"
                + " (image "
                + BASE
                + "), but the host booted "
                + elsewhere
                + "; nothing on the host was changed");
    assertThat(node.annotation(NodeAnnotations.CURRENT_CONFIG)).isEqualTo("rendered-worker-1");
    assertThat(host.fake.rebootRequested()).isFalse();
    assertConfigurationAsBefore(before);
    assertThat(host.root.resolve("var/lib/ocelot/journal.jsonl")).doesNotExist();
  }

  @Test
  void aFailureRecordedOnTheHostButNeverReportedIsReportedByTheNextStart() throws Exception {
    failRebootIntoR2();
    String reason = node.annotation(NodeAnnotations.REASON);
    assertThat(reason).startsWith("reboot command failed: ");
    node.stopDaemon();
    // As if the daemon had died between recording the failure on the host and writing the node.
    node.forgetReport();
    assertThat(node.annotation(NodeAnnotations.STATE)).isEqualTo("Done");
    // Fixed meanwhile: a start that merely retried would succeed; this one reports first.
    host.fake.fixTool("systemd-run");
    node.startDaemon();
    node.awaitState("Degraded");
    assertThat(node.annotation(NodeAnnotations.REASON)).isEqualTo(reason);
    assertThat(host.fake.rebootRequested()).isFalse(); // the retry waits for its backoff
    assertThat(node.annotation(NodeAnnotations.LAST_FAILURE)).contains("reboot command failed");
    assertThat(node.annotation(NodeAnnotations.CURRENT_CONFIG)).isEqualTo("rendered-worker-1");
  }

  @Test
  void aFailedUpdateWithdrawnClearsTheFailingGaugesInTheSameProcess() throws Exception {
    failRebootIntoR2();
    awaitScraped("mcd_reboot_failing 1.0", "mcd_update_failing 1.0");
    // The admin withdraws the update: the node is on its desired config again, no reboot needed.
    setDesiredConfig(R1.getMetadata().getName());
    node.awaitState("Done");
    awaitScraped("mcd_reboot_failing 0.0", "mcd_update_failing 0.0");
    // The counter keeps its count (the alert's increase() sees it); only the state gauges clear.
    assertThat(node.scrape()).contains("mcd_reboots_failed_total 1.0");
    assertThat(host.fake.rebootRequested()).isFalse();
  }

  @Test
  void anUpdateThatNeverValidatesIsUndoneWhenTheAdminWithdrawsIt() throws Exception {
    start(BASE, R1, Optional.empty(), Map.of());
    node.awaitState("Done");
    Map<String, String> before = host.snapshot();
    setDesiredConfig(R2.getMetadata().getName());
    await().atMost(Duration.ofSeconds(30)).until(host.fake::rebootRequested);
    node.stopDaemon();
    host.fake.reboot();
    // Something at the boot rewrites a file the update wrote: the boot never validates.
    java.nio.file.Files.writeString(host.root.resolve("etc/chrony.conf"), "rewritten at boot\n");
    node.startDaemon();
    node.awaitState("Degraded");
    assertThat(node.annotation(NodeAnnotations.REASON))
        .startsWith(
            "unexpected on-disk state validating against rendered-worker-2: content mismatch for"
                + " file \"/etc/chrony.conf\"");
    // The admin withdraws it (the controller renders the old config again): the node goes back,
    // through one boot, and is Done where it was, byte for byte.
    setDesiredConfig(R1.getMetadata().getName());
    reboot();
    await()
        .atMost(Duration.ofSeconds(30))
        .until(
            () ->
                "Done".equals(node.annotation(NodeAnnotations.STATE))
                    && R1.getMetadata()
                        .getName()
                        .equals(node.annotation(NodeAnnotations.CURRENT_CONFIG)));
    assertConfigurationAsBefore(before);
    assertThat(node.events("UpdateRolledBack")).isNotEmpty();
  }

  @Test
  void annotationsRemovedByHandAreRestoredFromTheHost() throws Exception {
    start(BASE, R1, Optional.empty(), Map.of());
    node.awaitState("Done");
    io.ocelot.apiserver.Conflicts.retry(
        () ->
            client
                .nodes()
                .withName(NodeHarness.NODE)
                .edit(
                    n -> {
                      for (String key :
                          List.of(
                              NodeAnnotations.CURRENT_CONFIG,
                              NodeAnnotations.DESIRED_CONFIG,
                              NodeAnnotations.STATE,
                              NodeAnnotations.REASON)) {
                        n.getMetadata().getAnnotations().remove(key);
                      }
                      return n;
                    }));
    String r1 = R1.getMetadata().getName();
    await()
        .atMost(Duration.ofSeconds(10))
        .until(
            () ->
                r1.equals(node.annotation(NodeAnnotations.CURRENT_CONFIG))
                    && r1.equals(node.annotation(NodeAnnotations.DESIRED_CONFIG))
                    && "Done".equals(node.annotation(NodeAnnotations.STATE)));
    assertThat(node.events("AnnotationsRestored"))
        .singleElement()
        .satisfies(
            e ->
                assertThat(e.getMessage())
                    .isEqualTo(
                        "Node "
                            + NodeHarness.NODE
                            + " had no machineconfiguration.openshift.io/currentConfig annotation;"
                            + " restored from the host's commit marker: MachineConfig "
                            + r1
                            + " (current and desired)"));
    assertThat(host.fake.rebootRequested()).isFalse();
  }

  void reboot() throws Exception {
    node.reboot();
  }

  /**
   * The seed's failure on a settled node: systemd-run is gone, R2 is desired, the node is Degraded
   * (retries 5 minutes apart, so a test can look between them).
   */
  void failRebootIntoR2() throws Exception {
    start(BASE, R1, Optional.empty(), Map.of(), Duration.ofMinutes(5));
    node.awaitState("Done");
    host.fake.breakTool("systemd-run");
    setDesiredConfig(R2.getMetadata().getName());
    node.awaitState("Degraded");
  }

  /**
   * Waits until the daemon's metrics show every one of {@code series} (the hook sets them last).
   */
  void awaitScraped(String... series) {
    await()
        .atMost(Duration.ofSeconds(10))
        .until(() -> java.util.Arrays.stream(series).allMatch(node.scrape()::contains));
  }

  /**
   * The host's configuration is byte for byte as {@code before} (deployments, markers and run/
   * change with every boot; the configuration must not).
   */
  void assertConfigurationAsBefore(Map<String, String> before) throws Exception {
    java.util.function.Predicate<String> runtime =
        path ->
            path.startsWith("var/lib/fakehost/")
                || path.startsWith("var/lib/ocelot/")
                || path.startsWith("run");
    Map<String, String> after = host.snapshot();
    after.keySet().removeIf(runtime);
    before.keySet().removeIf(runtime);
    assertThat(HostFixture.differences(before, after)).isEmpty();
  }

  @Test
  void unreconcilableChangeTouchesNothingAndGivesEveryReason() throws Exception {
    start(BASE, R1, Optional.empty(), Map.of());
    node.awaitState("Done");
    Map<String, String> before = host.snapshot();
    MachineConfig bad =
        MachineConfigs.create(
            "rendered-worker-bad",
            "worker",
            io.ocelot.api.json.Json.MAPPER.readTree(
                "{\"ignition\":{\"version\":\"3.5.0\"},\"storage\":{\"disks\":[{\"device\":\"/dev/vdb\"}],"
                    + "\"files\":[{\"path\":\"/etc/log\",\"append\":[{\"source\":\"data:,x\"}]}]}}"),
            BASE);
    bad.getSpec().setFips(true);
    node.create(bad);
    setDesiredConfig("rendered-worker-bad");
    node.awaitState("Unreconcilable");
    assertThat(node.annotation(NodeAnnotations.REASON))
        .isEqualTo(
            "can't reconcile config rendered-worker-1 with rendered-worker-bad: ignition disks section"
                + " contains changes, ignition file /etc/log includes append, detected change to FIPS"
                + " flag; refusing to modify FIPS on a running cluster");
    await().atMost(Duration.ofSeconds(10)).until(() -> !node.events("FailedToReconcile").isEmpty());
    assertThat(HostFixture.differences(before, host.snapshot())).isEmpty();
    assertThat(node.annotations()).doesNotContainKey(NodeAnnotations.DESIRED_DRAIN);

    // A reconcilable target heals it.
    setDesiredConfig(R2.getMetadata().getName());
    await().atMost(Duration.ofSeconds(30)).until(host.fake::rebootRequested);
  }

  @Test
  void revertFromLayeringDeletesTheImageAnnotationsWhenDone() throws Exception {
    start(I1, R1, Optional.of(I1), Map.of());
    node.awaitState("Done");
    // The controller opts the node out: desiredImage goes away.
    client
        .nodes()
        .withName(NodeHarness.NODE)
        .edit(
            n -> {
              n.getMetadata().getAnnotations().remove(NodeAnnotations.DESIRED_IMAGE);
              return n;
            });
    await().atMost(Duration.ofSeconds(30)).until(host.fake::rebootRequested);
    assertThat(host.fake.image(FakeHost.Slot.STAGED)).contains(BASE);
    assertThat(host.root.resolve("etc/mco/machineconfig-revert.json")).exists();
    node.stopDaemon();
    host.fake.reboot();
    node.startDaemon();
    await()
        .atMost(Duration.ofSeconds(30))
        .until(() -> !node.annotations().containsKey(NodeAnnotations.CURRENT_IMAGE));
    node.awaitState("Done");
    assertThat(node.annotations()).doesNotContainKey(NodeAnnotations.DESIRED_IMAGE);
    assertThat(host.root.resolve("etc/mco/machineconfig-revert.json")).doesNotExist();
  }

  @Test
  void aDaemonRestartedAfterTheRebootRequestWithoutARebootRollsBackAndRetries() throws Exception {
    start(I1, R1, Optional.of(I1), Map.of());
    node.awaitState("Done");
    node.setDesired(R2.getMetadata().getName(), I2);
    await().atMost(Duration.ofSeconds(30)).until(host.fake::rebootRequested);
    // The daemon dies; the reboot never comes (the transient unit is gone with a new run/).
    node.stopDaemon();
    Files.deleteIfExists(host.root.resolve("run/ocelot-fakehost/reboot-requested"));
    Files.deleteIfExists(
        host.root.resolve("run/systemd/transient/machine-config-daemon-reboot.service"));
    node.startDaemon();
    node.awaitState("Degraded");
    assertThat(node.annotation(NodeAnnotations.REASON))
        .startsWith("the daemon stopped after committing to MachineConfig rendered-worker-2")
        .contains("but the node did not reboot; rolled back");
    // The retry requests the reboot again.
    await().atMost(Duration.ofSeconds(30)).until(host.fake::rebootRequested);
  }

  @Test
  void anUncordonNotAcknowledgedInTimeTurnsTheDoneNodeDegradedUntilItIs() throws Exception {
    start(BASE, R1, Optional.empty(), Map.of());
    node.awaitState("Done");
    node.stopDaemon();
    DaemonSettings s = node.settings;
    node.settings =
        s.withDrain(
            new DrainSettings(s.drain().poll(), s.drain().drainTimeout(), Duration.ofSeconds(2)));
    node.ackUncordons = false;
    node.startDaemon();
    String r2 = R2.getMetadata().getName();
    setDesiredConfig(r2);
    reboot();
    // Done went out with the uncordon request (one write); nobody lifted the cordon in time.
    node.awaitState("Degraded");
    assertThat(node.annotation(NodeAnnotations.REASON))
        .isEqualTo(
            "failed to uncordon node: "
                + NodeHarness.NODE
                + " after 2 seconds. Please see machine-config-controller logs for more"
                + " information");
    assertThat(node.annotation(NodeAnnotations.CURRENT_CONFIG)).isEqualTo(r2);
    assertThat(node.annotation(NodeAnnotations.DESIRED_DRAIN)).isEqualTo("uncordon-" + r2);
    assertThat(node.events("FailedToUncordon")).hasSize(1);
    assertThat(node.events("Uncordon")).isEmpty();
    // The controller answers at last: the node finishes without another uncordon request.
    node.ackUncordons = true;
    node.awaitSettled();
    assertThat(node.annotation(NodeAnnotations.REASON)).isEmpty();
    assertThat(node.annotation(NodeAnnotations.LAST_APPLIED_DRAIN)).isEqualTo("uncordon-" + r2);
    assertThat(node.annotation(NodeAnnotations.CURRENT_CONFIG)).isEqualTo(r2);
  }

  @Test
  void theApiServerRestartingDuringTheDrainDoesNotFailTheUpdate() throws Exception {
    start(I1, R1, Optional.of(I1), Map.of());
    node.awaitState("Done");
    node.ackDrains = false;
    node.setDesired(R2.getMetadata().getName(), I2);
    await()
        .atMost(Duration.ofSeconds(30))
        .until(
            () ->
                ("drain-" + R2.getMetadata().getName())
                    .equals(node.annotation(NodeAnnotations.DESIRED_DRAIN)));
    ((KubeControlPlane) cluster).restart(false);
    node.ackDrains = true;
    await().atMost(Duration.ofSeconds(30)).until(host.fake::rebootRequested);
    assertThat(node.annotation(NodeAnnotations.STATE)).isEqualTo("Working");
  }

  @Test
  void aHostHeldByAnotherEngineIsReportedOnTheNodeAndRetried() throws Exception {
    start(BASE, R1, Optional.empty(), Map.of());
    node.awaitState("Done");
    Map<String, String> before = host.snapshot();
    io.ocelot.daemon.host.FileHostLock admin =
        new io.ocelot.daemon.host.FileHostLock(host.root, java.time.Clock.systemUTC());
    try (var lease = admin.acquire("ocelot host apply")) {
      setDesiredConfig(R2.getMetadata().getName());
      node.awaitState("Degraded");
      assertThat(node.annotation(NodeAnnotations.REASON))
          .startsWith("another engine is working on host root " + host.root)
          .contains("(held by ocelot host apply, pid ");
      assertThat(HostFixture.differences(before, host.snapshot())).isEmpty();
    }
    // Released: the next attempt (after the backoff) takes the host and updates it.
    await().atMost(Duration.ofSeconds(60)).until(host.fake::rebootRequested);
  }

  @Test
  void aCorruptMarkerIsReportedOnTheNodeNotACrashLoop() throws Exception {
    start(BASE, R1, Optional.empty(), Map.of());
    node.awaitState("Done");
    java.nio.file.Path marker = host.root.resolve("var/lib/ocelot/marker.json");
    java.nio.file.Path aside = host.root.resolve("var/lib/ocelot/marker.json.corrupt");
    java.nio.file.Files.move(marker, aside);
    java.nio.file.Files.writeString(marker, "{\"phase\":\"PREP");
    Map<String, String> before = host.snapshot();
    setDesiredConfig(R2.getMetadata().getName());
    node.awaitState("Degraded");
    assertThat(node.annotation(NodeAnnotations.REASON))
        .startsWith(
            "the engine's state file /var/lib/ocelot/marker.json is corrupt (not valid JSON")
        .contains("nothing on the host was changed");
    assertThat(HostFixture.differences(before, host.snapshot())).isEmpty();
    // The admin puts the good file back: the next attempt updates the node.
    java.nio.file.Files.move(aside, marker, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
    await().atMost(Duration.ofSeconds(60)).until(host.fake::rebootRequested);
  }

  @Test
  void aDriftedHostIsNotUpdatedUntilItsFileIsBack() throws Exception {
    start(BASE, R1, Optional.empty(), Map.of());
    node.awaitState("Done");
    java.nio.file.Path chrony = host.root.resolve("etc/chrony.conf");
    String owned = java.nio.file.Files.readString(chrony);
    java.nio.file.Files.writeString(chrony, "server edited.by.hand iburst\n");
    Map<String, String> before = host.snapshot();
    setDesiredConfig(R2.getMetadata().getName());
    node.awaitState("Degraded");
    assertThat(node.annotation(NodeAnnotations.REASON))
        .isEqualTo(
            "unexpected on-disk state validating against "
                + R1.getMetadata().getName()
                + ": content mismatch for file \"/etc/chrony.conf\"");
    assertThat(HostFixture.differences(before, host.snapshot())).isEmpty();
    await()
        .atMost(Duration.ofSeconds(10))
        .until(
            () ->
                client.v1().events().inAnyNamespace().list().getItems().stream()
                    .anyMatch(e -> "PreflightConfigDriftCheckFailed".equals(e.getReason())));
    // The content put back, the next attempt updates the node.
    java.nio.file.Files.writeString(chrony, owned);
    await().atMost(Duration.ofSeconds(60)).until(host.fake::rebootRequested);
  }

  @Test
  void theForceFileSkipsThePreflightCheck() throws Exception {
    start(BASE, R1, Optional.empty(), Map.of());
    node.awaitState("Done");
    java.nio.file.Files.writeString(host.root.resolve("etc/chrony.conf"), "edited\n");
    java.nio.file.Files.createDirectories(host.root.resolve("run"));
    java.nio.file.Files.writeString(host.root.resolve("run/machine-config-daemon-force"), "");
    setDesiredConfig(R2.getMetadata().getName());
    await().atMost(Duration.ofSeconds(60)).until(host.fake::rebootRequested);
  }

  @Test
  void aMissingDesiredConfigDegradesWithoutTouchingTheHost() throws Exception {
    start(BASE, R1, Optional.empty(), Map.of());
    node.awaitState("Done");
    Map<String, String> before = host.snapshot();
    setDesiredConfig("rendered-worker-nope");
    node.awaitState("Degraded");
    assertThat(node.annotation(NodeAnnotations.REASON))
        .startsWith("missing MachineConfig rendered-worker-nope");
    assertThat(HostFixture.differences(before, host.snapshot())).isEmpty();
    // The metrics follow the annotation (after the MCN and events writes): wait for them.
    await()
        .atMost(Duration.ofSeconds(10))
        .until(
            () ->
                node.scrape()
                    .contains("mcd_state{reason=\"missing-machineconfig\",state=\"Degraded\"}"));
  }

  @Test
  void aNodeWithoutAnnotationsOrMarkerIsLeftAlone() throws Exception {
    host = new HostFixture(dir.resolve("root"), BASE);
    Map<String, String> before = host.snapshot();
    node = new NodeHarness(client, host, Map.of("unrelated", "x"));
    node.startDaemon();
    // The loop looked (twice: at the start and after a node event), then: nothing was touched.
    await().atMost(Duration.ofSeconds(10)).until(() -> node.decisions("not-managed") >= 1);
    node.annotate(Map.of("unrelated", "y"));
    await().atMost(Duration.ofSeconds(10)).until(() -> node.decisions("not-managed") >= 2);
    Node n = client.nodes().withName(NodeHarness.NODE).get();
    assertThat(n.getMetadata().getAnnotations()).containsExactly(Map.entry("unrelated", "y"));
    assertThat(HostFixture.differences(before, host.snapshot())).isEmpty();
  }
}

package io.ocelot.sim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.fabric8.kubernetes.api.model.Node;
import io.ocelot.api.model.MachineConfig;
import io.ocelot.api.model.MachineOSBuild;
import io.ocelot.api.model.MachineOSConfig;
import io.ocelot.api.node.NodeAnnotations;
import io.ocelot.controller.imagebuild.BuildConditions;
import io.ocelot.fakehost.FakeHost;
import io.ocelot.sim.demo.Admin;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The faults of {@code ocelot fault} that files alone cannot express, on a running sim. */
class FaultsIT {
  @TempDir Path dir;
  SimCluster sim;

  @BeforeEach
  void start() throws Exception {
    sim = SmallSims.twoWorkers(dir);
  }

  @AfterEach
  void stop() {
    sim.close();
  }

  Map<String, String> annotations(String node) {
    return sim.client().nodes().withName(node).get().getMetadata().getAnnotations();
  }

  boolean ready(String node) {
    Node n = sim.client().nodes().withName(node).get();
    return n.getStatus().getConditions().stream()
        .anyMatch(c -> c.getType().equals("Ready") && c.getStatus().equals("True"));
  }

  /** A new worker config that needs a reboot (a kernel argument). */
  void changeWorkerConfig() {
    MachineConfig mc = new MachineConfig();
    mc.getMetadata().setName("99-worker-karg");
    mc.getMetadata().setLabels(Map.of("machineconfiguration.openshift.io/role", "worker"));
    var spec = new io.ocelot.api.model.MachineConfigSpec();
    spec.setKernelArguments(java.util.List.of("quiet"));
    spec.setConfig(
        io.ocelot.api.json.Json.MAPPER
            .createObjectNode()
            .set(
                "ignition",
                io.ocelot.api.json.Json.MAPPER.createObjectNode().put("version", "3.4.0")));
    mc.setSpec(spec);
    sim.client().resources(MachineConfig.class).resource(mc).create();
  }

  @Test
  void aHungRebootKeepsTheNodeDownUntilFixed() throws Exception {
    String reply = sim.apply(new Fault.HangReboot("worker-0"));
    assertThat(reply).contains("never comes back");
    changeWorkerConfig();
    SimNode node = sim.node("worker-0");
    await().atMost(Duration.ofSeconds(30)).until(() -> node.power() == Power.HUNG);
    assertThat(ready("worker-0")).isFalse();
    // The power state machine was advanced a few times since, and the node stayed down.
    long ticks = sim.powerTicks();
    await().atMost(Duration.ofSeconds(10)).until(() -> sim.powerTicks() >= ticks + 3);
    assertThat(node.power()).isEqualTo(Power.HUNG);
    assertThat(node.reboots()).isEmpty();

    assertThat(sim.apply(new Fault.FixReboot("worker-0"))).contains("come back");
    await()
        .atMost(Duration.ofSeconds(30))
        .until(
            () ->
                "Done".equals(annotations("worker-0").get(NodeAnnotations.STATE))
                    && annotations("worker-0")
                        .get(NodeAnnotations.CURRENT_CONFIG)
                        .equals(annotations("worker-0").get(NodeAnnotations.DESIRED_CONFIG)));
    assertThat(ready("worker-0")).isTrue();
    assertThat(node.reboots()).hasSize(1);
  }

  @Test
  void aHandEditedFileStopsTheNextUpdateUntilItIsPutBack() throws Exception {
    String before = annotations("worker-0").get(NodeAnnotations.CURRENT_CONFIG);
    assertThat(sim.apply(new Fault.Drift("worker-0", "/etc/ocelot/role")))
        .contains("appended a line to /etc/ocelot/role");
    changeWorkerConfig();
    await()
        .atMost(Duration.ofSeconds(30))
        .until(() -> "Degraded".equals(annotations("worker-0").get(NodeAnnotations.STATE)));
    assertThat(annotations("worker-0").get(NodeAnnotations.REASON))
        .isEqualTo(
            "unexpected on-disk state validating against "
                + before
                + ": content mismatch for file \"/etc/ocelot/role\"");
    assertThat(sim.node("worker-0").reboots()).isEmpty();

    sim.apply(new Fault.FixDrift("worker-0", "/etc/ocelot/role"));
    await()
        .atMost(Duration.ofSeconds(90))
        .until(
            () ->
                "Done".equals(annotations("worker-0").get(NodeAnnotations.STATE))
                    && !before.equals(annotations("worker-0").get(NodeAnnotations.CURRENT_CONFIG)));
    assertThat(sim.node("worker-0").reboots()).hasSize(1);
  }

  @Test
  void aBootIntoTheOldDeploymentIsReportedWithTheFinalizeError() throws Exception {
    sim.apply(new Fault.BootOld("worker-1"));
    String before = annotations("worker-1").get(NodeAnnotations.CURRENT_CONFIG);
    changeWorkerConfig();
    await().atMost(Duration.ofSeconds(30)).until(() -> sim.node("worker-1").reboots().size() >= 1);
    await()
        .atMost(Duration.ofSeconds(30))
        .until(() -> !annotations("worker-1").getOrDefault(NodeAnnotations.REASON, "").isEmpty());
    assertThat(annotations("worker-1").get(NodeAnnotations.REASON))
        .contains("Finalizing staged deployment");
    assertThat(annotations("worker-1").get(NodeAnnotations.CURRENT_CONFIG)).isEqualTo(before);
  }

  /**
   * Two bad boots at once, each left by itself and reported: worker-0's boots into the update crash
   * before any daemon runs (the boot counter falls back after three), worker-1's image fails its
   * health check (the daemon boots back). A RolloutPolicy without stop-the-line and room for two
   * let both start. Each node holds the target its boot failed; once fixed and retried by the
   * admin, both take the update.
   */
  @Test
  void badBootsAreLeftAndReportedWhetherTheyCrashOrFailTheirHealthCheck() throws Exception {
    assertThat(sim.apply(new Fault.CrashBoot("worker-0"))).contains("boot counter");
    assertThat(sim.apply(new Fault.FailHealth("worker-1"))).contains("rolls back");
    sim.client()
        .resource(
            io.fabric8.kubernetes.client.utils.Serialization.unmarshal(
                "apiVersion: ocelot.io/v1alpha1\nkind: RolloutPolicy\nmetadata: {name: both}\n"
                    + "spec: {pools: {names: [worker]}, maxFailedNodes: 0}\n",
                io.ocelot.api.policy.RolloutPolicy.class))
        .create();
    SmallSims.editPool(
        sim,
        "worker",
        p -> {
          p.getSpec().setMaxUnavailable(new io.fabric8.kubernetes.api.model.IntOrString(2));
          return p;
        });
    String before = annotations("worker-0").get(NodeAnnotations.CURRENT_CONFIG);
    String image = imageOf("worker-0");
    changeWorkerConfig(); // a kernel argument: a new deployment
    await()
        .atMost(Duration.ofSeconds(60))
        .until(
            () ->
                "Degraded".equals(annotations("worker-0").get(NodeAnnotations.STATE))
                    && "Degraded".equals(annotations("worker-1").get(NodeAnnotations.STATE)));
    assertThat(annotations("worker-0").get(NodeAnnotations.REASON))
        .startsWith("the boot into MachineConfig rendered-worker-")
        .contains(
            " never became healthy: after 3 boots the boot counter fell back to the previous"
                + " deployment ("
                + image
                + ")");
    assertThat(annotations("worker-1").get(NodeAnnotations.REASON))
        .startsWith("health check 50-fakehost-health.sh failed after boot into ")
        .contains(
            ": exit 1: \"kubelet did not become ready (simulated by ocelot fault fail-health)\";"
                + " rolled back to ")
        .contains("; node remains on MachineConfig " + before + " / image " + image + "; held: ");
    // Both boots proved the target bad: each node holds it (no reboot loop) and says so.
    for (String n : java.util.List.of("worker-0", "worker-1")) {
      await()
          .atMost(Duration.ofSeconds(30))
          .until(() -> annotations(n).containsKey(NodeAnnotations.FAILED_TARGET));
      assertThat(annotations(n).get(NodeAnnotations.REASON))
          .contains("; held: node " + n + " will not apply MachineConfig rendered-worker-");
      FakeHost host = sim.node(n).host();
      assertThat(host.kernelArguments(FakeHost.Slot.BOOTED).orElseThrow())
          .as(n + " back on the previous deployment")
          .doesNotContain("quiet");
      assertThat(annotations(n).get(NodeAnnotations.CURRENT_CONFIG)).isEqualTo(before);
      // The daemon looked again (a held decision after a node event) and left it alone.
      double looked = heldDecisions(n);
      SmallSims.annotate(sim, n, "example.com/poke", "1");
      await().atMost(Duration.ofSeconds(10)).until(() -> heldDecisions(n) > looked);
    }
    // Rebooted exactly as often as going back needed: three crashed, one fell back; into the
    // update and back.
    assertThat(sim.node("worker-0").reboots()).hasSize(4);
    assertThat(sim.node("worker-1").reboots()).hasSize(2);

    sim.apply(new Fault.FixCrashBoot("worker-0"));
    assertThat(sim.apply(new Fault.FixHealth("worker-1"))).contains("passes again");
    // Fixed, and the admin asks: only then does each node try the target again.
    for (String n : java.util.List.of("worker-0", "worker-1")) {
      SmallSims.annotate(sim, n, NodeAnnotations.RETRY_REQUESTED, "2026-12-06T12:00:00Z");
    }
    await()
        .atMost(Duration.ofSeconds(90))
        .until(
            () ->
                java.util.List.of("worker-0", "worker-1").stream()
                    .allMatch(
                        n ->
                            "Done".equals(annotations(n).get(NodeAnnotations.STATE))
                                && !before.equals(
                                    annotations(n).get(NodeAnnotations.CURRENT_CONFIG))));
    for (String n : java.util.List.of("worker-0", "worker-1")) {
      assertThat(sim.node(n).host().kernelArguments(FakeHost.Slot.BOOTED).orElseThrow())
          .contains("quiet");
    }
  }

  double heldDecisions(String node) throws Exception {
    java.util.regex.Matcher m =
        java.util.regex.Pattern.compile(
                "ocelot_daemon_sync_decisions_total\\{decision=\"held\"} (\\S+)")
            .matcher(SmallSims.scrape(sim, node));
    return m.find() ? Double.parseDouble(m.group(1)) : 0;
  }

  String imageOf(String node) throws SimException {
    return sim.node(node).host().image(FakeHost.Slot.BOOTED).orElseThrow();
  }

  @Test
  void failedPullsAndBuildsAreReportedAndUndone() throws Exception {
    assertThat(sim.apply(new Fault.FailBuild("worker"))).contains("fail");
    sim.client().resources(MachineOSConfig.class).resource(Admin.layering("worker")).create();
    await()
        .atMost(Duration.ofSeconds(30))
        .until(
            () ->
                sim.client().resources(MachineOSBuild.class).list().getItems().stream()
                    .anyMatch(b -> BuildConditions.is(b.getStatus(), BuildConditions.FAILED)));
    assertThat(annotations("worker-0")).doesNotContainKey(NodeAnnotations.DESIRED_IMAGE);

    // The rebuild succeeds; worker-0 cannot pull the image, worker-1 can.
    sim.apply(new Fault.FixBuild("worker"));
    sim.client()
        .resources(MachineOSConfig.class)
        .withName("worker")
        .edit(
            x -> {
              x.getMetadata()
                  .getAnnotations()
                  .put(io.ocelot.controller.imagebuild.BuildReconciler.REBUILD, "");
              return x;
            });
    String image = awaitImage();
    sim.apply(new Fault.FailPull("worker-0", image));
    await()
        .atMost(Duration.ofSeconds(40))
        .until(() -> "Degraded".equals(annotations("worker-0").get(NodeAnnotations.STATE)));
    assertThat(annotations("worker-0").get(NodeAnnotations.REASON)).contains(image);
    assertThat(sim.node("worker-0").host().image(FakeHost.Slot.BOOTED)).isNotEqualTo(image);
    sim.apply(new Fault.FixPull("worker-0", image));
    await()
        .atMost(Duration.ofSeconds(60))
        .until(
            () ->
                image.equals(annotations("worker-0").get(NodeAnnotations.CURRENT_IMAGE))
                    && image.equals(annotations("worker-1").get(NodeAnnotations.CURRENT_IMAGE)));
  }

  String awaitImage() {
    return SmallSims.awaitImage(sim);
  }
}

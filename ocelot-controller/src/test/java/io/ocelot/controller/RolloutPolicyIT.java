package io.ocelot.controller;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.utils.Serialization;
import io.ocelot.api.model.MachineConfigPoolCondition;
import io.ocelot.api.node.NodeAnnotations;
import io.ocelot.api.policy.RolloutPolicy;
import io.ocelot.testing.ManualClock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The RolloutPolicy on the real control plane: the server refuses bad policies naming the field,
 * kubectl explains it, a pool waits for its maintenance window (the controller's clock is moved by
 * hand) and says so, and two policies selecting one pool are both refused in their status.
 */
class RolloutPolicyIT {
  @TempDir Path dir;
  ControllerHarness cluster;
  NodePlayer daemons;

  @AfterEach
  void stop() {
    if (cluster != null) {
      cluster.close();
    }
  }

  RolloutPolicy policy(String yaml) {
    return cluster.client.resource(Serialization.unmarshal(yaml, RolloutPolicy.class)).create();
  }

  static String window(String days, String start, String length, String zone) {
    return "apiVersion: ocelot.io/v1alpha1\nkind: RolloutPolicy\nmetadata: {name: nights}\n"
        + "spec:\n  pools: {names: [worker]}\n  maintenanceWindows:\n"
        + "  - {days: "
        + days
        + ", start: \""
        + start
        + "\", length: "
        + length
        + (zone == null ? "" : ", timeZone: " + zone)
        + "}\n";
  }

  /** What the server answers to creating {@code yaml} (sent as written: the model has enums). */
  String refusal(String yaml) {
    try {
      cluster
          .client
          .genericKubernetesResources("ocelot.io/v1alpha1", "RolloutPolicy")
          .resource(Serialization.unmarshal(yaml, GenericKubernetesResource.class))
          .create();
    } catch (KubernetesClientException e) {
      assertThat(e.getCode()).isEqualTo(422);
      return e.getMessage();
    }
    throw new AssertionError("accepted: " + yaml);
  }

  @Test
  void theServerRefusesBadPoliciesNamingTheField() throws Exception {
    cluster = ControllerHarness.onKube(dir);
    assertThat(refusal(window("[Sat]", "02:00", "0m", "UTC")))
        .contains("spec.maintenanceWindows[0]")
        .contains("length must be more than 0: such a window never opens");
    assertThat(refusal(window("[Sat]", "02:00", "4h", "Mars/Olympus_Mons")))
        .contains("spec.maintenanceWindows[0]")
        .contains("timeZone must be an IANA time zone");
    assertThat(refusal(window("[Sat]", "25:00", "4h", null)))
        .contains("spec.maintenanceWindows[0].start");
    assertThat(refusal(window("[Caturday]", "02:00", "4h", null)))
        .contains("spec.maintenanceWindows[0].days[0]")
        .contains("Unsupported value: \"Caturday\"");
    assertThat(
            refusal(
                "apiVersion: ocelot.io/v1alpha1\nkind: RolloutPolicy\nmetadata: {name: x}\n"
                    + "spec: {pools: {}, maxFailedNodes: -1}\n"))
        .contains("spec.pools: Invalid value")
        .contains("select pools by names or by selector")
        .contains("spec.maxFailedNodes");
    assertThat(
            refusal(
                "apiVersion: ocelot.io/v1alpha1\nkind: RolloutPolicy\nmetadata: {name: x}\n"
                    + "spec:\n  pools: {names: [worker]}\n"
                    + "  disruptionBudget: {groupBy: [zone], maxUnavailable: 1, minAvailable: 2}\n"
                    + "  batches: {strategy: exponential, growth: 1}\n"))
        .contains("spec.disruptionBudget")
        .contains("set exactly one of maxUnavailable and minAvailable")
        .contains("spec.batches")
        .contains("an exponential strategy's growth is a factor of at least 2");
    for (String bad : new String[] {"0", "'0%'", "'ten'"}) {
      assertThat(
              refusal(
                  "apiVersion: ocelot.io/v1alpha1\nkind: RolloutPolicy\nmetadata: {name: x}\n"
                      + "spec:\n  pools: {names: [worker]}\n"
                      + "  stageAhead: {maxConcurrentPulls: "
                      + bad
                      + "}\n"))
          .as(bad)
          .contains("spec.stageAhead")
          .contains("maxConcurrentPulls is a count of at least 1 or a percent such as 10%");
    }

    RolloutPolicy example =
        policy(Files.readString(Path.of("..", "examples", "policy", "rollout-policy.yaml")));
    assertThat(example.getSpec().getSoak()).isEqualTo("30m");
    assertThat(example.getSpec().getStageAhead().getMaxConcurrentPulls().getStrVal())
        .isEqualTo("10%");
    RolloutPolicy ok = policy(window("[Sat, Sun]", "02:00", "4h", null));
    assertThat(ok.getSpec().getMaxFailedNodes()).isEqualTo(1); // defaulted by the server
    assertThat(ok.getSpec().getMaintenanceWindows().get(0).getTimeZone()).isEqualTo("UTC");

    Path kubeconfig = dir.resolve("admin.kubeconfig");
    Files.writeString(kubeconfig, cluster.server.kubeconfig());
    Process p =
        new ProcessBuilder(
                "kubectl",
                "--kubeconfig",
                kubeconfig.toString(),
                "explain",
                "rolloutpolicy.spec.maintenanceWindows")
            .redirectErrorStream(true)
            .start();
    String out = new String(p.getInputStream().readAllBytes());
    assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
    assertThat(out)
        .contains("When disruptive updates (drain and reboot) may start")
        .contains("timeZone")
        .contains("IANA time zone of start");
  }

  @Test
  void aPoolWaitsForItsWindowAndTwoPoliciesOnOnePoolAreBothRefused() throws Exception {
    // Saturday 2026-12-05 10:00 UTC; the window opens at 12:00 UTC on Saturdays.
    ManualClock clock = ManualClock.at(Instant.parse("2026-12-05T10:00:00Z"));
    cluster = ControllerHarness.onKube(dir);
    cluster.clock = clock;
    daemons = cluster.daemons(100);
    cluster.example("00-worker.yaml");
    cluster.pool(3);
    cluster.startController();
    String base = cluster.awaitRendered(Optional.empty());
    IntStream.range(0, 3).forEach(i -> cluster.node("worker-" + i, null, base));
    cluster.awaitUpdated(base, 3, Duration.ofSeconds(60));
    policy(window("[Sat]", "12:00", "2h", null));

    cluster.example("50-chrony.yaml");
    String next = cluster.awaitRendered(Optional.of(base));
    MachineConfigPoolCondition updating =
        cluster.awaitCondition(
            "Updating", c -> c.getMessage().startsWith("waiting for maintenance window"));
    assertThat(updating.getMessage())
        .isEqualTo("waiting for maintenance window Sat 12:00–14:00 UTC, opens in 2h");
    cluster.awaitLookedAgain("worker");
    assertThat(cluster.client.nodes().list().getItems())
        .allSatisfy(
            n ->
                assertThat(n.getMetadata().getAnnotations())
                    .containsEntry(NodeAnnotations.DESIRED_CONFIG, base));

    // The window opens: the rollout goes (re-checked every minute at most; a policy edit
    // triggers it at once here).
    clock.advance(Duration.ofHours(2));
    touch("nights");
    cluster.awaitUpdated(next, 3, Duration.ofSeconds(60));
    await()
        .atMost(Duration.ofSeconds(20))
        .untilAsserted(
            () -> assertThat(policyStatus("nights").getPools()).containsExactly("worker"));
    assertThat(policyStatus("nights").getConditions().get(0).getMessage())
        .isEqualTo("Governs pool worker");

    // Soak: with 30 minutes between batches, the next rollout takes one node and then waits.
    cluster
        .client
        .resources(RolloutPolicy.class)
        .withName("nights")
        .edit(
            p -> {
              p.getSpec().setSoak("30m");
              p.getSpec().getMaintenanceWindows().clear();
              return p;
            });
    cluster.editPool(
        p -> {
          p.getSpec().setMaxUnavailable(new io.fabric8.kubernetes.api.model.IntOrString(1));
          return p;
        });
    cluster.example("60-kubelet-dropin.yaml");
    String third = cluster.awaitRendered(Optional.of(next));
    for (int batch = 1; batch <= 2; batch++) {
      int done = batch;
      MachineConfigPoolCondition soaking =
          cluster.awaitCondition(
              "Updating",
              c -> c.getMessage().startsWith("soak: ") && cluster.doneOn(third) == done);
      assertThat(soaking.getMessage())
          .matches(
              "soak: worker-\\d took the update at 2026-12-05T1[0-9]:[0-9:]+Z; the next node"
                  + " starts in 30m");
      cluster.awaitLookedAgain("worker");
      assertThat(cluster.targetedAt(third).size()).isEqualTo(done); // nobody new while soaking
      clock.advance(Duration.ofMinutes(31));
      touch("nights");
    }
    cluster.awaitUpdated(third, 3, Duration.ofSeconds(60));

    // A second policy on the same pool: both are refused for it, and say why.
    policy(
        "apiVersion: ocelot.io/v1alpha1\nkind: RolloutPolicy\nmetadata: {name: careful}\n"
            + "spec: {pools: {names: [worker]}, maxFailedNodes: 2}\n");
    await()
        .atMost(Duration.ofSeconds(30))
        .untilAsserted(
            () -> {
              for (String name : List.of("nights", "careful")) {
                var s = policyStatus(name);
                assertThat(s.getPools()).isEmpty();
                var accepted = s.getConditions().get(0);
                assertThat(accepted.getStatus()).isEqualTo("False");
                assertThat(accepted.getReason()).isEqualTo("PoolsOverlap");
                assertThat(accepted.getMessage())
                    .isEqualTo(
                        "pool worker is also selected by rolloutpolicy/"
                            + (name.equals("nights") ? "careful" : "nights")
                            + ": a pool two policies select is governed by neither (spec.pools)");
              }
            });
  }

  /**
   * Issue 40 item 1: exponential batches of 1, 2, 4 in a pool of 7 whose maxUnavailable would take
   * them all at once. No node of a batch is targeted before every node targeted before it is done
   * (successThreshold 100), and the pool's Updating message says which batch waits for what.
   */
  @Test
  void aBatchedRolloutGrowsOnlyAsItsNodesFinish() throws Exception {
    cluster = ControllerHarness.onKube(dir);
    daemons = cluster.daemons(2500); // each batch waits long enough for a status write
    cluster.example("00-worker.yaml");
    cluster.pool(7);
    cluster.startController();
    String base = cluster.awaitRendered(Optional.empty());
    IntStream.range(0, 7).forEach(i -> cluster.node("worker-" + i, null, base));
    cluster.awaitUpdated(base, 7, Duration.ofSeconds(60));
    policy(
        "apiVersion: ocelot.io/v1alpha1\nkind: RolloutPolicy\nmetadata: {name: ramp}\n"
            + "spec:\n  pools: {names: [worker]}\n"
            + "  batches: {strategy: exponential, initialBatch: 1}\n");
    await()
        .atMost(Duration.ofSeconds(20))
        .untilAsserted(() -> assertThat(policyStatus("ramp").getPools()).containsExactly("worker"));

    cluster.example("50-chrony.yaml");
    String next = cluster.awaitRendered(Optional.of(base));
    List<String> seen = new java.util.concurrent.CopyOnWriteArrayList<>();
    List<String> overruns = new java.util.concurrent.CopyOnWriteArrayList<>();
    await()
        .atMost(Duration.ofSeconds(90))
        .pollInterval(Duration.ofMillis(100))
        .until(
            () -> {
              // One list: the counts of one moment (two reads could straddle a step).
              List<Map<String, String>> nodes =
                  cluster.client.nodes().list().getItems().stream()
                      .map(n -> n.getMetadata().getAnnotations())
                      .toList();
              long done =
                  nodes.stream()
                      .filter(a -> next.equals(a.get(NodeAnnotations.CURRENT_CONFIG)))
                      .filter(a -> "Done".equals(a.get(NodeAnnotations.STATE)))
                      .count();
              long targeted =
                  nodes.stream()
                      .filter(a -> next.equals(a.get(NodeAnnotations.DESIRED_CONFIG)))
                      .count();
              int allowed = done >= 3 ? 7 : done >= 1 ? 3 : 1;
              if (targeted > allowed) {
                overruns.add(targeted + " targeted with " + done + " done");
              }
              String updating = cluster.condition("Updating").map(c -> c.getMessage()).orElse("");
              if ((updating.startsWith("batch ") || updating.contains("; batch "))
                  && !seen.contains(updating)) {
                seen.add(updating);
              }
              return done == 7;
            });
    assertThat(overruns).isEmpty();
    assertThat(seen)
        .contains(
            "batch 1 of 3 (1 of 7 nodes): waiting for 1 more to be done and healthy (1 of 1,"
                + " successThreshold 100%) before batch 2 starts");
    // While a batch moves, the message says which one it is (the last never waits).
    assertThat(seen).anyMatch(m -> m.contains("; batch 3 of 3 (up to 7 nodes targeted)"));
    cluster.awaitUpdated(next, 7, Duration.ofSeconds(30));
  }

  io.ocelot.api.policy.RolloutPolicyStatus policyStatus(String name) {
    RolloutPolicy p = cluster.client.resources(RolloutPolicy.class).withName(name).get();
    return p.getStatus() == null ? new io.ocelot.api.policy.RolloutPolicyStatus() : p.getStatus();
  }

  void touch(String policy) {
    cluster
        .client
        .resources(RolloutPolicy.class)
        .withName(policy)
        .edit(
            p -> {
              if (p.getMetadata().getAnnotations() == null) {
                p.getMetadata().setAnnotations(new HashMap<>());
              }
              p.getMetadata().getAnnotations().put("test/touched", Instant.now().toString());
              return p;
            });
  }
}

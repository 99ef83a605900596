package io.ocelot.sim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.fabric8.kubernetes.api.model.IntOrString;
import io.fabric8.kubernetes.client.utils.Serialization;
import io.ocelot.api.model.MachineConfig;
import io.ocelot.api.model.MachineConfigPool;
import io.ocelot.api.model.MachineConfigPoolCondition;
import io.ocelot.api.node.NodeAnnotations;
import io.ocelot.api.policy.RolloutPolicy;
import io.ocelot.apiserver.ControlPlaneMode;
import io.ocelot.testing.ManualClock;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.function.Predicate;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * A RolloutPolicy on the whole simulated cluster (real control plane, daemons, reboots), with the
 * controller's clock moved by hand: the worker pool waits for its maintenance window — the console
 * says so — then takes one node, soaks, and takes the next.
 */
class RolloutPolicySimIT {
  /** Saturday 10:00 UTC; the window opens at 12:00 on Saturdays. */
  static final Instant SATURDAY_MORNING = Instant.parse("2026-12-05T10:00:00Z");

  static final List<String> WORKERS = List.of("worker-0", "worker-1");

  @TempDir Path dir;
  SimCluster sim;
  WebDriver browser;

  @AfterEach
  void stop() {
    if (browser != null) {
      browser.quit();
    }
    if (sim != null) {
      sim.close();
    }
  }

  @Test
  void aPoolWaitsForItsWindowThenSoaksBetweenNodes() throws Exception {
    ManualClock clock = ManualClock.runningFrom(SATURDAY_MORNING);
    sim =
        SimCluster.start(
            SimSettings.defaults(dir.resolve("state"))
                .onFreePorts()
                .withWorkers(2)
                .withTimes(Duration.ofSeconds(1), Duration.ofSeconds(1))
                .withControlPlane(ControlPlaneMode.KUBE),
            line -> {},
            clock);
    await().atMost(Duration.ofSeconds(60)).until(() -> pool().getStatus() != null && updated());
    String before = config("worker-0");
    SmallSims.editPool(
        sim,
        "worker",
        p -> {
          p.getSpec().setMaxUnavailable(new IntOrString(1));
          return p;
        });
    sim.client()
        .resource(
            Serialization.unmarshal(
                """
                apiVersion: ocelot.io/v1alpha1
                kind: RolloutPolicy
                metadata: {name: saturdays}
                spec:
                  pools: {names: [worker]}
                  maintenanceWindows:
                  - {days: [Sat], start: "12:00", length: 2h, timeZone: UTC}
                  soak: 30m
                """,
                RolloutPolicy.class))
        .create();
    sim.client()
        .resources(MachineConfig.class)
        .resource(SmallSims.workerFile("60-motd", "/etc/motd.d/60-ocelot", "soaked"))
        .create();

    MachineConfigPoolCondition waiting =
        awaitUpdating(c -> c.getMessage().startsWith("waiting for maintenance window"));
    assertThat(waiting.getMessage())
        .matches("waiting for maintenance window Sat 12:00–14:00 UTC, opens in (2h|1h59m)");
    browser = HeadlessChromium.open(sim.httpUrl() + "/");
    WebDriverWait wait = HeadlessChromium.await(browser, () -> String.valueOf(conditions()));
    wait.until(
        b ->
            b.findElement(By.cssSelector("#pools tr[data-pool='worker'] .conditions"))
                .getText()
                .contains("waiting for maintenance window Sat 12:00–14:00 UTC"));
    SmallSims.awaitControllerLookedAgain(sim, "worker");
    assertThat(WORKERS).allMatch(w -> desired(w).equals(before)); // nobody starts outside it

    clock.advance(Duration.ofHours(2));
    touchPolicy();
    MachineConfigPoolCondition soaking =
        // Done comes with the uncordon request: "waiting for updated nodes to be healthy" until
        // the cordon is lifted, then the soak's own wait.
        awaitUpdating(
            c -> c.getMessage().contains(" took the update at ") && doneOffConfig(before) == 1);
    assertThat(soaking.getMessage())
        .matches(
            "soak: worker-[01] took the update at 2026-12-05T12:[0-9:.]+Z; the next node starts"
                + " in (30m|29m)");
    SmallSims.awaitControllerLookedAgain(sim, "worker");
    assertThat(WORKERS.stream().filter(w -> !desired(w).equals(before))).hasSize(1);

    clock.advance(Duration.ofMinutes(31));
    touchPolicy();
    await().atMost(Duration.ofSeconds(90)).until(() -> doneOffConfig(before) == 2 && updated());
    for (String w : WORKERS) {
      assertThat(sim.node(w).host().root().resolve("etc/motd.d/60-ocelot")).hasContent("soaked");
    }

    // 14:30: the window has closed. With rebootlessAnytime an SSH key goes out now, without a
    // drain or a reboot; a file (a reboot under MCO's rules) still waits for next Saturday.
    clock.advance(Duration.ofHours(2));
    sim.client()
        .resources(RolloutPolicy.class)
        .withName("saturdays")
        .edit(
            p -> {
              p.getSpec().setRebootlessAnytime(true);
              p.getSpec().setSoak(null);
              return p;
            });
    String soaked = config("worker-0");
    int reboots = sim.node("worker-0").reboots().size();
    sim.client()
        .resources(MachineConfig.class)
        .resource(
            Serialization.unmarshal(
                java.nio.file.Files.readString(Path.of("../examples/70-core-ssh.yaml")),
                MachineConfig.class))
        .create();
    await().atMost(Duration.ofSeconds(90)).until(() -> doneOffConfig(soaked) == 2 && updated());
    assertThat(sim.node("worker-0").reboots()).hasSize(reboots);
    String keyed = config("worker-0");
    sim.client()
        .resources(MachineConfig.class)
        .resource(SmallSims.workerFile("61-motd", "/etc/motd.d/61-ocelot", "later"))
        .create();
    MachineConfigPoolCondition later =
        awaitUpdating(c -> c.getMessage().startsWith("waiting for maintenance window"));
    assertThat(later.getMessage())
        .matches(
            "waiting for maintenance window Sat 12:00–14:00 UTC, opens in 6d2[01]h[0-9]+m"
                + " \\(updates without drain or reboot go now\\)");
    SmallSims.awaitControllerLookedAgain(sim, "worker");
    assertThat(WORKERS).allMatch(w -> desired(w).equals(keyed));
  }

  MachineConfigPool pool() {
    return sim.client().resources(MachineConfigPool.class).withName("worker").get();
  }

  List<MachineConfigPoolCondition> conditions() {
    MachineConfigPool p = pool();
    return p.getStatus() == null ? List.of() : p.getStatus().getConditions();
  }

  boolean updated() {
    return conditions().stream()
        .anyMatch(c -> c.getType().equals("Updated") && c.getStatus().equals("True"));
  }

  MachineConfigPoolCondition awaitUpdating(Predicate<MachineConfigPoolCondition> test) {
    return await()
        .atMost(Duration.ofSeconds(90))
        .until(
            () -> conditions().stream().filter(c -> c.getType().equals("Updating")).findFirst(),
            c -> c.isPresent() && test.test(c.get()))
        .orElseThrow();
  }

  String config(String node) {
    return SmallSims.annotations(sim, node).get(NodeAnnotations.CURRENT_CONFIG);
  }

  String desired(String node) {
    return SmallSims.annotations(sim, node).get(NodeAnnotations.DESIRED_CONFIG);
  }

  long doneOffConfig(String before) {
    return WORKERS.stream().filter(w -> SmallSims.settledOffConfig(sim, w, before)).count();
  }

  /** A policy edit makes the controller look again at once (it re-checks every minute anyway). */
  void touchPolicy() {
    sim.client()
        .resources(RolloutPolicy.class)
        .withName("saturdays")
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

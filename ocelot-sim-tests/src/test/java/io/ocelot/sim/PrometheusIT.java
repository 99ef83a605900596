package io.ocelot.sim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import io.ocelot.api.json.Json;
import io.ocelot.api.node.NodeAnnotations;
import io.ocelot.console.Alert;
import io.ocelot.console.PrometheusAlerts;
import io.ocelot.sim.demo.DemoSteps;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The shipped alert rules in a real Prometheus (Debian package {@code prometheus}) scraping a
 * running sim, with the {@code for:} durations shortened: MCDRebootError fires for the node whose
 * reboot is broken and resolves after the fix.
 */
class PrometheusIT {
  static final String NODE = "worker-1";
  @TempDir Path dir;
  SimCluster sim;
  Process prometheus;

  @AfterEach
  void stop() throws Exception {
    if (prometheus != null) {
      prometheus.destroy();
      prometheus.waitFor();
    }
    if (sim != null) {
      sim.close();
    }
  }

  static int freePort() throws IOException {
    try (ServerSocket s = new ServerSocket(0)) {
      return s.getLocalPort();
    }
  }

  /** The alerts Prometheus reports, as (alertname, node, state) lines. */
  List<String> alerts(int port) throws Exception {
    HttpResponse<String> r =
        HttpClient.newHttpClient()
            .send(
                HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/api/v1/alerts"))
                    .build(),
                HttpResponse.BodyHandlers.ofString());
    JsonNode alerts = Json.MAPPER.readTree(r.body()).path("data").path("alerts");
    List<String> out = new java.util.ArrayList<>();
    alerts.forEach(
        a ->
            out.add(
                a.path("labels").path("alertname").asText()
                    + " "
                    + a.path("labels").path("node").asText()
                    + " "
                    + a.path("state").asText()));
    return out;
  }

  @Test
  void mcdRebootErrorFiresForTheBrokenNodeAndResolvesAfterTheFix() throws Exception {
    sim = SmallSims.start(dir);
    // The shipped rules, with every for: shortened to 5s.
    String rules =
        Files.readString(Path.of("..", "monitoring", "rules.yml"))
            .replaceAll("for: \\d+m", "for: 5s");
    Files.writeString(dir.resolve("rules.yml"), rules);
    String target = URI.create(sim.httpUrl()).getAuthority();
    Files.writeString(
        dir.resolve("prometheus.yml"),
        String.join(
            "\n",
            "global: {scrape_interval: 1s, evaluation_interval: 1s}",
            "rule_files: [rules.yml]",
            "scrape_configs:",
            "- job_name: ocelot-sim",
            "  static_configs: [{targets: ['" + target + "']}]",
            ""));
    int port = freePort();
    prometheus =
        new ProcessBuilder(
                "prometheus",
                "--config.file=" + dir.resolve("prometheus.yml"),
                "--storage.tsdb.path=" + dir.resolve("tsdb"),
                "--web.listen-address=127.0.0.1:" + port)
            .redirectErrorStream(true)
            .redirectOutput(dir.resolve("prometheus.log").toFile())
            .start();
    await().atMost(Duration.ofSeconds(30)).ignoreExceptions().until(() -> alerts(port) != null);

    DemoSteps steps = new DemoSteps(sim);
    String image = steps.enableLayering();
    steps.breakReboots(NODE);
    steps.moveIntoLayeredPool(NODE);
    // Rule groups are evaluated independently, each at its own offset within the interval, so
    // the counter's alert and the gauge's alert may start firing one evaluation apart.
    await()
        .atMost(Duration.ofSeconds(60))
        .until(
            () ->
                alerts(port)
                    .containsAll(
                        List.of(
                            "MCDRebootError " + NODE + " firing",
                            "OcelotRebootFailing " + NODE + " firing")));
    // What `ocelot console --prometheus-url` shows.
    assertThat(new PrometheusAlerts("http://127.0.0.1:" + port + "/").get())
        .contains(new Alert("MCDRebootError", NODE, "critical"));
    assertThat(alerts(port)).noneMatch(a -> a.startsWith("MCDRebootError worker-0"));

    // The alert gate: while these alerts fire, the worker pool starts no node on its new config.
    sim.client()
        .resource(
            io.fabric8.kubernetes.client.utils.Serialization.unmarshal(
                "apiVersion: ocelot.io/v1alpha1\nkind: RolloutPolicy\nmetadata: {name: gated}\n"
                    + "spec:\n  pools: {names: [worker]}\n  alertGate:\n"
                    + "    prometheusURL: http://127.0.0.1:"
                    + port
                    + "\n    alertNames: MCDRebootError|OcelotRebootFailing\n",
                io.ocelot.api.policy.RolloutPolicy.class))
        .create();
    String workerConfig = steps.annotation("worker-0", NodeAnnotations.CURRENT_CONFIG);
    // A config for the worker pool alone (a worker-role one would change the layered pool too).
    String role = "machineconfiguration.openshift.io/role";
    SmallSims.editPool(
        sim,
        "worker",
        p -> {
          p.getSpec()
              .setMachineConfigSelector(
                  new io.fabric8.kubernetes.api.model.LabelSelectorBuilder()
                      .addNewMatchExpression()
                      .withKey(role)
                      .withOperator("In")
                      .withValues("worker", "worker-gated")
                      .endMatchExpression()
                      .build());
          return p;
        });
    io.ocelot.api.model.MachineConfig mc = new io.ocelot.api.model.MachineConfig();
    mc.getMetadata().setName("99-worker-gated-karg");
    mc.getMetadata().setLabels(java.util.Map.of(role, "worker-gated"));
    var spec = new io.ocelot.api.model.MachineConfigSpec();
    spec.setKernelArguments(List.of("quiet"));
    spec.setConfig(Json.MAPPER.readTree("{\"ignition\": {\"version\": \"3.4.0\"}}"));
    mc.setSpec(spec);
    sim.client().resource(mc).create();
    await()
        .atMost(Duration.ofSeconds(30))
        .until(
            () ->
                updatingMessage("worker")
                    .equals(
                        "waiting for alerts to clear: MCDRebootError ("
                            + NODE
                            + "), OcelotRebootFailing ("
                            + NODE
                            + ")"));
    SmallSims.awaitControllerLookedAgain(sim, "worker");
    assertThat(steps.annotation("worker-0", NodeAnnotations.DESIRED_CONFIG))
        .isEqualTo(workerConfig);
    assertThat(steps.annotation("worker-2", NodeAnnotations.DESIRED_CONFIG))
        .isEqualTo(workerConfig);

    steps.fixReboots(NODE);
    // While the node reboots its daemon's series go stale, which alone resolves the alerts; wait
    // for the fresh daemon's counter (0) to be scraped, then for the alerts to be resolved on it.
    await()
        .atMost(Duration.ofSeconds(60))
        .until(
            () ->
                image.equals(steps.annotation(NODE, NodeAnnotations.CURRENT_IMAGE))
                    && "0".equals(value(port, "mcd_reboots_failed_total{node=\"" + NODE + "\"}")));
    await()
        .atMost(Duration.ofSeconds(30))
        .until(
            () ->
                alerts(port).stream()
                    .noneMatch(
                        a ->
                            a.startsWith("MCDRebootError") || a.startsWith("OcelotRebootFailing")));
    assertThat(value(port, "mcd_reboot_failing{node=\"" + NODE + "\"}")).isEqualTo("0");
    // The alerts cleared: the gated pool's rollout goes on (its first node is targeted).
    await()
        .atMost(Duration.ofSeconds(30))
        .until(
            () ->
                List.of("worker-0", "worker-2").stream()
                    .anyMatch(
                        n ->
                            !workerConfig.equals(
                                steps.annotation(n, NodeAnnotations.DESIRED_CONFIG))));
  }

  String updatingMessage(String pool) {
    var p =
        sim.client().resources(io.ocelot.api.model.MachineConfigPool.class).withName(pool).get();
    return p == null || p.getStatus() == null
        ? ""
        : p.getStatus().getConditions().stream()
            .filter(c -> "Updating".equals(c.getType()))
            .map(c -> c.getMessage())
            .findFirst()
            .orElse("");
  }

  /** The value of an instant query's first series, or "" when there is none. */
  static String value(int port, String query) throws Exception {
    String q = URLEncoder.encode(query, StandardCharsets.UTF_8);
    HttpResponse<String> r =
        HttpClient.newHttpClient()
            .send(
                HttpRequest.newBuilder(
                        URI.create("http://127.0.0.1:" + port + "/api/v1/query?query=" + q))
                    .build(),
                HttpResponse.BodyHandlers.ofString());
    return Json.MAPPER
        .readTree(r.body())
        .path("data")
        .path("result")
        .path(0)
        .path("value")
        .path(1)
        .asText();
  }
}

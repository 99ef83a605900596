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
        Files.readString(Path.of("..", "deploy", "prometheus", "rules.yml"))
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
    await()
        .atMost(Duration.ofSeconds(60))
        .until(() -> alerts(port).contains("MCDRebootError " + NODE + " firing"));
    assertThat(alerts(port)).contains("OcelotRebootFailing " + NODE + " firing");
    // What `ocelot console --prometheus-url` shows.
    assertThat(new PrometheusAlerts("http://127.0.0.1:" + port + "/").get())
        .contains(new Alert("MCDRebootError", NODE, "critical"));
    assertThat(alerts(port)).noneMatch(a -> a.startsWith("MCDRebootError worker-0"));

    steps.fixReboots(NODE);
    await()
        .atMost(Duration.ofSeconds(60))
        .until(
            () ->
                image.equals(steps.annotation(NODE, NodeAnnotations.CURRENT_IMAGE))
                    && alerts(port).stream().noneMatch(a -> a.startsWith("MCDRebootError")));
    assertThat(alerts(port)).noneMatch(a -> a.startsWith("OcelotRebootFailing"));
    String q =
        URLEncoder.encode(
            "mcd_reboots_failed_total{node=\"" + NODE + "\"}", StandardCharsets.UTF_8);
    HttpResponse<String> value =
        HttpClient.newHttpClient()
            .send(
                HttpRequest.newBuilder(
                        URI.create("http://127.0.0.1:" + port + "/api/v1/query?query=" + q))
                    .build(),
                HttpResponse.BodyHandlers.ofString());
    assertThat(
            Json.MAPPER
                .readTree(value.body())
                .path("data")
                .path("result")
                .get(0)
                .path("value")
                .get(1)
                .asText())
        .isEqualTo("0");
  }
}

package io.ocelot.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import io.fabric8.kubernetes.api.model.NodeBuilder;
import io.ocelot.api.json.Json;
import io.ocelot.api.node.NodeAnnotations;
import io.ocelot.apiserver.SharedControlPlane;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/** {@code ocelot console} against the real control plane through a kubeconfig. */
class ConsoleCommandIT {
  @RegisterExtension static final SharedControlPlane plane = new SharedControlPlane();
  @TempDir Path dir;

  static String get(String url) throws Exception {
    return HttpClient.newHttpClient()
        .send(HttpRequest.newBuilder(URI.create(url)).build(), HttpResponse.BodyHandlers.ofString())
        .body();
  }

  @Test
  void servesThePageAndTheClusterStateWithAlertsFromNodeState() throws Exception {
    plane
        .client
        .nodes()
        .resource(
            new NodeBuilder()
                .withNewMetadata()
                .withName("worker-1")
                .addToAnnotations(NodeAnnotations.STATE, "Degraded")
                .addToAnnotations(
                    NodeAnnotations.REASON, "reboot command failed: systemd-run exited 127")
                .endMetadata()
                .build())
        .create();
    Path kubeconfig = dir.resolve("kubeconfig");
    Files.writeString(kubeconfig, plane.cluster.kubeconfig());
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int[] code = {-1};
    Thread console =
        new Thread(
            () ->
                code[0] =
                    Main.run(
                        new String[] {
                          "console",
                          "--kubeconfig",
                          kubeconfig.toString(),
                          "--address",
                          "127.0.0.1:0"
                        },
                        new PrintWriter(out, true),
                        new PrintWriter(err, true)));
    console.start();
    try {
      await()
          .atMost(Duration.ofSeconds(20))
          .failFast(() -> !console.isAlive())
          .until(() -> out.toString().contains("http://"));
      Matcher url = Pattern.compile("on (http://127\\.0\\.0\\.1:\\d+/)").matcher(out.toString());
      assertThat(url.find()).as(out.toString()).isTrue();
      assertThat(get(url.group(1))).contains("<title>Ocelot console</title>");
      JsonNode state = Json.MAPPER.readTree(get(url.group(1) + "api/state"));
      assertThat(state.path("faults").asBoolean()).isFalse();
      assertThat(state.path("nodes").get(0).path("state").asText()).isEqualTo("Degraded");
      assertThat(state.path("alerts").get(0).path("name").asText())
          .isEqualTo("OcelotRebootFailing");
    } finally {
      console.interrupt();
      console.join(20_000);
    }
    assertThat(console.isAlive()).isFalse();
    assertThat(code[0]).as(err.toString()).isZero();
  }
}

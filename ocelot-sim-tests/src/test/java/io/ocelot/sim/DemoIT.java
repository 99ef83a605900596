package io.ocelot.sim;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.ocelot.runtime.logging.LogFormat;
import io.ocelot.runtime.logging.LogSettings;
import io.ocelot.runtime.logging.LogSetup;
import io.ocelot.sim.demo.Demo;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The demos end to end, on the default cluster size with short reboots. */
class DemoIT {
  static SimSettings settings() {
    return SimSettings.defaults(Path.of("unused"))
        .onFreePorts()
        .withTimes(Duration.ofSeconds(1), Duration.ofSeconds(1))
        // The real control plane, explicitly: never a silent fallback to the embedded one.
        .withControlPlane(io.ocelot.apiserver.ControlPlaneMode.KUBE);
  }

  static String run(String scenario) throws Exception {
    StringWriter text = new StringWriter();
    boolean passed;
    try (PrintWriter out = new PrintWriter(text)) {
      passed = Demo.run(Demo.scenario(scenario).orElseThrow(), settings(), out);
    }
    System.out.println(text);
    assertThat(passed).as(text.toString()).isTrue();
    return text.toString();
  }

  /**
   * The seed's demo, its components logging JSON (as {@code --log-format json} sets): every line
   * one object, and the lines of the failed reboot name the node, the step, the config and the
   * attempt as keys a collector can filter on, not only in the message.
   */
  @Test
  void rebootFailure(@TempDir Path dir) throws Exception {
    Path log = dir.resolve("components.json");
    LogSetup.apply(LogSettings.defaults().withFormat(LogFormat.JSON).toFile(log));
    String out;
    try {
      out = run("reboot-failure");
    } finally {
      LogSetup.apply(LogSettings.defaults());
    }
    assertThat(out)
        .contains("PASS  5. worker-1 fails to reboot, rolls back, and says why")
        .contains("PASS  7. worker-1 retries, reboots into the layered image and config")
        .contains("PASS: reboot-failure")
        .doesNotContain("FAIL");

    ObjectMapper json = new ObjectMapper();
    List<JsonNode> lines = new ArrayList<>();
    for (String line : Files.readAllLines(log)) {
      JsonNode o = json.readTree(line);
      assertThat(o.has("time") && o.has("level") && o.has("logger") && o.has("message"))
          .as(line)
          .isTrue();
      lines.add(o);
    }
    assertThat(lines)
        .as("the failed reboot, with its keys")
        .anySatisfy(
            o -> {
              assertThat(o.path("level").asText()).isEqualTo("WARN");
              assertThat(o.path("node").asText()).isEqualTo("worker-1");
              assertThat(o.path("step").asText()).isEqualTo("reboot");
              assertThat(o.path("config").asText()).startsWith("rendered-layered-");
              assertThat(o.path("image").asText()).startsWith("registry.ocelot.local/");
              assertThat(o.path("attempt").asInt()).isEqualTo(1);
            });
    assertThat(lines)
        .as("worker-1's phases, keyed")
        .anySatisfy(
            o -> {
              assertThat(o.path("node").asText()).isEqualTo("worker-1");
              assertThat(o.path("phase").asText()).isEqualTo("DEGRADED");
            });
    assertThat(lines)
        .as("the controller's pool passes name their pool")
        .anySatisfy(o -> assertThat(o.path("pool").asText()).isEqualTo("layered"));
    assertThat(lines)
        .as("JOSDK's start-up announcements stay quiet")
        .noneSatisfy(
            o -> assertThat(o.path("message").asText()).startsWith("Created configuration"));
  }

  @Test
  void rollout() throws Exception {
    assertThat(run("rollout"))
        .contains("PASS  4. never more than maxUnavailable (1) worker unavailable")
        .contains("order [worker-0, worker-1, worker-2]");
  }

  @Test
  void revert() throws Exception {
    assertThat(run("revert"))
        .contains("PASS  3. worker-1 leaves the pool and reverts to the base image");
  }

  @Test
  void badImage() throws Exception {
    assertThat(run("bad-image"))
        .contains("fails its health check and boots back by itself")
        .contains("PASS  4. the rollout halts: the other workers never get the image")
        .contains("PASS  5. the pool heals")
        .contains("PASS: bad-image");
  }
}

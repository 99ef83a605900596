package io.ocelot.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The reboot-failure steps from outside: {@code ocelot sim} in its own JVM, driven only through
 * {@code kubectl}, the state dir and its HTTP endpoint, as a person at a terminal would. Then the
 * restart rules of the state dir.
 */
class SimProcessIT {
  static final Path EXAMPLES = Path.of("..", "examples");
  static final String NODE = "worker-1";

  @TempDir Path dir;
  Path state;
  Process sim;
  Path simOut;

  @AfterEach
  void stop() throws Exception {
    if (sim != null && sim.isAlive()) {
      sim.destroyForcibly().waitFor(20, TimeUnit.SECONDS);
    }
  }

  Process ocelot(Path out, String... args) throws IOException {
    List<String> cmd = new ArrayList<>();
    cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    cmd.add("-cp");
    cmd.add(System.getProperty("java.class.path"));
    cmd.add(Main.class.getName());
    cmd.addAll(List.of(args));
    return new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(out.toFile()).start();
  }

  Process startSim(String... extra) throws IOException {
    List<String> args =
        new ArrayList<>(
            List.of(
                "sim",
                "--state-dir",
                state.toString(),
                "--api-port",
                "0",
                "--http-port",
                "0",
                "--reboot-seconds",
                "1",
                "--build-seconds",
                "1"));
    if (!List.of(extra).contains("--control-plane")) {
      // The real control plane, explicitly: never a silent fallback to the embedded one.
      args.addAll(List.of("--control-plane", "kube"));
    }
    args.addAll(List.of(extra));
    simOut = dir.resolve("sim-" + System.nanoTime() + ".out");
    return ocelot(simOut, args.toArray(String[]::new));
  }

  String simOutput() throws IOException {
    return Files.readString(simOut, StandardCharsets.UTF_8);
  }

  String kubectl(String... args) throws Exception {
    List<String> cmd =
        new ArrayList<>(List.of("kubectl", "--kubeconfig", state.resolve("kubeconfig").toString()));
    cmd.addAll(List.of(args));
    Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
    assertThat(p.exitValue()).as("kubectl %s: %s", args, out).isZero();
    return out;
  }

  String jsonpath(String node, String path) throws Exception {
    return kubectl("get", "node", node, "-o", "jsonpath={" + path + "}");
  }

  String annotation(String node, String key) throws Exception {
    return jsonpath(node, ".metadata.annotations." + key.replace(".", "\\."));
  }

  String metrics() throws Exception {
    String info = Files.readString(state.resolve("sim.json"));
    Matcher m = Pattern.compile("\"http\" : \"([^\"]+)\"").matcher(info);
    assertThat(m.find()).as(info).isTrue();
    return HttpClient.newHttpClient()
        .send(
            HttpRequest.newBuilder(URI.create(m.group(1) + "/metrics")).build(),
            HttpResponse.BodyHandlers.ofString())
        .body();
  }

  @Test
  void rebootFailureThroughKubectlThenRestartRules() throws Exception {
    state = dir.resolve("state");
    sim = startSim();
    await()
        .atMost(Duration.ofSeconds(90))
        .until(() -> simOutput().contains("Ctrl-C stops the cluster."));
    assertThat(kubectl("get", "nodes")).contains("master-0", "worker-0", "worker-1", "worker-2");
    assertThat(kubectl("get", "mcp")).contains("master", "worker");

    // Enable layering and wait for the build.
    kubectl("create", "-f", EXAMPLES.resolve("pools/layered.yaml").toString());
    kubectl("create", "-f", EXAMPLES.resolve("layered/machineosconfig.yaml").toString());
    String[] image = new String[1];
    await()
        .atMost(Duration.ofSeconds(60))
        .until(
            () ->
                !(image[0] =
                        kubectl(
                            "get",
                            "mosc",
                            "layered",
                            "-o",
                            "jsonpath={.status.currentImagePullSpec}"))
                    .isBlank());

    // Break reboots as an admin would, then move the node into the layered pool.
    Path bin = state.resolve("nodes/" + NODE + "/root/usr/bin");
    Files.move(bin.resolve("systemd-run"), bin.resolve("systemd-run2"));
    kubectl("label", "node", NODE, "node-role.kubernetes.io/layered=");
    await()
        .atMost(Duration.ofSeconds(60))
        .until(
            () -> annotation(NODE, "machineconfiguration.openshift.io/state").equals("Degraded"));
    assertThat(annotation(NODE, "machineconfiguration.openshift.io/reason"))
        .startsWith("reboot command failed:")
        .contains("systemd-run");
    await()
        .atMost(Duration.ofSeconds(20))
        .until(() -> metrics().contains("mcd_reboots_failed_total{node=\"" + NODE + "\"} 1.0"));
    assertThat(
            kubectl(
                "get",
                "mcp",
                "layered",
                "-o",
                "jsonpath={.status.conditions[?(@.type==\"NodeDegraded\")].message}"))
        .startsWith("Node " + NODE + " is reporting: \"reboot command failed:");
    assertThat(kubectl("describe", "node", NODE)).contains("UpdateFailed");

    // Fix it: the node reboots into the layered image and recovers.
    Files.move(bin.resolve("systemd-run2"), bin.resolve("systemd-run"));
    await()
        .atMost(Duration.ofSeconds(60))
        .until(
            () ->
                annotation(NODE, "machineconfiguration.openshift.io/state").equals("Done")
                    && annotation(NODE, "machineconfiguration.openshift.io/currentImage")
                        .equals(image[0]));
    assertThat(annotation(NODE, "machineconfiguration.openshift.io/reason")).isEmpty();
    assertThat(metrics())
        .contains("mcd_reboots_failed_total{node=\"" + NODE + "\"} 0.0")
        .contains("mcd_reboot_failing{node=\"" + NODE + "\"} 0.0");

    // SIGTERM stops it cleanly.
    sim.destroy();
    assertThat(sim.waitFor(30, TimeUnit.SECONDS)).isTrue();
    assertThat(sim.exitValue()).as(simOutput()).isIn(0, 143);
    assertThat(simOutput()).contains("stopped");
    assertThat(state.resolve("sim.json")).doesNotExist();

    // The same state dir again: refused with the way out; --reset starts fresh.
    Process again = startSim();
    assertThat(again.waitFor(60, TimeUnit.SECONDS)).isTrue();
    assertThat(again.exitValue()).isNotZero();
    assertThat(simOutput()).contains("holds a cluster from an earlier run").contains("--reset");
    sim = startSim("--reset");
    await()
        .atMost(Duration.ofSeconds(90))
        .until(() -> simOutput().contains("Ctrl-C stops the cluster."));
    assertThat(annotation(NODE, "machineconfiguration.openshift.io/state")).isEqualTo("Done");
    assertThat(kubectl("get", "mcp")).doesNotContain("layered");

    // A second sim on the same state dir while this one runs: refused, this one unharmed.
    Process second = startSim();
    assertThat(second.waitFor(60, TimeUnit.SECONDS)).isTrue();
    assertThat(second.exitValue()).isNotZero();
    assertThat(simOutput()).contains("in use by a running ocelot sim");
    assertThat(kubectl("get", "nodes")).contains(NODE);
  }

  @Test
  void faultCommandTalksToTheRunningSim() throws Exception {
    state = dir.resolve("state");
    Path out = dir.resolve("fault.out");
    Process none = ocelot(out, "fault", "break-reboot", NODE, "--state-dir", state.toString());
    assertThat(none.waitFor(30, TimeUnit.SECONDS)).isTrue();
    assertThat(none.exitValue()).isNotZero();
    assertThat(Files.readString(out)).contains("no running ocelot sim uses state dir");

    sim = startSim("--workers", "2");
    await()
        .atMost(Duration.ofSeconds(90))
        .until(() -> simOutput().contains("Ctrl-C stops the cluster."));
    Process broke = ocelot(out, "fault", "break-reboot", NODE, "--state-dir", state.toString());
    assertThat(broke.waitFor(30, TimeUnit.SECONDS)).isTrue();
    assertThat(Files.readString(out)).contains("renamed usr/bin/systemd-run");
    assertThat(broke.exitValue()).isZero();
    assertThat(state.resolve("nodes/" + NODE + "/root/usr/bin/systemd-run2")).exists();
    Process fixed = ocelot(out, "fault", "fix-reboot", NODE, "--state-dir", state.toString());
    assertThat(fixed.waitFor(30, TimeUnit.SECONDS)).isTrue();
    assertThat(fixed.exitValue()).isZero();
    assertThat(state.resolve("nodes/" + NODE + "/root/usr/bin/systemd-run")).exists();
    Process wrong = ocelot(out, "fault", "fail-build", "nope", "--state-dir", state.toString());
    assertThat(wrong.waitFor(30, TimeUnit.SECONDS)).isTrue();
    assertThat(wrong.exitValue()).isNotZero();
    assertThat(Files.readString(out)).contains("no pool nope");
  }
}

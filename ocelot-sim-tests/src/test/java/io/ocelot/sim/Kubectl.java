package io.ocelot.sim;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** The real {@code kubectl} against a sim's kubeconfig, as an admin at a terminal runs it. */
record Kubectl(Path kubeconfig) {
  record Result(int code, String out) {}

  /** Runs it; output and error together. */
  Result run(String... args) throws IOException, InterruptedException {
    return runWith(java.util.Map.of(), args);
  }

  /** Runs it with {@code env} added to its environment (e.g. {@code KUBE_EDITOR}). */
  Result runWith(java.util.Map<String, String> env, String... args)
      throws IOException, InterruptedException {
    Process p = start(env, args);
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(p.waitFor(120, TimeUnit.SECONDS)).as("kubectl %s finishes", List.of(args)).isTrue();
    return new Result(p.exitValue(), out);
  }

  /** Runs it and asserts it succeeded; its output. */
  String ok(String... args) throws IOException, InterruptedException {
    Result r = run(args);
    assertThat(r.code()).as("kubectl %s: %s", List.of(args), r.out()).isZero();
    return r.out();
  }

  /** Runs it and asserts it failed; its output. */
  String fails(String... args) throws IOException, InterruptedException {
    Result r = run(args);
    assertThat(r.code()).as("kubectl %s should fail: %s", List.of(args), r.out()).isNotZero();
    return r.out();
  }

  /** Starts it (for {@code get -w}); the caller reads and stops it. */
  Process start(String... args) throws IOException {
    return start(java.util.Map.of(), args);
  }

  /** A field of an object's condition, e.g. the message of mcp/worker's NodeDegraded. */
  String condition(String kind, String name, String type, String field)
      throws IOException, InterruptedException {
    return ok(
        "get",
        kind,
        name,
        "-o",
        "jsonpath={.status.conditions[?(@.type==\"%s\")].%s}".formatted(type, field));
  }

  private Process start(java.util.Map<String, String> env, String... args) throws IOException {
    List<String> cmd = new ArrayList<>(List.of("kubectl", "--kubeconfig", kubeconfig.toString()));
    cmd.addAll(List.of(args));
    ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true);
    pb.environment().putAll(env);
    return pb.start();
  }
}

package io.ocelot.cli.packaged;

import static org.assertj.core.api.Assertions.fail;

import io.ocelot.sim.DeployedJvm;
import io.ocelot.sim.PodCredentials;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * podman as the image tests run it: with runc where installed (crun fails on hosts with cgroups in
 * hybrid mode) and limits this machine allows (podman's defaults ask for more open files and
 * processes than some machines' hard limits; the container then does not start).
 */
final class Podman {
  private final List<String> runOptions;

  private Podman(List<String> runOptions) {
    this.runOptions = runOptions;
  }

  /** podman on this machine, or a failed test that says how to get it (never a skip). */
  static Podman here() throws IOException, InterruptedException {
    if (shell("command -v podman").code() != 0) {
      fail("the image tests need podman and runc: apt-get install podman runc (.ci/run does)");
    }
    String nofile = shell("ulimit -Hn").out().strip();
    List<String> options = new ArrayList<>(List.of("--ulimit", "nofile=" + nofile + ":" + nofile));
    options.addAll(List.of("--ulimit", "nproc=4096:4096"));
    if (shell("command -v runc").code() == 0) {
      options.addAll(List.of("--runtime", "runc"));
    }
    return new Podman(List.copyOf(options));
  }

  /**
   * The options every pod the tests run shares: detached, named, on the host's network, its
   * ServiceAccount where the kubelet projects it, the in-cluster API variables, and the manifest's
   * JAVA_TOOL_OPTIONS and plain environment.
   */
  static List<String> pod(String name, PodCredentials pod, Path secrets, DeployedJvm deployed) {
    List<String> options =
        new ArrayList<>(
            List.of(
                "--detach",
                "--name=" + name,
                "--network=host",
                "--volume=" + secrets + ":/var/run/secrets/kubernetes.io/serviceaccount:ro",
                "--env=JAVA_TOOL_OPTIONS=" + String.join(" ", deployed.javaOptions())));
    pod.service().forEach((k, v) -> options.add("--env=" + k + "=" + v));
    deployed.environment().forEach((k, v) -> options.add("--env=" + k + "=" + v));
    return options;
  }

  /** {@code podman run} with this machine's options, then {@code options}. */
  Programs.Result run(List<String> options) throws IOException, InterruptedException {
    List<String> argv = new ArrayList<>(List.of("run"));
    argv.addAll(runOptions);
    argv.addAll(options);
    return podman(argv);
  }

  Programs.Result podman(List<String> args) throws IOException, InterruptedException {
    List<String> argv = new ArrayList<>(List.of("podman"));
    argv.addAll(args);
    return exec(argv);
  }

  /** What {@code argv} printed in a running container (stripped); it must succeed. */
  String exec(String container, String... argv) throws IOException, InterruptedException {
    List<String> args = new ArrayList<>(List.of("exec", container));
    args.addAll(List.of(argv));
    return podman(args).ok("podman exec " + String.join(" ", args)).out().strip();
  }

  /** podman's log of a container, written to {@code file}. */
  void saveLog(String container, Path file) throws IOException, InterruptedException {
    Files.writeString(file, podman(List.of("logs", container)).out(), StandardCharsets.UTF_8);
  }

  static Programs.Result shell(String script) throws IOException, InterruptedException {
    return exec(List.of("sh", "-c", script));
  }

  static Programs.Result exec(List<String> argv) throws IOException, InterruptedException {
    return Programs.run(argv, Path.of("."), Map.of(), Duration.ofMinutes(5));
  }
}

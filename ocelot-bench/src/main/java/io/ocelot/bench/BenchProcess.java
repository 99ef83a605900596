package io.ocelot.bench;

import java.io.File;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * A process a benchmark starts as its pod would be started — its command line, its environment, its
 * Java options in {@code JAVA_TOOL_OPTIONS} — with its output in a log. Closing it stops it with
 * SIGTERM, as the kubelet stops a pod, and waits for it.
 */
final class BenchProcess implements AutoCloseable {
  private final Process process;
  private final Path log;

  private BenchProcess(Process process, Path log) {
    this.process = process;
    this.log = log;
  }

  static BenchProcess start(
      List<String> argv, Map<String, String> env, List<String> javaOptions, Path log)
      throws IOException {
    ProcessBuilder start =
        new ProcessBuilder(argv).redirectErrorStream(true).redirectOutput(log.toFile());
    Map<String, String> environment = start.environment();
    environment.putAll(env);
    if (!javaOptions.isEmpty()) {
      environment.put("JAVA_TOOL_OPTIONS", String.join(" ", javaOptions));
    }
    // This JVM's java first: the image's launcher runs `java` from PATH.
    environment.put(
        "PATH",
        Path.of(System.getProperty("java.home"), "bin")
            + File.pathSeparator
            + environment.getOrDefault("PATH", "/usr/bin:/bin"));
    return new BenchProcess(start.start(), log);
  }

  long pid() {
    return process.pid();
  }

  boolean alive() {
    return process.isAlive();
  }

  Path log() {
    return log;
  }

  @Override
  public void close() throws InterruptedException {
    process.destroy();
    process.waitFor();
  }
}

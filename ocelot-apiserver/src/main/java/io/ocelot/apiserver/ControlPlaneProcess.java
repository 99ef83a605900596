package io.ocelot.apiserver;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One run of the control-plane program: started with a state dir and a port, ready when it prints
 * its ready line, its log (stderr) appended to {@code <state>/control-plane.log}. Stopped with
 * SIGTERM (a clean stop) or SIGKILL (a crash, for tests).
 */
final class ControlPlaneProcess {
  static final Duration READY_TIMEOUT = Duration.ofSeconds(120);
  private static final Duration STOP_TIMEOUT = Duration.ofSeconds(25);
  private static final Pattern READY =
      Pattern.compile(
          "^control plane ready: (https://127\\.0\\.0\\.1:(\\d+)) kubeconfig=(\\S+) .*");

  private final Process process;
  private final String url;
  private final int port;
  private final Path kubeconfig;

  private ControlPlaneProcess(Process process, String url, int port, Path kubeconfig) {
    this.process = process;
    this.url = url;
    this.port = port;
    this.kubeconfig = kubeconfig;
  }

  /** Starts the program and waits for its ready line; a failed start names what the log says. */
  static ControlPlaneProcess start(Path binary, Path stateDir, int port)
      throws ControlPlaneException {
    Path log = log(stateDir);
    Process p;
    try {
      Files.createDirectories(stateDir);
      p =
          new ProcessBuilder(
                  binary.toString(),
                  "--state-dir",
                  stateDir.toString(),
                  "--port",
                  Integer.toString(port),
                  // Our end of its stdin stays open while this JVM lives: it stops when we go.
                  "--stop-on-stdin-eof")
              .redirectError(ProcessBuilder.Redirect.appendTo(log.toFile()))
              .start();
    } catch (IOException e) {
      throw new ControlPlaneException("cannot start " + binary + ": " + e.getMessage(), e);
    }
    CompletableFuture<Matcher> ready = new CompletableFuture<>();
    Thread reader = new Thread(() -> readStdout(p, ready), "ocelot-control-plane-stdout");
    reader.setDaemon(true);
    reader.start();
    try {
      Matcher m = ready.get(READY_TIMEOUT.toSeconds(), TimeUnit.SECONDS);
      return new ControlPlaneProcess(
          p, m.group(1), Integer.parseInt(m.group(2)), Path.of(m.group(3)));
    } catch (ExecutionException e) {
      int code = waitExit(p);
      throw new ControlPlaneException(
          "the control plane exited with code " + code + " before it was ready: " + tail(log));
    } catch (TimeoutException e) {
      p.destroyForcibly();
      throw new ControlPlaneException(
          "the control plane was not ready within "
              + READY_TIMEOUT.toSeconds()
              + " s; its log: "
              + log
              + ": "
              + tail(log));
    } catch (InterruptedException e) {
      p.destroyForcibly();
      Thread.currentThread().interrupt();
      throw new ControlPlaneException("interrupted while the control plane started", e);
    }
  }

  private static void readStdout(Process p, CompletableFuture<Matcher> ready) {
    try (BufferedReader out = p.inputReader(StandardCharsets.UTF_8)) {
      for (String line; (line = out.readLine()) != null; ) {
        Matcher m = READY.matcher(line);
        if (m.matches()) {
          ready.complete(m);
        }
      }
    } catch (IOException e) {
      // The pipe closes when the process goes; the future below reports that.
    }
    ready.completeExceptionally(new IOException("the control plane's output ended"));
  }

  String url() {
    return url;
  }

  int port() {
    return port;
  }

  Path kubeconfig() {
    return kubeconfig;
  }

  long pid() {
    return process.pid();
  }

  /** SIGTERM and wait (the program stops in about a second); SIGKILL if it does not. */
  void stop() {
    process.destroy();
    if (waitExit(process) == Integer.MIN_VALUE) {
      process.destroyForcibly();
      waitExit(process);
    }
  }

  /** SIGKILL, as a crash: no clean shutdown of etcd or the API server. */
  void kill() {
    process.destroyForcibly();
    waitExit(process);
  }

  private static int waitExit(Process p) {
    try {
      return p.waitFor(STOP_TIMEOUT.toSeconds(), TimeUnit.SECONDS)
          ? p.exitValue()
          : Integer.MIN_VALUE;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return Integer.MIN_VALUE;
    }
  }

  static Path log(Path stateDir) {
    return stateDir.resolve("control-plane.log");
  }

  /** The last few lines of the log: where the program says why it stopped. */
  static String tail(Path log) {
    try {
      List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
      return String.join(" | ", lines.subList(Math.max(0, lines.size() - 3), lines.size()));
    } catch (IOException e) {
      return "(no log at " + log + ")";
    }
  }
}

package io.ocelot.daemon.host;

import io.ocelot.runtime.BackgroundThreads;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * Runs host tools as processes, in one of two ways: inside the host root with {@code chroot}
 * (production: the host is mounted at {@code /rootfs}), or straight from a simulated root's {@code
 * usr/bin} (the simulator and tests). A process's output is read by two threads of the runner's own
 * pool, kept 10 s after a command: an update runs a dozen commands in a row (with the JDK's
 * default, a JVM that sees one or two cores started two threads per command).
 */
public final class ProcessCommandRunner implements CommandRunner {
  private static final List<String> SEARCH_PATH = List.of("usr/bin", "usr/sbin", "bin", "sbin");
  private static final int MAX_STDOUT = 4 * 1024 * 1024;

  /**
   * A simulated root's tools run in the C locale whatever the user's shell says: the fake tools'
   * output then never depends on it, and bash skips loading the locale's files at every start.
   */
  private static final Map<String, String> SIMULATED_ENVIRONMENT = Map.of("LC_ALL", "C");

  private final Launcher launcher;
  private final Map<String, String> environment;
  private final ExecutorService pipes =
      new ThreadPoolExecutor(
          0,
          Integer.MAX_VALUE,
          10,
          TimeUnit.SECONDS,
          new SynchronousQueue<>(),
          BackgroundThreads.named("ocelot-command-output"));

  private ProcessCommandRunner(Launcher launcher, Map<String, String> environment) {
    this.launcher = launcher;
    this.environment = environment;
  }

  /** Production: {@code chroot <root> <program> ...}; a root of {@code /} runs directly. */
  public static ProcessCommandRunner chroot(Path root) {
    return chroot(root, Map.of());
  }

  /**
   * A real root that is not running: an image being laid out, as Ignition does before the first
   * boot. {@code chroot} with systemd's tools acting on files only ({@code SYSTEMD_OFFLINE=1}:
   * enable and disable write links, daemon-reload is skipped), as they would without a /proc.
   */
  public static ProcessCommandRunner offline(Path root) {
    return chroot(root, Map.of("SYSTEMD_OFFLINE", "1"));
  }

  private static ProcessCommandRunner chroot(Path root, Map<String, String> environment) {
    return new ProcessCommandRunner(
        c -> {
          List<String> argv = new ArrayList<>();
          if (!root.toAbsolutePath().normalize().toString().equals("/")) {
            argv.add("chroot");
            argv.add(root.toString());
          }
          argv.addAll(c.argv());
          return Optional.of(argv);
        },
        environment);
  }

  /** Programs of the machine this JVM runs on, found on its PATH. */
  public static ProcessCommandRunner local() {
    return chroot(Path.of("/"));
  }

  /**
   * Simulated root: the program is found under the root's {@code usr/bin} (or sbin, bin); an
   * absolute path (a health check) names a file inside the root.
   */
  public static ProcessCommandRunner simulatedRoot(Path root) {
    return new ProcessCommandRunner(
        c -> {
          if (c.program().startsWith("/")) {
            Path inRoot = root.resolve(c.program().substring(1)).normalize();
            if (!inRoot.startsWith(root.normalize()) || !Files.isExecutable(inRoot)) {
              return Optional.empty();
            }
            List<String> argv = new ArrayList<>();
            argv.add(inRoot.toString());
            argv.addAll(c.args());
            return Optional.of(argv);
          }
          for (String dir : SEARCH_PATH) {
            Path candidate = root.resolve(dir).resolve(c.program());
            if (!c.program().contains("/") && Files.isExecutable(candidate)) {
              List<String> argv = new ArrayList<>();
              argv.add(candidate.toString());
              argv.addAll(c.args());
              return Optional.of(argv);
            }
          }
          return Optional.empty();
        },
        SIMULATED_ENVIRONMENT);
  }

  /** Turns a command into the argv to execute, or empty when the program does not exist. */
  private interface Launcher {
    Optional<List<String>> argv(Command command);
  }

  @Override
  public CommandResult run(Command command) {
    Optional<List<String>> argv = launcher.argv(command);
    if (argv.isEmpty()) {
      return notFound(command);
    }
    Process process;
    try {
      ProcessBuilder builder =
          new ProcessBuilder(argv.get())
              .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
      builder.environment().putAll(environment);
      process = builder.start();
    } catch (IOException e) {
      return notFound(command);
    }
    CompletableFuture<String> stderr =
        CompletableFuture.supplyAsync(
            () -> drain(process.getErrorStream(), Integer.MAX_VALUE), pipes);
    CompletableFuture<String> stdout =
        CompletableFuture.supplyAsync(() -> drain(process.getInputStream(), MAX_STDOUT), pipes);
    try {
      if (!process.waitFor(command.timeout().toMillis(), TimeUnit.MILLISECONDS)) {
        process.descendants().forEach(ProcessHandle::destroyForcibly);
        process.destroyForcibly();
        process.waitFor();
        return new CommandResult(
            command, CommandResult.TIMED_OUT, stdout.join(), CommandResult.tail(stderr.join()));
      }
      return new CommandResult(
          command, process.exitValue(), stdout.join(), CommandResult.tail(stderr.join()));
    } catch (InterruptedException e) {
      process.destroyForcibly();
      Thread.currentThread().interrupt();
      return new CommandResult(command, CommandResult.TIMED_OUT, "", "interrupted");
    }
  }

  private static CommandResult notFound(Command command) {
    return new CommandResult(
        command, CommandResult.NOT_FOUND, "", command.program() + ": command not found");
  }

  private static String drain(InputStream in, int max) {
    try (in) {
      byte[] all = in.readAllBytes();
      int n = Math.min(all.length, max);
      return new String(all, 0, n, StandardCharsets.UTF_8);
    } catch (IOException e) {
      return "";
    }
  }
}

package io.ocelot.sim.machine;

import io.ocelot.daemon.host.CommandRunner;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.function.Consumer;

/**
 * The programs the machines need on this computer: short ones ({@link CommandRunner}), long ones
 * whose output is progress (debootstrap), and the machines themselves (systemd-nspawn).
 */
public interface Programs extends CommandRunner {
  /**
   * Runs {@code argv} to its end, handing each line it prints (stdout and stderr) to {@code line};
   * its exit code, or 124 when it outlived {@code timeout} and was killed.
   */
  int stream(List<String> argv, Duration timeout, Consumer<String> line)
      throws IOException, InterruptedException;

  /**
   * Starts {@code argv} with no input and its output appended to {@code log}. The process gets
   * SIGTERM should this JVM die first (its parent thread: the caller's).
   */
  Process start(List<String> argv, Path log) throws IOException;
}

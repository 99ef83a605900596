package io.ocelot.sim.machine;

import io.ocelot.daemon.host.Command;
import io.ocelot.daemon.host.CommandResult;
import io.ocelot.daemon.host.CommandRunner;
import io.ocelot.daemon.host.ProcessCommandRunner;
import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/** {@link Programs} of this computer, found on its PATH. */
public final class LocalPrograms implements Programs {
  private final CommandRunner commands = ProcessCommandRunner.local();

  @Override
  public CommandResult run(Command command) {
    return commands.run(command);
  }

  @Override
  public int stream(List<String> argv, Duration timeout, Consumer<String> line)
      throws IOException, InterruptedException {
    Process p =
        new ProcessBuilder(argv)
            .redirectErrorStream(true)
            .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
            .start();
    Thread reader =
        new Thread(
            () -> {
              try (BufferedReader in =
                  new BufferedReader(
                      new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
                for (String l = in.readLine(); l != null; l = in.readLine()) {
                  line.accept(l);
                }
              } catch (IOException e) {
                line.accept("(output lost: " + e.getMessage() + ")");
              }
            },
            "ocelot-program-output");
    reader.setDaemon(true);
    reader.start();
    if (!p.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
      p.descendants().forEach(ProcessHandle::destroyForcibly);
      p.destroyForcibly();
      p.waitFor();
      reader.join(1000);
      return CommandResult.TIMED_OUT;
    }
    reader.join(5000);
    return p.exitValue();
  }

  @Override
  public Process start(List<String> argv, Path log) throws IOException {
    // setpriv's parent-death signal: machines never outlive a killed simulator.
    List<String> guarded = new ArrayList<>(List.of("setpriv", "--pdeathsig", "TERM", "--"));
    guarded.addAll(argv);
    return new ProcessBuilder(guarded)
        .redirectErrorStream(true)
        .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()))
        .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
        .start();
  }
}

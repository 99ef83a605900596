package io.ocelot.cli;

import io.ocelot.sim.SimSettings;
import io.ocelot.sim.demo.Demo;
import io.ocelot.sim.demo.Scenario;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code ocelot demo}: a scripted story on a fresh simulated cluster. */
@Command(
    name = "demo",
    mixinStandardHelpOptions = true,
    description = {
      "Run a scenario on a fresh simulated cluster (temporary state dir, free ports) and print"
          + " its timeline with a PASS or FAIL line per step. Exit 0 only when every step passed.",
      "Scenarios: reboot-failure (default), rollout, revert, bad-image."
    })
final class DemoCommand implements Callable<Integer> {
  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Parameters(
      index = "0",
      defaultValue = "reboot-failure",
      description = "The scenario (default: ${DEFAULT-VALUE}).")
  String scenario;

  @Option(names = "--workers", defaultValue = "3", description = "Worker nodes (default: 3).")
  int workers;

  @Option(
      names = "--machines",
      arity = "0..1",
      fallbackValue = "1",
      defaultValue = "0",
      description =
          "The first N workers (1 without a number) are real machines: booted systemd containers"
              + " with the daemon on them as deployed; reboot-failure then breaks the first of them"
              + " (needs root, systemd-container, debootstrap and ostree; see ocelot sim --help).")
  int machines;

  @Option(names = "--ostree", negatable = true, description = SimCommand.OSTREE_HELP)
  Boolean ostree;

  @CommandLine.Mixin SimTimings timings;

  @Override
  public Integer call() throws Exception {
    if (!timings.valid(spec.commandLine().getErr())) {
      return ExitCodes.UNREADABLE;
    }
    Optional<Scenario> s = Demo.scenario(scenario);
    if (s.isEmpty()) {
      spec.commandLine()
          .getErr()
          .println(
              "error: no scenario "
                  + scenario
                  + "; scenarios: "
                  + Demo.SCENARIOS.stream().map(Scenario::name).collect(Collectors.joining(", ")));
      return ExitCodes.UNREADABLE;
    }
    try {
      timings.controlPlane();
    } catch (IllegalArgumentException e) {
      spec.commandLine().getErr().println("error: --control-plane: " + e.getMessage());
      return ExitCodes.UNREADABLE;
    }
    if (workers < 2) {
      spec.commandLine().getErr().println("error: the demos need at least 2 workers");
      return ExitCodes.UNREADABLE;
    }
    // The components' warnings (a rollback the demo provokes logs one) go to a file, so that the
    // timeline stays readable; --verbose keeps everything on stderr. One file per scenario,
    // replaced
    // by its next run, under .ocelot/ beside the sim's state: runs used to pile up in /tmp.
    Path log = demoLog(scenario);
    timings.applyLogging(timings.verbose ? Optional.empty() : Optional.of(log));
    SimSettings settings =
        SimSettings.defaults(Path.of("unused"))
            .onFreePorts()
            .withWorkers(workers)
            .withTimes(timings.rebootTime(), timings.buildTime())
            .withPulls(timings.pulls())
            .withControlPlane(timings.controlPlane());
    try {
      settings = settings.withMachines(SimCommand.machines(machines, ostree));
    } catch (IllegalArgumentException e) {
      spec.commandLine().getErr().println("error: " + e.getMessage());
      return ExitCodes.UNREADABLE;
    }
    boolean passed = Demo.run(s.get(), settings, spec.commandLine().getOut());
    long lines;
    try (var l = Files.lines(log)) {
      lines = l.count();
    }
    if (lines > 0) {
      spec.commandLine()
          .getOut()
          .println("the components logged " + lines + " warning line(s): " + log);
    } else {
      Files.deleteIfExists(log);
    }
    return passed ? ExitCodes.OK : ExitCodes.INVALID;
  }

  /** .ocelot/demo-SCENARIO.log, emptied; a temporary file where the working dir is read-only. */
  private static Path demoLog(String scenario) throws java.io.IOException {
    try {
      Path dir = Files.createDirectories(Path.of(".ocelot"));
      return Files.write(dir.resolve("demo-" + scenario + ".log"), new byte[0]);
    } catch (java.io.IOException e) {
      return Files.createTempFile("ocelot-demo-", ".log");
    }
  }
}

package io.ocelot.cli;

import io.ocelot.api.text.Printable;
import io.ocelot.daemon.host.HostException;
import io.ocelot.runtime.ProcessDefaults;
import io.ocelot.runtime.logging.LogFormat;
import io.ocelot.runtime.logging.LogSettings;
import io.ocelot.runtime.logging.LogSetup;
import java.io.PrintWriter;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ScopeType;

/** The {@code ocelot} command: one entry point for every job. */
@Command(
    name = "ocelot",
    mixinStandardHelpOptions = true,
    versionProvider = VersionProvider.class,
    description = "Machine-config daemon and controller for image-based Kubernetes nodes.",
    subcommands = {
      ValidateCommand.class,
      RenderCommand.class,
      PlanCommand.class,
      HostCommand.class,
      DaemonCommand.class,
      ControllerCommand.class,
      SimCommand.class,
      DemoCommand.class,
      FaultCommand.class,
      DescribeCommand.class,
      RolloutCommand.class,
      StatusCommand.class,
      PruneCommand.class,
      BenchCommand.class,
      ConsoleCommand.class,
      CommandLine.HelpCommand.class
    })
public final class Main implements Runnable {
  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  private LogSettings logging = LogSettings.defaults();

  /**
   * Every command takes it, before or after its name; picocli sets it (or its default) while it
   * reads the command line, so logging is configured before any command runs.
   */
  @Option(
      names = "--log-format",
      scope = ScopeType.INHERIT,
      paramLabel = "text|json",
      defaultValue = "${env:" + LogFormat.ENV + ":-text}",
      description =
          "How the components log (stderr): text, lines for a terminal (default), or json, one"
              + " object per line for a log collector. "
              + LogFormat.ENV
              + " sets the default.")
  void logFormat(String value) {
    try {
      logging = logging.withFormat(LogFormat.parse(value));
    } catch (IllegalArgumentException e) {
      throw new ParameterException(spec.commandLine(), "--log-format: " + e.getMessage());
    }
    LogSetup.apply(logging);
  }

  /** How this run logs, as its command line said; a command may send it elsewhere or quieten it. */
  LogSettings logging() {
    return logging;
  }

  @Override
  public void run() {
    spec.commandLine().usage(spec.commandLine().getOut());
  }

  public static void main(String[] args) {
    ProcessDefaults.apply();
    System.exit(run(args, new PrintWriter(System.out, true), new PrintWriter(System.err, true)));
  }

  /** Runs the command line with the given streams and returns the exit code. */
  public static int run(String[] args, PrintWriter out, PrintWriter err) {
    CommandLine cli = new CommandLine(new Main());
    cli.setOut(out);
    cli.setErr(err);
    cli.setExecutionExceptionHandler(
        (ex, commandLine, parseResult) -> {
          if (ex instanceof HostException) {
            commandLine.getErr().println("error: " + Printable.escape(ex.getMessage()));
            return ExitCodes.HOST_UNUSABLE;
          }
          commandLine.getErr().println("ocelot: unexpected error (a bug, please report it):");
          ex.printStackTrace(commandLine.getErr());
          return ExitCodes.INTERNAL;
        });
    int code = cli.execute(args);
    out.flush();
    err.flush();
    return code;
  }
}

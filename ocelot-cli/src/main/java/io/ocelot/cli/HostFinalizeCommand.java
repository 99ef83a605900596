package io.ocelot.cli;

import io.ocelot.daemon.txn.Attempt;
import io.ocelot.daemon.txn.EngineOutcome;
import io.ocelot.daemon.txn.HostContext;
import io.ocelot.daemon.txn.Recovery;
import java.nio.file.Path;
import java.time.Clock;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code ocelot host finalize}: what the daemon does on start (finalize a boot, or recover). */
@Command(
    name = "finalize",
    mixinStandardHelpOptions = true,
    description = {
      "Do what the daemon does on start: finalize a committed update after the boot (validate"
          + " the booted image and the files and units), or roll back an interrupted one.",
      "Exit 0 when the host is in a stable state, 1 when the update failed, 3 when a rollback"
          + " did not complete."
    })
final class HostFinalizeCommand implements Callable<Integer> {
  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Option(names = "--root", required = true)
  Path root;

  @Override
  public Integer call() throws Exception {
    HostContext host = HostCommand.wire(root);
    EngineOutcome outcome =
        new Recovery(host, HostCommand.store(host), HostCommand.metrics(), Clock.systemUTC())
            .start(Attempt.FIRST);
    spec.commandLine().getOut().println(HostOutcomes.describe(outcome));
    if (outcome instanceof EngineOutcome.Failed f) {
      HostApplyCommand.printRecord(spec.commandLine().getOut(), f.failure());
      return f.failure().rolledBackCompletely() ? ExitCodes.INVALID : ExitCodes.ROLLBACK_FAILED;
    }
    return ExitCodes.OK;
  }
}

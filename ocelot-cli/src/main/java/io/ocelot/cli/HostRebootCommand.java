package io.ocelot.cli;

import io.ocelot.daemon.HostWiring;
import io.ocelot.fakehost.FakeHost;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code ocelot host reboot}: reboots a simulated root. */
@Command(
    name = "reboot",
    mixinStandardHelpOptions = true,
    description = "Reboot a simulated root: the staged deployment becomes the booted one.")
final class HostRebootCommand implements Callable<Integer> {
  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Option(names = "--root", required = true)
  Path root;

  @Override
  public Integer call() {
    if (!HostWiring.isSimulated(root)) {
      spec.commandLine()
          .getErr()
          .println("error: " + root + " is not a simulated root; reboot real hosts yourself");
      return ExitCodes.INVALID;
    }
    FakeHost host = FakeHost.open(root);
    host.reboot();
    spec.commandLine()
        .getOut()
        .println("rebooted; booted " + host.image(FakeHost.Slot.BOOTED).orElse("nothing"));
    return ExitCodes.OK;
  }
}

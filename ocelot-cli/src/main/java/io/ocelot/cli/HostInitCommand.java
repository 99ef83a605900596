package io.ocelot.cli;

import io.ocelot.api.ignition.IgnitionParser;
import io.ocelot.api.ignition.IgnitionResult;
import io.ocelot.api.model.MachineConfig;
import io.ocelot.api.model.MachineConfigRules;
import io.ocelot.api.render.RenderDefaults;
import io.ocelot.daemon.txn.FirstBoot;
import io.ocelot.fakehost.HostRootBuilder;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code ocelot host init}: lays out a simulated host root. */
@Command(
    name = "init",
    mixinStandardHelpOptions = true,
    description = "Lay out a simulated host root booted into an image, with stand-in tools.")
final class HostInitCommand implements Callable<Integer> {
  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Option(names = "--root", required = true, description = "Directory to create (must be empty).")
  Path root;

  @Option(names = "--image", required = true, description = "Image of the booted deployment.")
  String image;

  @Option(
      names = "--kargs",
      defaultValue = "rw console=tty0",
      description = "Kernel arguments of the booted deployment (default: ${DEFAULT-VALUE}).")
  String kargs;

  @Option(
      names = "--config",
      arity = "1..*",
      paramLabel = "FILE",
      description =
          "Provision the root with this config (several are rendered for --pool), as Ignition does"
              + " at first boot: its files and units are written and its kernel arguments added,"
              + " so that 'host apply --current FILE' starts from a host that is on it.")
  List<Path> config;

  @Option(
      names = "--pool",
      defaultValue = "worker",
      description = "Pool for rendering several files.")
  String pool;

  @Override
  public Integer call() throws Exception {
    if (Files.exists(root)) {
      try (var entries = Files.list(root)) {
        if (entries.findAny().isPresent()) {
          spec.commandLine().getErr().println("error: " + root + " is not empty");
          return ExitCodes.INVALID;
        }
      }
    }
    PrintWriter out = spec.commandLine().getOut();
    Optional<MachineConfig> provisioned = Optional.empty();
    if (config != null) {
      ConfigInputs.Resolved r =
          ConfigInputs.resolve(
              "--config", config, pool, RenderDefaults.NONE, out, spec.commandLine().getErr());
      if (r.config().isEmpty()) {
        return r.exitCode();
      }
      provisioned = r.config();
      IgnitionResult parsed = IgnitionParser.parse(provisioned.get().getSpec().getConfig());
      List<String> skipped = FirstBoot.notLaidDown(((IgnitionResult.Valid) parsed).config());
      if (!skipped.isEmpty()) {
        spec.commandLine()
            .getErr()
            .println(
                "error: --config holds what host init does not lay down (only files and units):"
                    + " "
                    + String.join(", ", skipped));
        return ExitCodes.INVALID;
      }
    }
    List<String> configArgs =
        provisioned
            .map(c -> MachineConfigRules.splitKernelArguments(c.getSpec().getKernelArguments()))
            .orElse(List.of());
    String allArgs = (kargs + " " + String.join(" ", configArgs)).strip();
    HostRootBuilder.at(root).bootedImage(image).kernelArguments(allArgs).build();
    if (provisioned.isPresent()) {
      IgnitionResult ignition = IgnitionParser.parse(provisioned.get().getSpec().getConfig());
      FirstBoot.reapply(HostCommand.wire(root), ((IgnitionResult.Valid) ignition).config());
      out.println(
          "simulated host root at "
              + root
              + ", booted "
              + image
              + ", provisioned with MachineConfig "
              + provisioned.get().getMetadata().getName());
    } else {
      out.println("simulated host root at " + root + ", booted " + image);
    }
    return ExitCodes.OK;
  }
}

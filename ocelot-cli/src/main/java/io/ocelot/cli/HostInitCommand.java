package io.ocelot.cli;

import io.ocelot.fakehost.HostRootBuilder;
import java.nio.file.Files;
import java.nio.file.Path;
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
    HostRootBuilder.at(root).bootedImage(image).kernelArguments(kargs).build();
    spec.commandLine().getOut().println("simulated host root at " + root + ", booted " + image);
    return ExitCodes.OK;
  }
}

package io.ocelot.cli;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code ocelot validate FILE...}: every problem of every object, with its field path. */
@Command(
    name = "validate",
    mixinStandardHelpOptions = true,
    description = {
      "Validate MachineConfigs (and MachineOSConfigs) in YAML or JSON: a single object, several"
          + " documents or a List. A directory stands for its .yaml, .yml and .json files.",
      "Exit 0 when valid (warnings allowed), 1 when invalid, 2 when an input cannot be read."
    })
final class ValidateCommand implements Callable<Integer> {
  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Parameters(arity = "1..*", paramLabel = "FILE", description = "Files or directories to check.")
  List<Path> files;

  @Option(
      names = "--strict-mco",
      description =
          "Answer as MCO would: Ocelot's stricter rules are shown as warnings, and what MCO refuses"
              + " though Ocelot accepts it (config: {}) is an error. For configs bound for an MCO"
              + " cluster.")
  boolean strictMco;

  @Override
  public Integer call() {
    ObjectLoader.Loaded loaded = ObjectLoader.load(files, strictMco);
    var out = spec.commandLine().getOut();
    ObjectLoader.report(loaded, out, spec.commandLine().getErr());
    long invalid = loaded.objects().stream().filter(o -> !o.result().isValid()).count();
    out.printf(
        "%d object%s checked%s: %d valid, %d invalid%s%n",
        loaded.objects().size(),
        loaded.objects().size() == 1 ? "" : "s",
        strictMco ? " as MCO would" : "",
        loaded.objects().size() - invalid,
        invalid,
        loaded.unreadable().isEmpty() ? "" : "; " + loaded.unreadable().size() + " unreadable");
    return loaded.exitCode();
  }
}

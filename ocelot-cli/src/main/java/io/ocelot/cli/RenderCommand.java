package io.ocelot.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import io.ocelot.api.json.Json;
import io.ocelot.api.model.MachineConfig;
import io.ocelot.api.render.RenderDefaults;
import io.ocelot.api.render.RenderResult;
import io.ocelot.api.render.Renderer;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code ocelot render --pool NAME FILE...}: the rendered MachineConfig of a pool. */
@Command(
    name = "render",
    mixinStandardHelpOptions = true,
    description = {
      "Render MachineConfigs into one rendered-<pool>-<hash> config, with the controller's order"
          + " and merge rules. Prints the rendered MachineConfig.",
      "Exit 0 when rendered, 1 when an input is invalid, 2 when an input cannot be read."
    })
final class RenderCommand implements Callable<Integer> {
  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Option(names = "--pool", required = true, description = "Pool name, e.g. worker.")
  String pool;

  @Option(
      names = "--base-image",
      defaultValue = "",
      description = "OS image used when no MachineConfig sets osImageURL.")
  String baseImage;

  @Option(
      names = {"-o", "--output"},
      defaultValue = "yaml",
      description = "yaml or json (default: ${DEFAULT-VALUE}).")
  OutputFormat output;

  @Parameters(arity = "1..*", paramLabel = "FILE", description = "MachineConfig files.")
  List<Path> files;

  @Override
  public Integer call() throws JsonProcessingException {
    var out = spec.commandLine().getOut();
    var err = spec.commandLine().getErr();
    ObjectLoader.Loaded loaded = ObjectLoader.load(files);
    if (loaded.exitCode() != ExitCodes.OK) {
      ObjectLoader.report(loaded, out, err);
      return loaded.exitCode();
    }
    List<MachineConfig> configs = loaded.machineConfigs();
    RenderResult r = Renderer.render(pool, configs, new RenderDefaults(baseImage, "", ""));
    if (r instanceof RenderResult.Failed f) {
      err.println("error: Failed to render configuration for pool " + pool + ": " + f.message());
      return ExitCodes.INVALID;
    }
    RenderResult.Rendered rendered = (RenderResult.Rendered) r;
    rendered.warnings().forEach(w -> err.println("warning: " + w));
    err.println(
        "rendered "
            + rendered.config().getMetadata().getName()
            + " from "
            + String.join(", ", rendered.sources().stream().map(s -> s.getName()).toList()));
    out.print(
        output == OutputFormat.json
            ? Json.MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(rendered.config())
                + "\n"
            : Json.YAML.writeValueAsString(rendered.config()));
    return ExitCodes.OK;
  }
}

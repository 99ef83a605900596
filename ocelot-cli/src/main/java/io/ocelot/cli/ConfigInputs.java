package io.ocelot.cli;

import io.ocelot.api.model.MachineConfig;
import io.ocelot.api.render.RenderDefaults;
import io.ocelot.api.render.RenderResult;
import io.ocelot.api.render.Renderer;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * Turns the files given for one side of a command into one MachineConfig: a single config is used
 * as it is, several are rendered together (as the controller would for a pool).
 */
final class ConfigInputs {
  private ConfigInputs() {}

  /** The config, or the exit code to stop with after the problems were printed. */
  record Resolved(Optional<MachineConfig> config, int exitCode) {}

  static Resolved resolve(
      String option,
      List<Path> files,
      String pool,
      RenderDefaults defaults,
      PrintWriter out,
      PrintWriter err) {
    ObjectLoader.Loaded loaded = ObjectLoader.load(files);
    if (loaded.exitCode() != ExitCodes.OK) {
      ObjectLoader.report(loaded, out, err);
      return new Resolved(Optional.empty(), loaded.exitCode());
    }
    List<MachineConfig> configs = loaded.machineConfigs();
    if (configs.isEmpty()) {
      err.println("error: " + option + ": no MachineConfig in " + files);
      return new Resolved(Optional.empty(), ExitCodes.INVALID);
    }
    if (configs.size() == 1) {
      return new Resolved(Optional.of(configs.get(0)), ExitCodes.OK);
    }
    RenderResult r = Renderer.render(pool, configs, defaults);
    if (r instanceof RenderResult.Failed f) {
      err.println("error: " + option + ": cannot render the configs: " + f.message());
      return new Resolved(Optional.empty(), ExitCodes.INVALID);
    }
    return new Resolved(Optional.of(((RenderResult.Rendered) r).config()), ExitCodes.OK);
  }
}

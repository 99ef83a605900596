package io.ocelot.cli;

import com.fasterxml.jackson.databind.JsonNode;
import io.ocelot.api.ignition.IgnitionParser;
import io.ocelot.api.ignition.IgnitionResult;
import io.ocelot.api.json.Json;
import io.ocelot.daemon.txn.FirstBoot;
import io.ocelot.daemon.txn.HostContext;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code ocelot host firstboot}: what the revert unit runs on the first boot into the base image.
 */
@Command(
    name = "firstboot",
    mixinStandardHelpOptions = true,
    description =
        "Re-apply a saved MachineConfig's files and units and remove the revert artifacts (the"
            + " revert-from-layering unit runs this on the first boot into the base image).")
final class HostFirstbootCommand implements Callable<Integer> {
  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Option(names = "--root", required = true)
  Path root;

  @Option(names = "--config", required = true, description = "The saved MachineConfig (JSON).")
  Path config;

  @Override
  public Integer call() throws Exception {
    if (!Files.isRegularFile(config)) {
      spec.commandLine().getErr().println("error: " + config + ": no such file");
      return ExitCodes.UNREADABLE;
    }
    JsonNode mc = Json.MAPPER.readTree(Files.readString(config));
    IgnitionResult parsed = IgnitionParser.parse(mc.path("spec").get("config"));
    if (!(parsed instanceof IgnitionResult.Valid valid)) {
      spec.commandLine().getErr().println("error: " + config + ": " + parsed.problems());
      return ExitCodes.INVALID;
    }
    List<String> skipped = FirstBoot.notLaidDown(valid.config());
    if (!skipped.isEmpty()) {
      spec.commandLine()
          .getErr()
          .println(
              "error: "
                  + config
                  + " holds what the first boot does not lay down (only files and units): "
                  + String.join(", ", skipped));
      return ExitCodes.INVALID;
    }
    HostContext host = HostCommand.wire(root);
    FirstBoot.complete(host, valid.config());
    spec.commandLine()
        .getOut()
        .println("re-applied " + mc.path("metadata").path("name").asText() + "; revert complete");
    return ExitCodes.OK;
  }
}

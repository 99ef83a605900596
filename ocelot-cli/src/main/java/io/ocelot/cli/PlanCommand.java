package io.ocelot.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import io.ocelot.api.disruption.ConfigTarget;
import io.ocelot.api.json.Json;
import io.ocelot.api.model.MachineConfig;
import io.ocelot.api.operator.MachineConfiguration;
import io.ocelot.api.operator.MachineConfigurationSpec;
import io.ocelot.api.operator.NodeDisruptionPolicies;
import io.ocelot.api.operator.NodeDisruptionPolicy;
import io.ocelot.api.render.RenderDefaults;
import io.ocelot.daemon.plan.Observed;
import io.ocelot.daemon.plan.PlanResult;
import io.ocelot.daemon.plan.Planner;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code ocelot plan --from A --to B}: what the daemon would do for a change, without a host. */
@Command(
    name = "plan",
    mixinStandardHelpOptions = true,
    description = {
      "Show what the daemon would do to move a node from one config (and layered image) to"
          + " another: whether the change is reconcilable (every reason if not), how disruptive"
          + " it is and why, and the steps with file and unit diffs.",
      "Each side is one MachineConfig, or several that are rendered together.",
      "With --node, against the cluster: the current side is the rendered config (and image) the"
          + " node runs; the desired side its desired config, or with --desired FILE... what its"
          + " pool would render with those MachineConfigs added (or replacing, by name), under"
          + " the cluster's node disruption policy.",
      "  ocelot plan --node worker-1 --desired 50-chrony.yaml",
      "Exit 0 when reconcilable, 1 when not (or an input is invalid), 2 when an input cannot be"
          + " read."
    })
final class PlanCommand implements Callable<Integer> {
  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  // The same words as `ocelot host apply` and the node's annotations (currentConfig,
  // desiredConfig). --from/--to and their -image forms were this command's first names: hidden
  // aliases for a release.
  @Option(
      names = "--current",
      arity = "1..*",
      paramLabel = "FILE",
      description = "The node's current config (required).")
  List<Path> current;

  @Option(names = "--from", arity = "1..*", hidden = true)
  List<Path> from;

  @Option(
      names = "--desired",
      arity = "1..*",
      paramLabel = "FILE",
      description = "The desired config (required).")
  List<Path> desired;

  @Option(names = "--to", arity = "1..*", hidden = true)
  List<Path> to;

  @Option(
      names = "--current-image",
      paramLabel = "IMAGE",
      description = "The node's current layered (OCL) image.")
  String currentImage;

  @Option(names = "--from-image", hidden = true)
  String fromImage;

  @Option(
      names = "--desired-image",
      paramLabel = "IMAGE",
      description = "The desired layered (OCL) image.")
  String desiredImage;

  @Option(names = "--to-image", hidden = true)
  String toImage;

  @Option(
      names = "--booted",
      paramLabel = "IMAGE",
      description = "The image the node booted (default: the current side's image).")
  String booted;

  @Option(
      names = "--pool",
      defaultValue = "worker",
      description = "Pool name for rendering several files (default: ${DEFAULT-VALUE}).")
  String pool;

  @Option(
      names = "--policy",
      paramLabel = "FILE",
      description =
          "A MachineConfiguration (operator.openshift.io/v1, named cluster) whose"
              + " spec.nodeDisruptionPolicy decides how disruptive the change is, merged over the"
              + " cluster defaults as the controller does (default: MCO's legacy rules, as on a"
              + " cluster without that object).")
  Path policyFile;

  @Option(
      names = "--node",
      paramLabel = "NAME",
      description = "Plan for this node of the cluster (its current config as the current side).")
  String node;

  @CommandLine.Mixin KubeconfigOption cluster;

  @Option(
      names = {"-o", "--output"},
      defaultValue = "text",
      description = "text or json (default: ${DEFAULT-VALUE}).")
  OutputFormat output;

  @Override
  public Integer call() throws JsonProcessingException {
    var out = spec.commandLine().getOut();
    var err = spec.commandLine().getErr();
    Optional<List<Path>> currentFiles = either(current, from);
    Optional<List<Path>> desiredFiles = either(desired, to);
    if (node != null) {
      if (currentFiles.isPresent() || policyFile != null) {
        err.println(
            "error: --node takes the current side and the policy from the cluster: drop --current"
                + " and --policy");
        return ExitCodes.UNREADABLE;
      }
      if (!cluster.valid(err)) {
        return ExitCodes.UNREADABLE;
      }
      NodePlanInputs.Sides sides =
          NodePlanInputs.resolve(
              cluster, node, desiredFiles, either(desiredImage, toImage), out, err);
      if (sides.exitCode() != ExitCodes.OK) {
        return sides.exitCode();
      }
      return print(sides.from().get(), sides.to().get(), sides.policy(), sides.overridden(), out);
    }
    if (currentFiles.isEmpty() || desiredFiles.isEmpty()) {
      err.println(
          "error: missing "
              + (currentFiles.isEmpty() ? "--current FILE..." : "")
              + (currentFiles.isEmpty() && desiredFiles.isEmpty() ? " and " : "")
              + (desiredFiles.isEmpty() ? "--desired FILE..." : ""));
      err.println("usage: ocelot plan --current FILE... --desired FILE... (see --help)");
      return ExitCodes.UNREADABLE;
    }
    ConfigInputs.Resolved a =
        ConfigInputs.resolve("--current", currentFiles.get(), pool, RenderDefaults.NONE, out, err);
    ConfigInputs.Resolved b =
        ConfigInputs.resolve("--desired", desiredFiles.get(), pool, RenderDefaults.NONE, out, err);
    if (a.config().isEmpty() || b.config().isEmpty()) {
      return Math.max(a.exitCode(), b.exitCode());
    }
    Optional<NodeDisruptionPolicy> policy = Optional.empty();
    if (policyFile != null) {
      ObjectLoader.Loaded loaded = ObjectLoader.load(List.of(policyFile));
      List<MachineConfiguration> found = loaded.machineConfigurations();
      if (loaded.exitCode() != ExitCodes.OK || found.size() != 1) {
        ObjectLoader.report(loaded, out, err);
        if (loaded.exitCode() == ExitCodes.OK) {
          err.println(
              "error: --policy "
                  + policyFile
                  + ": expected one MachineConfiguration, found "
                  + found.size());
        }
        return Math.max(loaded.exitCode(), ExitCodes.INVALID);
      }
      policy =
          Optional.of(
              NodeDisruptionPolicies.merge(
                  Optional.ofNullable(found.get(0).getSpec())
                      .map(MachineConfigurationSpec::nodeDisruptionPolicy)));
    }
    ConfigTarget from = target(a.config().get(), either(currentImage, fromImage));
    ConfigTarget to = target(b.config().get(), either(desiredImage, toImage));
    return print(from, to, policy, java.util.Set.of(), out);
  }

  private int print(
      ConfigTarget from,
      ConfigTarget to,
      Optional<NodeDisruptionPolicy> policy,
      java.util.Set<String> overridden,
      java.io.PrintWriter out)
      throws JsonProcessingException {
    Observed observed =
        new Observed(
            Optional.of(booted != null ? booted : from.effectiveImage()), false, Optional.empty());
    PlanResult result =
        Planner.plan(
            io.ocelot.daemon.plan.UpdateConfigs.of(from, to), observed, policy, overridden);
    if (output == OutputFormat.json) {
      out.println(
          Json.MAPPER
              .writerWithDefaultPrettyPrinter()
              .writeValueAsString(PlanJson.of(result, from, to)));
    } else {
      new PlanPrinter(out).print(result, from.describe(), to.describe());
    }
    return result instanceof PlanResult.Ready ? ExitCodes.OK : ExitCodes.INVALID;
  }

  private static ConfigTarget target(MachineConfig config, Optional<String> image) {
    return new ConfigTarget(config, image);
  }

  /** The option's value, else its hidden alias's. */
  private static <T> Optional<T> either(T name, T alias) {
    return Optional.ofNullable(name).or(() -> Optional.ofNullable(alias));
  }
}

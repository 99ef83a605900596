package io.ocelot.cli;

import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.ocelot.api.model.MachineConfig;
import io.ocelot.api.model.MachineConfigPool;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code ocelot prune renderedmachineconfigs}: removes rendered configs nothing names any more. */
@Command(
    name = "prune",
    mixinStandardHelpOptions = true,
    description = {
      "Delete rendered MachineConfigs that no pool and no node names any more (a pool's spec or"
          + " status configuration, a node's current or desired config, a target a node holds)."
          + " A dry run unless --confirm, as oc adm prune renderedmachineconfigs.",
      "  ocelot prune renderedmachineconfigs --pool-name worker",
      "  ocelot prune renderedmachineconfigs --confirm"
    })
final class PruneCommand implements Callable<Integer> {
  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @CommandLine.Mixin KubeconfigOption cluster;

  @Parameters(index = "0", description = "What to prune: renderedmachineconfigs.")
  String kind;

  @Option(names = "--pool-name", description = "Only the rendered configs of this pool.")
  String poolName;

  @Option(names = "--confirm", description = "Delete; without it, only say what would go.")
  boolean confirm;

  @Override
  public Integer call() throws Exception {
    var out = spec.commandLine().getOut();
    var err = spec.commandLine().getErr();
    if (!kind.equals("renderedmachineconfigs")) {
      err.println("error: ocelot prune knows 'renderedmachineconfigs', not " + kind);
      return ExitCodes.UNREADABLE;
    }
    if (!cluster.valid(err)) {
      return ExitCodes.UNREADABLE;
    }
    try (KubernetesClient client = cluster.connect()) {
      Optional<String> pool = Optional.ofNullable(poolName);
      if (pool.isPresent()
          && client.resources(MachineConfigPool.class).withName(pool.get()).get() == null) {
        err.println("error: pool " + pool.get() + " not found");
        return ExitCodes.UNREADABLE;
      }
      RenderedPrune.Plan plan =
          RenderedPrune.plan(
              client.resources(MachineConfig.class).list().getItems(),
              client.resources(MachineConfigPool.class).list().getItems(),
              client.nodes().list().getItems(),
              pool);
      plan.kept().forEach((name, why) -> out.println("kept " + name + ": " + why));
      for (String name : plan.delete()) {
        if (confirm) {
          client.resources(MachineConfig.class).withName(name).delete();
          out.println("deleted " + name);
        } else {
          out.println("would delete " + name);
        }
      }
      out.println(
          plan.delete().size()
              + " rendered config"
              + (plan.delete().size() == 1 ? "" : "s")
              + (confirm ? " deleted" : " to delete (a dry run: --confirm deletes)")
              + ", "
              + plan.kept().size()
              + " in use");
      out.flush();
      return ExitCodes.OK;
    } catch (KubernetesClientException e) {
      err.println("error: " + e.getMessage());
      return ExitCodes.UNREADABLE;
    }
  }
}

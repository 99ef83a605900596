package io.ocelot.cli;

import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.ocelot.api.model.MachineConfig;
import io.ocelot.api.model.MachineConfigPool;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * {@code ocelot rollout undo POOL}: reads what {@link RolloutUndo} plans from, says it, and with
 * {@code --confirm} deletes the MachineConfigs the rollout carries.
 */
final class PoolUndo {
  private PoolUndo() {}

  static int run(
      KubeconfigOption cluster, String name, boolean confirm, PrintWriter out, PrintWriter err) {
    try (KubernetesClient client = cluster.connect()) {
      MachineConfigPool pool = client.resources(MachineConfigPool.class).withName(name).get();
      if (pool == null) {
        err.println("error: pool " + name + " not found");
        return ExitCodes.UNREADABLE;
      }
      RolloutUndo.Result plan =
          RolloutUndo.plan(
              pool,
              members(client, pool),
              rendered(client, pool),
              selected(client, pool),
              ClusterPolicy.of(client));
      if (plan instanceof RolloutUndo.Nothing n) {
        out.println(n.why() + ": nothing to undo");
        return ExitCodes.OK;
      }
      if (plan instanceof RolloutUndo.Refused r) {
        err.println("error: cannot undo pool " + name + "'s rollout: " + r.why());
        return ExitCodes.INVALID;
      }
      RolloutUndo.Undo undo = (RolloutUndo.Undo) plan;
      out.println(
          "pool "
              + name
              + ": undo the rollout to "
              + undo.target()
              + ", back to "
              + undo.previous());
      for (String mc : undo.delete()) {
        if (confirm) {
          client.resources(MachineConfig.class).withName(mc).delete();
          out.println("deleted machineconfig " + mc);
        } else {
          out.println("would delete machineconfig " + mc);
        }
      }
      undo.nodes().forEach(out::println);
      out.println(
          confirm
              ? "the controller renders "
                  + undo.previous()
                  + " again and sends the nodes back within maxUnavailable ('ocelot status')"
              : "a dry run: --confirm deletes them; the controller then renders "
                  + undo.previous()
                  + " again and sends the nodes back within maxUnavailable");
      out.flush();
      return ExitCodes.OK;
    } catch (KubernetesClientException | IOException e) {
      err.println("error: cannot undo pool " + name + "'s rollout: " + e.getMessage());
      return ExitCodes.UNREADABLE;
    }
  }

  private static List<Node> members(KubernetesClient client, MachineConfigPool pool) {
    return pool.getSpec().getNodeSelector() == null
        ? List.of()
        : client.nodes().withLabelSelector(pool.getSpec().getNodeSelector()).list().getItems();
  }

  /** The pool's target and the config all its nodes reached, where they exist. */
  private static Map<String, MachineConfig> rendered(
      KubernetesClient client, MachineConfigPool pool) {
    Map<String, MachineConfig> found = new HashMap<>();
    Optional.ofNullable(pool.getSpec().getConfiguration())
        .map(c -> c.getName())
        .ifPresent(n -> put(client, n, found));
    Optional.ofNullable(pool.getStatus())
        .map(s -> s.getConfiguration())
        .map(c -> c.getName())
        .ifPresent(n -> put(client, n, found));
    return found;
  }

  private static void put(KubernetesClient client, String name, Map<String, MachineConfig> into) {
    if (name != null && !name.isEmpty()) {
      Optional.ofNullable(client.resources(MachineConfig.class).withName(name).get())
          .ifPresent(mc -> into.put(name, mc));
    }
  }

  /** The MachineConfigs the pool selects now (its rendered ones aside). */
  private static Set<String> selected(KubernetesClient client, MachineConfigPool pool) {
    if (pool.getSpec().getMachineConfigSelector() == null) {
      return Set.of();
    }
    return client
        .resources(MachineConfig.class)
        .withLabelSelector(pool.getSpec().getMachineConfigSelector())
        .list()
        .getItems()
        .stream()
        .map(mc -> mc.getMetadata().getName())
        .filter(n -> !n.startsWith(RenderedPrune.PREFIX))
        .collect(Collectors.toSet());
  }
}

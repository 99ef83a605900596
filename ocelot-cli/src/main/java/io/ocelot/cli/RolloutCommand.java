package io.ocelot.cli;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.dsl.base.PatchContext;
import io.fabric8.kubernetes.client.dsl.base.PatchType;
import io.ocelot.api.model.MachineConfigPool;
import io.ocelot.api.model.MachineConfigPoolCondition;
import io.ocelot.api.model.MachineConfigPoolStatus;
import io.ocelot.api.model.PoolConditionType;
import io.ocelot.api.node.NodeAnnotations;
import io.ocelot.controller.policy.StopTheLine;
import io.ocelot.controller.rollout.MaxUnavailable;
import java.time.Clock;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code ocelot rollout resume POOL}: lets a halted rollout go on past the nodes that failed;
 * {@code ocelot rollout retry NODE}: sends a node's desired target again, one that it holds
 * included.
 */
@Command(
    name = "rollout",
    mixinStandardHelpOptions = true,
    description = {
      "Resume a pool's rollout that stop-the-line halted (its RolloutHalted condition): the nodes"
          + " that failed the target are acknowledged and the next nodes get it. A node failing"
          + " after that halts it again; a new target starts afresh.",
      "Retry a node's desired target: a target whose boot failed on the node is held (never"
          + " applied again by the node itself); a retry sends it once more, and cuts short the"
          + " wait of a failure that is backing off. Sets the node annotation "
          + NodeAnnotations.RETRY_REQUESTED
          + ", which the node's daemon removes.",
      "Undo a pool's rollout: delete the MachineConfigs its target added to the config every node"
          + " had reached, so that the controller renders that config again and sends every node"
          + " back, those done and those on their way (a failing update stops). A dry run that"
          + " says what each node would do, unless --confirm.",
      "  ocelot rollout resume worker",
      "  ocelot rollout retry worker-0",
      "  ocelot rollout undo worker [--confirm]"
    })
final class RolloutCommand implements Callable<Integer> {
  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @CommandLine.Mixin KubeconfigOption cluster;

  @Parameters(
      index = "0",
      description = "What to do: resume or undo (a pool's rollout), retry (a node's target).")
  String action;

  @Parameters(index = "1", description = "The pool's name (resume, undo) or the node's (retry).")
  String pool;

  @Option(
      names = "--confirm",
      description = "undo: delete; without it, only say what would happen.")
  boolean confirm;

  @Override
  public Integer call() throws Exception {
    var out = spec.commandLine().getOut();
    var err = spec.commandLine().getErr();
    if (!List.of("resume", "retry", "undo").contains(action)) {
      err.println("error: ocelot rollout knows 'resume', 'retry' and 'undo', not " + action);
      return ExitCodes.UNREADABLE;
    }
    if (!cluster.valid(err)) {
      return ExitCodes.UNREADABLE;
    }
    if (action.equals("retry")) {
      return NodeRetry.request(cluster, pool, Clock.systemUTC(), out, err);
    }
    if (action.equals("undo")) {
      return PoolUndo.run(cluster, pool, confirm, out, err);
    }
    try (KubernetesClient client = cluster.connect()) {
      MachineConfigPool p = client.resources(MachineConfigPool.class).withName(pool).get();
      if (p == null) {
        err.println("error: pool " + pool + " not found");
        return ExitCodes.UNREADABLE;
      }
      Optional<String> value = halted(p).flatMap(c -> StopTheLine.resumeValueIn(c.getMessage()));
      if (value.isEmpty()) {
        out.println("pool " + pool + ": its rollout is not halted; nothing to resume");
        out.flush();
        return 0;
      }
      // A merge patch: no conflict with the controller's status writes (an edit could 409).
      ObjectNode patch = JsonNodeFactory.instance.objectNode();
      patch.putObject("metadata").putObject("annotations").put(StopTheLine.RESUMED, value.get());
      client
          .resources(MachineConfigPool.class)
          .withName(pool)
          .patch(PatchContext.of(PatchType.JSON_MERGE), patch.toString());
      out.println(
          "pool "
              + pool
              + ": rollout resumed past "
              + value.get().substring(value.get().lastIndexOf(':') + 1)
              + " ("
              + StopTheLine.RESUMED
              + "="
              + value.get()
              + ")");
      stuck(p, value.get().substring(value.get().lastIndexOf(':') + 1)).ifPresent(out::println);
      out.flush();
      return 0;
    } catch (KubernetesClientException e) {
      err.println("error: cannot resume pool " + pool + ": " + e.getMessage());
      return ExitCodes.UNREADABLE;
    }
  }

  /**
   * Why nothing can move even so, if nothing can: the failed nodes are unavailable and still take
   * the pool's {@code maxUnavailable} slots (an admin read "resumed" and waited for nothing).
   */
  static Optional<String> stuck(MachineConfigPool p, String failedNodes) {
    MachineConfigPoolStatus s = p.getStatus();
    int unavailable = s == null ? 0 : count(s.getUnavailableMachineCount());
    if (unavailable == 0) {
      return Optional.empty();
    }
    MaxUnavailable.Result max =
        MaxUnavailable.of(
            p.getSpec() == null ? null : p.getSpec().getMaxUnavailable(),
            count(s.getMachineCount()));
    if (!(max instanceof MaxUnavailable.Count limit) || unavailable < limit.value()) {
      return Optional.empty();
    }
    return Optional.of(
        "but nothing can move yet: "
            + unavailable
            + " node"
            + (unavailable == 1 ? " is" : "s are")
            + " unavailable and maxUnavailable is "
            + limit.value()
            + ", so no further node may start; the failed nodes ("
            + failedNodes
            + ") count while they are unavailable: fix them or 'ocelot rollout retry <node>', or"
            + " raise the pool's maxUnavailable");
  }

  private static int count(Integer n) {
    return n == null ? 0 : n;
  }

  private static Optional<MachineConfigPoolCondition> halted(MachineConfigPool p) {
    return Optional.ofNullable(p.getStatus()).stream()
        .flatMap(s -> s.getConditions().stream())
        .filter(c -> PoolConditionType.ROLLOUT_HALTED.equals(c.getType()))
        .filter(c -> "True".equals(c.getStatus()))
        .findFirst();
  }
}

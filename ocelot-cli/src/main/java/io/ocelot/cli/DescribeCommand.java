package io.ocelot.cli;

import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.ocelot.api.json.Json;
import io.ocelot.api.kube.ObjectMaps;
import io.ocelot.api.model.MachineConfigNode;
import io.ocelot.api.node.NodeAnnotations;
import io.ocelot.daemon.txn.FailureJson;
import io.ocelot.daemon.txn.FailureRecord;
import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/** {@code ocelot describe node NAME}: a node's update as the cluster knows it. */
@Command(
    name = "describe",
    mixinStandardHelpOptions = true,
    description = {
      "Describe a node's update: its state and configs, its MachineConfigNode's conditions as a"
          + " timeline, and the last failure record (each step, its rollback outcome, the command,"
          + " exit code and stderr tail) - without shell access to the node.",
      "  ocelot describe node worker-1"
    })
final class DescribeCommand implements Callable<Integer> {
  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @CommandLine.Mixin KubeconfigOption cluster;

  @Parameters(index = "0", description = "What to describe: node.")
  String kind;

  @Parameters(index = "1", description = "The node's name.")
  String name;

  @Override
  public Integer call() throws Exception {
    var out = spec.commandLine().getOut();
    var err = spec.commandLine().getErr();
    if (!kind.equals("node") && !kind.equals("nodes") && !kind.equals("no")) {
      err.println("error: ocelot describe knows only 'node', not " + kind);
      return ExitCodes.UNREADABLE;
    }
    if (!cluster.valid(err)) {
      return ExitCodes.UNREADABLE;
    }
    try (KubernetesClient client = cluster.connect()) {
      Node node = client.nodes().withName(name).get();
      if (node == null) {
        err.println("error: node " + name + " not found");
        return ExitCodes.UNREADABLE;
      }
      Optional<MachineConfigNode> mcn = machineConfigNode(client);
      Optional<FailureRecord> failure =
          mcn.flatMap(
                  m ->
                      lastFailure(
                          ObjectMaps.present(m.getMetadata().getAnnotations())
                              .get(NodeAnnotations.LAST_FAILURE)))
              .or(
                  () ->
                      lastFailure(
                          ObjectMaps.present(node.getMetadata().getAnnotations())
                              .get(NodeAnnotations.LAST_FAILURE)));
      out.print(NodeDescription.render(node, mcn, failure, Instant.now()));
      out.flush();
      return 0;
    } catch (KubernetesClientException e) {
      err.println("error: cannot read node " + name + ": " + e.getMessage());
      return ExitCodes.UNREADABLE;
    }
  }

  /** The node's MachineConfigNode; none on a cluster without the CRD. */
  private Optional<MachineConfigNode> machineConfigNode(KubernetesClient client) {
    try {
      return Optional.ofNullable(client.resources(MachineConfigNode.class).withName(name).get());
    } catch (KubernetesClientException e) {
      return Optional.empty();
    }
  }

  private static Optional<FailureRecord> lastFailure(String json) {
    if (json == null || json.isEmpty()) {
      return Optional.empty();
    }
    try {
      return Optional.of(FailureJson.read(Json.MAPPER.readTree(json)));
    } catch (Exception e) {
      return Optional.empty();
    }
  }
}

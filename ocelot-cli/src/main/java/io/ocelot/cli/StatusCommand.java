package io.ocelot.cli;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.ocelot.api.json.Json;
import io.ocelot.console.ClusterObjects;
import io.ocelot.console.PoolStatusReport;
import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code ocelot status}: every pool's update at a glance, as {@code oc adm upgrade status}. */
@Command(
    name = "status",
    mixinStandardHelpOptions = true,
    description = {
      "Show each pool's update: an assessment (Halted, Degraded, Progressing, Paused, Completed),"
          + " its completion, counts of updated, in-flight, draining, unavailable and degraded"
          + " nodes, each node's phase, and insights: what holds a node or the pool and why (a"
          + " drain refused by a pod and its PodDisruptionBudget, a failed update's reason, a held"
          + " target, a halted rollout).",
      "  ocelot status",
      "  ocelot status --pool worker -o json"
    })
final class StatusCommand implements Callable<Integer> {
  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @CommandLine.Mixin KubeconfigOption cluster;

  @Option(names = "--pool", description = "Only this pool.")
  String pool;

  @Option(
      names = {"-o", "--output"},
      defaultValue = "text",
      description = "text or json (default: ${DEFAULT-VALUE}).")
  OutputFormat output;

  @Override
  public Integer call() throws Exception {
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    if (output == OutputFormat.yaml) {
      err.println("error: ocelot status prints text or json");
      return ExitCodes.UNREADABLE;
    }
    if (!cluster.valid(err)) {
      return ExitCodes.UNREADABLE;
    }
    List<PoolStatusReport> reports;
    try (KubernetesClient client = cluster.connect()) {
      reports = PoolStatusReport.of(ClusterObjects.read(client, false));
    } catch (KubernetesClientException e) {
      err.println("error: " + e.getMessage());
      return ExitCodes.UNREADABLE;
    }
    if (pool != null) {
      reports = reports.stream().filter(r -> r.pool().equals(pool)).toList();
      if (reports.isEmpty()) {
        err.println("error: pool " + pool + " not found");
        return ExitCodes.UNREADABLE;
      }
    }
    if (output == OutputFormat.json) {
      ObjectNode doc = Json.MAPPER.createObjectNode();
      doc.set("pools", Json.MAPPER.valueToTree(reports.stream().map(StatusText::json).toList()));
      out.println(Json.MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(doc));
    } else {
      for (int i = 0; i < reports.size(); i++) {
        if (i > 0) {
          out.println();
        }
        StatusText.print(reports.get(i), out);
      }
    }
    out.flush();
    return ExitCodes.OK;
  }
}

package io.ocelot.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.ocelot.api.json.Json;
import io.ocelot.console.PoolStatusReport;
import java.io.PrintWriter;
import java.util.List;

/** A pool's status report as {@code ocelot status} prints it: a screen, or JSON. */
final class StatusText {
  private StatusText() {}

  static void print(PoolStatusReport r, PrintWriter out) {
    out.println("= Pool " + r.pool() + " =");
    out.println("Assessment:  " + r.assessment().word());
    out.println(
        "Completion:  "
            + r.completion()
            + "% ("
            + r.updated()
            + " of "
            + r.members()
            + " nodes on "
            + r.target().orElse("no target yet")
            + ")");
    out.println(
        "Nodes:       "
            + r.updated()
            + " updated, "
            + (r.members() - r.updated())
            + " outdated ("
            + r.inFlight()
            + " in flight), "
            + r.draining()
            + " draining, "
            + r.unavailable()
            + " unavailable, "
            + r.degraded()
            + " degraded");
    if (!r.nodes().isEmpty()) {
      out.println();
      table(r.nodes(), out);
    }
    if (!r.insights().isEmpty()) {
      out.println();
      out.println("Insights:");
      for (PoolStatusReport.Insight i : r.insights()) {
        out.println(
            "  " + i.node().map(n -> n + ": ").orElse("pool: ") + i.kind() + ": " + i.message());
      }
    }
  }

  private static void table(List<PoolStatusReport.NodeLine> nodes, PrintWriter out) {
    int name = Math.max(4, nodes.stream().mapToInt(n -> n.name().length()).max().orElse(0));
    int phase = Math.max(5, nodes.stream().mapToInt(n -> n.phase().length()).max().orElse(0));
    String row = "%-" + name + "s  %-" + phase + "s  %s%n";
    out.printf(row, "NODE", "PHASE", "CONFIG");
    for (PoolStatusReport.NodeLine n : nodes) {
      String config =
          n.config().equals(n.desired()) || n.desired().isEmpty()
              ? n.config()
              : n.config() + " -> " + n.desired();
      out.printf(row, n.name(), n.phase(), config);
    }
  }

  static ObjectNode json(PoolStatusReport r) {
    ObjectNode o = Json.MAPPER.createObjectNode();
    o.put("pool", r.pool())
        .put("assessment", r.assessment().word())
        .put("completion", r.completion())
        .put("target", r.target().orElse(""))
        .put("paused", r.paused());
    o.putObject("nodeCounts")
        .put("total", r.members())
        .put("updated", r.updated())
        .put("outdated", r.members() - r.updated())
        .put("inFlight", r.inFlight())
        .put("draining", r.draining())
        .put("unavailable", r.unavailable())
        .put("degraded", r.degraded());
    ArrayNode nodes = o.putArray("nodes");
    r.nodes()
        .forEach(
            n ->
                nodes
                    .addObject()
                    .put("name", n.name())
                    .put("phase", n.phase())
                    .put("config", n.config())
                    .put("desired", n.desired()));
    ArrayNode insights = o.putArray("insights");
    r.insights()
        .forEach(
            i -> {
              ObjectNode x = insights.addObject();
              i.node().ifPresent(n -> x.put("node", n));
              x.put("kind", i.kind()).put("message", i.message());
            });
    return o;
  }
}

package io.ocelot.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import io.fabric8.kubernetes.api.model.Condition;
import io.fabric8.kubernetes.api.model.Node;
import io.ocelot.api.json.Json;
import io.ocelot.api.kube.ObjectMaps;
import io.ocelot.api.model.MachineConfigNode;
import io.ocelot.api.model.McnPinnedImageSet;
import io.ocelot.api.node.NodeAnnotations;
import io.ocelot.api.text.Printable;
import io.ocelot.daemon.txn.FailureRecord;
import java.time.Duration;
import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What {@code ocelot describe node} prints (pure): the node's state and configs, its
 * MachineConfigNode's conditions as a timeline, and the last failure record step by step. Every
 * value from the cluster is escaped: a crafted reason cannot fake a line.
 */
final class NodeDescription {
  private NodeDescription() {}

  static String render(
      Node node, Optional<MachineConfigNode> mcn, Optional<FailureRecord> failure, Instant now) {
    Map<String, String> a = ObjectMaps.present(node.getMetadata().getAnnotations());
    StringBuilder b = new StringBuilder();
    line(b, "Node", node.getMetadata().getName());
    mcn.map(m -> m.getSpec().getPool().getName()).ifPresent(p -> line(b, "Pool", p));
    line(b, "State", a.getOrDefault(NodeAnnotations.STATE, "(none)"));
    line(
        b,
        "Current config",
        configOf(a, NodeAnnotations.CURRENT_CONFIG, NodeAnnotations.CURRENT_IMAGE));
    line(
        b,
        "Desired config",
        configOf(a, NodeAnnotations.DESIRED_CONFIG, NodeAnnotations.DESIRED_IMAGE));
    boolean cordoned =
        node.getSpec() != null && Boolean.TRUE.equals(node.getSpec().getUnschedulable());
    line(b, "Schedulable", cordoned ? "no (cordoned)" : "yes");
    Optional.ofNullable(a.get(NodeAnnotations.REASON))
        .filter(r -> !r.isEmpty())
        .ifPresent(r -> line(b, "Reason", r));
    Optional.ofNullable(a.get(NodeAnnotations.FAILED_TARGET))
        .ifPresent(h -> line(b, "Held", held(h, node.getMetadata().getName())));
    b.append('\n');
    if (mcn.isEmpty()) {
      b.append("Update: no MachineConfigNode for this node (is it in a pool?)\n");
    } else {
      timeline(b, mcn.get(), failure.map(FailureRecord::failedAt), now);
      pins(b, mcn.get());
    }
    failure.ifPresent(f -> failure(b, f));
    return b.toString();
  }

  private static String configOf(Map<String, String> a, String config, String image) {
    return a.getOrDefault(config, "(none)")
        + Optional.ofNullable(a.get(image)).map(i -> " / image " + i).orElse("");
  }

  /** The conditions that happened, oldest first: the update as it went. */
  private static void timeline(
      StringBuilder b, MachineConfigNode mcn, Optional<Instant> lastFailure, Instant now) {
    List<Condition> happened =
        Optional.ofNullable(mcn.getStatus()).map(s -> s.getConditions()).orElse(List.of()).stream()
            .filter(c -> !"NotYetOccurred".equals(c.getReason()))
            .sorted(
                Comparator.comparing(
                    c -> said(c, lastFailure).orElse(Instant.MIN), Comparator.naturalOrder()))
            .toList();
    b.append("Update (MachineConfigNode ").append(Printable.escape(mcn.getMetadata().getName()));
    b.append(", desired ").append(Printable.escape(mcn.getSpec().getConfigVersion().getDesired()));
    b.append("):\n");
    if (happened.isEmpty()) {
      b.append("  (no condition reported yet)\n");
    }
    for (Condition c : happened) {
      b.append(
          String.format(
              "  %-9s %-26s %-8s %s%n",
              ago(said(c, lastFailure), now),
              c.getType(),
              c.getStatus(),
              Printable.escape(c.getMessage())));
    }
  }

  /** The node's pinned image sets, one line each, when its pool has any. */
  private static void pins(StringBuilder b, MachineConfigNode mcn) {
    List<McnPinnedImageSet> sets =
        Optional.ofNullable(mcn.getStatus()).map(s -> s.getPinnedImageSets()).orElse(List.of());
    if (sets.isEmpty()) {
      return;
    }
    b.append("\nPinned image sets:\n");
    for (McnPinnedImageSet s : sets) {
      String state =
          s.done()
              ? "pinned at generation " + s.getDesiredGeneration()
              : "generation "
                  + s.getDesiredGeneration()
                  + " not pinned yet"
                  + Optional.ofNullable(s.getCurrentGeneration())
                      .map(c -> " (" + c + " is)")
                      .orElse("");
      String failed =
          Optional.ofNullable(s.getLastFailedGeneration())
              .filter(g -> !s.done())
              .map(
                  g ->
                      "; generation "
                          + g
                          + " failed: "
                          + Optional.ofNullable(s.getLastFailedGenerationError()).orElse(""))
              .orElse("");
      b.append(
          String.format(
              "  %-24s %s%n", Printable.escape(s.getName()), Printable.escape(state + failed)));
    }
  }

  private static void failure(StringBuilder b, FailureRecord f) {
    b.append('\n');
    b.append("Last failure (attempt ").append(f.attempt()).append(", ").append(f.phase().word());
    b.append(" phase, at ").append(f.failedAt()).append("):\n");
    line(b, "  Step", f.step());
    line(b, "  Cause", f.cause());
    f.command()
        .ifPresent(
            c -> line(b, "  Command", c + f.exitCode().map(e -> " (exit " + e + ")").orElse("")));
    if (!f.stderrTail().isBlank()) {
      line(b, "  Stderr", f.stderrTail().strip());
    }
    b.append("  Rollback:\n");
    if (f.rollback().isEmpty()) {
      b.append("    (nothing to undo)\n");
    }
    for (FailureRecord.RollbackStep s : f.rollback()) {
      b.append(String.format("    %-10s %s", s.outcome().word(), Printable.escape(s.step())));
      s.error().ifPresent(e -> b.append(": ").append(Printable.escape(e)));
      b.append('\n');
    }
    line(b, "  Remains on", f.remainsOn().describe());
    line(b, "  Boots spent", f.boots() + " (a retry costs: " + f.retryCost().word() + ")");
    f.notes().forEach(n -> line(b, "  Note", n));
  }

  /** The held target and why, from {@code ocelot.io/failed-target}, and the way out. */
  private static String held(String annotation, String node) {
    String retry = "; 'ocelot rollout retry " + node + "' sends it again";
    try {
      JsonNode h = Json.MAPPER.readTree(annotation);
      return h.path("config").asText()
          + (h.hasNonNull("image") ? " / image " + h.path("image").asText() : "")
          + ", because "
          + h.path("why").asText()
          + retry;
    } catch (JsonProcessingException e) {
      return annotation + retry;
    }
  }

  private static void line(StringBuilder b, String label, String value) {
    b.append(String.format("%-16s %s%n", label + ":", Printable.escape(value)));
  }

  /**
   * When a condition last said what it says: its transition, or — for a NodeDegraded still True,
   * whose transition stays at the first failure while each retry's failure replaces its message —
   * the last failure's time. Sorting by the transition alone listed the newest failure first.
   */
  private static Optional<Instant> said(Condition c, Optional<Instant> lastFailure) {
    Optional<Instant> transition = parse(c.getLastTransitionTime());
    if (!"NodeDegraded".equals(c.getType()) || !"True".equals(c.getStatus())) {
      return transition;
    }
    return lastFailure.filter(f -> transition.map(f::isAfter).orElse(true)).or(() -> transition);
  }

  private static Optional<Instant> parse(String time) {
    try {
      return Optional.ofNullable(time).filter(t -> !t.isEmpty()).map(Instant::parse);
    } catch (java.time.format.DateTimeParseException e) {
      return Optional.empty();
    }
  }

  /** {@code 42s}, {@code 5m}, {@code 3h}, {@code 2d} ago, as kubectl prints ages. */
  static String ago(String time, Instant now) {
    return ago(parse(time), now);
  }

  private static String ago(Optional<Instant> time, Instant now) {
    if (time.isEmpty()) {
      return "-";
    }
    Duration d = Duration.between(time.get(), now);
    long s = Math.max(0, d.getSeconds());
    if (s < 120) {
      return s + "s";
    }
    if (s < 7200) {
      return s / 60 + "m";
    }
    if (s < 172800) {
      return s / 3600 + "h";
    }
    return s / 86400 + "d";
  }
}

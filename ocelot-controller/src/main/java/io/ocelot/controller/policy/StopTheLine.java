package io.ocelot.controller.policy;

import io.ocelot.api.text.GoQuote;
import io.ocelot.controller.members.NodeClassifier;
import io.ocelot.controller.members.PoolNode;
import io.ocelot.controller.members.PoolTarget;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Stop-the-line: once {@code maxFailedNodes} nodes have failed to take the pool's target (rendered
 * config and image), no further node is given it — a bad image stays on the nodes it already broke
 * instead of spreading into every freed slot, as MCO's rollout would. Nodes already on it stay;
 * nodes failing it keep retrying. An admin resumes by acknowledging the failed nodes (the pool
 * annotation {@value #RESUMED}: {@code <target id>:<node>,<node>}); a new target starts afresh.
 */
public final class StopTheLine {
  /** Ocelot's default: the first failed node halts the rollout (0 turns stop-the-line off). */
  public static final int DEFAULT_MAX_FAILED_NODES = 1;

  /** Pool annotation: the target and the failed nodes the admin let the rollout pass. */
  public static final String RESUMED = "ocelot.io/rollout-resumed";

  private static final int MAX_REASON = 300;

  private StopTheLine() {}

  /** One node that failed the target, and the reason it reports. */
  public record Failed(String node, String reason) {}

  /** A halted rollout: the target and the failed nodes that halted it. */
  public record Halt(PoolTarget target, List<Failed> nodes, int maxFailedNodes) {
    public Halt {
      nodes = List.copyOf(nodes);
    }

    /** The annotation value that resumes this rollout past these nodes. */
    public String resumeValue() {
      return id(target) + ":" + String.join(",", nodes.stream().map(Failed::node).toList());
    }

    /** The condition's message: what halted, why, and the commands that resume it. */
    public String message(String pool) {
      StringBuilder b =
          new StringBuilder("Rollout of ")
              .append(target.line())
              .append(" halted: ")
              .append(nodes.size())
              .append(nodes.size() == 1 ? " node" : " nodes")
              .append(" failed to take it (maxFailedNodes ")
              .append(maxFailedNodes)
              .append("): ");
      List<String> parts = new ArrayList<>();
      for (Failed f : nodes) {
        String r =
            f.reason().length() > MAX_REASON
                ? f.reason().substring(0, MAX_REASON - 3) + "..."
                : f.reason();
        parts.add(f.node() + ": " + GoQuote.quote(r));
      }
      b.append(String.join(", ", parts))
          .append(". Nodes not yet started keep their config. Resume with 'ocelot rollout resume ")
          .append(pool)
          .append("' or 'kubectl annotate mcp ")
          .append(pool)
          .append(' ')
          .append(RESUMED)
          .append('=')
          .append(resumeValue())
          .append(" --overwrite', or change the target");
      return b.toString();
    }
  }

  /** The resume value a RolloutHalted condition's message names (see {@link Halt#message}). */
  public static Optional<String> resumeValueIn(String message) {
    String from = RESUMED + "=";
    int start = message.indexOf(from);
    int end = message.indexOf(" --overwrite'", start);
    return start < 0 || end < 0
        ? Optional.empty()
        : Optional.of(message.substring(start + from.length(), end));
  }

  /** How the annotation names a target: {@code <config>} or {@code <config>@<image>}. */
  public static String id(PoolTarget target) {
    return target.config() + target.image().map(i -> "@" + i).orElse("");
  }

  /**
   * Whether the rollout of {@code target} is halted: the nodes targeted at it that fail it, less
   * those the {@code resumed} annotation acknowledged for this same target, reach {@code
   * maxFailedNodes}.
   */
  public static Optional<Halt> evaluate(
      List<PoolNode> nodes, PoolTarget target, int maxFailedNodes, Optional<String> resumed) {
    if (maxFailedNodes <= 0 || target.config().isEmpty()) {
      return Optional.empty();
    }
    Set<String> acknowledged = acknowledged(target, resumed);
    List<Failed> failed = new ArrayList<>();
    for (PoolNode n : nodes) {
      if (NodeClassifier.failingTarget(n, target) && !acknowledged.contains(n.name())) {
        failed.add(new Failed(n.name(), n.reason().orElse("(no reason given)")));
      }
    }
    return failed.size() >= maxFailedNodes
        ? Optional.of(new Halt(target, failed, maxFailedNodes))
        : Optional.empty();
  }

  /** The nodes the annotation acknowledges for this target (none for another target). */
  static Set<String> acknowledged(PoolTarget target, Optional<String> resumed) {
    String prefix = id(target) + ":";
    return resumed
        .filter(v -> v.startsWith(prefix))
        .map(v -> v.substring(prefix.length()))
        .map(
            v ->
                (Set<String>)
                    new LinkedHashSet<>(
                        Arrays.stream(v.split(","))
                            .map(String::strip)
                            .filter(s -> !s.isEmpty())
                            .toList()))
        .orElse(Set.of());
  }
}

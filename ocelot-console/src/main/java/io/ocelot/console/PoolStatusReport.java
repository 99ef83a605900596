package io.ocelot.console;

import com.fasterxml.jackson.databind.JsonNode;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.NodeCondition;
import io.ocelot.api.json.Json;
import io.ocelot.api.kube.ObjectMaps;
import io.ocelot.api.model.MachineConfigPool;
import io.ocelot.api.model.MachineConfigPoolCondition;
import io.ocelot.api.model.PoolConditionType;
import io.ocelot.api.node.AnnotatedNode;
import io.ocelot.api.node.NodeAnnotations;
import io.ocelot.api.node.StageAheadStatus;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * One pool's update at a glance, as {@code oc adm upgrade status} gives it (pure): an assessment,
 * the completion, counts, and insights — what holds a node or the pool and why, in words an admin
 * acts on (a drain refused by a named pod and budget, a failed update's reason, a held target, a
 * halted rollout). {@code ocelot status} prints it; the console shows the same.
 */
public record PoolStatusReport(
    String pool,
    Assessment assessment,
    Optional<String> target,
    int members,
    int updated,
    int inFlight,
    int draining,
    int unavailable,
    int degraded,
    boolean paused,
    List<NodeLine> nodes,
    List<Insight> insights) {

  /** How the pool's update goes, the worst first. */
  public enum Assessment {
    HALTED,
    DEGRADED,
    PROGRESSING,
    PAUSED,
    COMPLETED;

    public String word() {
      return name().charAt(0) + name().substring(1).toLowerCase(java.util.Locale.ROOT);
    }
  }

  /** A member node: where it is in the update and its config. */
  public record NodeLine(String name, String phase, String config, String desired) {}

  /** What holds a node ({@code node} set) or the whole pool ({@code node} empty), and why. */
  public record Insight(Optional<String> node, String kind, String message) {}

  /**
   * {@code members}: the nodes whose MachineConfigNode names the pool, as the console finds them.
   */
  public static PoolStatusReport of(MachineConfigPool pool, List<Node> members) {
    PoolProgress progress = PoolProgress.of(pool, members);
    String name = pool.getMetadata().getName();
    boolean paused = Boolean.TRUE.equals(pool.getSpec().getPaused());
    List<NodeLine> lines = new ArrayList<>();
    List<Insight> insights = new ArrayList<>();
    condition(pool, PoolConditionType.ROLLOUT_HALTED)
        .ifPresent(m -> insights.add(new Insight(Optional.empty(), "halted", m)));
    condition(pool, PoolConditionType.RENDER_DEGRADED)
        .ifPresent(m -> insights.add(new Insight(Optional.empty(), "render failed", m)));
    // Pinned images are no update: the assessment stays, the insight names node and cause.
    condition(pool, PoolConditionType.PINNED_IMAGE_SETS_DEGRADED)
        .ifPresent(m -> insights.add(new Insight(Optional.empty(), "pinning failed", m)));
    // What the rollout waits for (a window, a soak, the alert gate, a batch, a build): the
    // controller's Updating message whenever it is not the plain one.
    condition(pool, PoolConditionType.UPDATING)
        .filter(m -> m != null && !m.isEmpty() && !m.startsWith("All nodes are updating to"))
        .ifPresent(m -> insights.add(new Insight(Optional.empty(), "waiting", m)));
    int draining = 0;
    int unavailable = 0;
    int degraded = 0;
    for (Node n : sorted(members)) {
      Map<String, String> a = ObjectMaps.present(n.getMetadata().getAnnotations());
      String node = n.getMetadata().getName();
      String state = a.getOrDefault(NodeAnnotations.STATE, "");
      String current = a.getOrDefault(NodeAnnotations.CURRENT_CONFIG, "");
      String desired = a.getOrDefault(NodeAnnotations.DESIRED_CONFIG, "");
      AnnotatedNode view = () -> a;
      boolean drain = view.drainUnderWay();
      draining += drain ? 1 : 0;
      boolean failing = state.equals("Degraded") || state.equals("Unreconcilable");
      degraded += failing ? 1 : 0;
      Optional<String> notReady = notReady(n);
      unavailable += notReady.isPresent() || cordoned(n) ? 1 : 0;
      lines.add(new NodeLine(node, phase(progress, node, state, drain, a), current, desired));
      Optional<String> here = Optional.of(node);
      Optional.ofNullable(a.get(NodeAnnotations.DRAIN_BLOCKED))
          .ifPresent(w -> insights.add(new Insight(here, "drain blocked", w)));
      if (failing) {
        insights.add(
            new Insight(
                here,
                state.equals("Unreconcilable") ? "unreconcilable" : "degraded",
                a.getOrDefault(NodeAnnotations.REASON, "(no reason given)")));
      }
      held(a).ifPresent(w -> insights.add(new Insight(here, "target held", w)));
      Optional.ofNullable(a.get(NodeAnnotations.REBOOT_LEASE_HELD))
          .ifPresent(w -> insights.add(new Insight(here, "lease held", w)));
      pullAhead(a)
          .filter(p -> p.phase() == StageAheadStatus.Phase.Failed)
          .ifPresent(
              p ->
                  insights.add(
                      new Insight(
                          here,
                          "pull ahead failed",
                          p.why() + "; the node pulls " + p.image() + " in its turn")));
      notReady.ifPresent(w -> insights.add(new Insight(here, "not ready", w)));
    }
    if (paused && progress.updated() < progress.members()) {
      insights.add(
          new Insight(
              Optional.empty(),
              "paused",
              "the pool is paused: "
                  + (progress.members() - progress.updated())
                  + " nodes wait for it to be unpaused"));
    }
    return new PoolStatusReport(
        name,
        assessment(progress, pool, paused, degraded),
        progress.target(),
        progress.members(),
        progress.updated(),
        progress.inFlight().size(),
        draining,
        unavailable,
        degraded,
        paused,
        List.copyOf(lines),
        List.copyOf(insights));
  }

  /** Every pool's report, by name; the members as the pools' MachineConfigNodes say. */
  public static List<PoolStatusReport> of(ClusterObjects objects) {
    return objects.pools().stream()
        .sorted(Comparator.comparing(p -> p.getMetadata().getName()))
        .map(p -> of(p, ClusterSnapshot.members(objects, p)))
        .toList();
  }

  /** The share of members on the target, in whole percent (100 for a pool without members). */
  public int completion() {
    return members == 0 ? 100 : updated * 100 / members;
  }

  private static Assessment assessment(
      PoolProgress progress, MachineConfigPool pool, boolean paused, int degraded) {
    if (progress.halted()) {
      return Assessment.HALTED;
    }
    if (degraded > 0 || condition(pool, PoolConditionType.RENDER_DEGRADED).isPresent()) {
      return Assessment.DEGRADED;
    }
    if (progress.target().isPresent() && progress.updated() == progress.members()) {
      return Assessment.COMPLETED;
    }
    return paused ? Assessment.PAUSED : Assessment.PROGRESSING;
  }

  private static String phase(
      PoolProgress progress, String node, String state, boolean drain, Map<String, String> a) {
    if (state.equals("Degraded") || state.equals("Unreconcilable")) {
      return state;
    }
    if (drain) {
      return "Draining";
    }
    if (NodeAnnotations.POST_CONFIG_ACTION_REBOOTING.equals(
        a.get(NodeAnnotations.POST_CONFIG_ACTION))) {
      return "Rebooting";
    }
    if (progress.inFlight().contains(node)) {
      return "Updating";
    }
    String desired = a.getOrDefault(NodeAnnotations.DESIRED_CONFIG, "");
    if (progress.target().map(desired::equals).orElse(true)) {
      return "Updated";
    }
    // A node waiting for its turn that pulls the new image ahead says how far it got.
    return pullAhead(a)
        .filter(p -> p.phase() != StageAheadStatus.Phase.Failed)
        .map(
            p ->
                p.phase() == StageAheadStatus.Phase.Pulled
                    ? "Pending (pulled)"
                    : "Pending (pulling)")
        .orElse("Pending");
  }

  /** The answer to the node's stage-ahead ask, when it is about the image asked for. */
  private static Optional<StageAheadStatus> pullAhead(Map<String, String> a) {
    String ask = a.get(NodeAnnotations.STAGE_AHEAD);
    return ask == null
        ? Optional.empty()
        : StageAheadStatus.parse(a.get(NodeAnnotations.STAGE_AHEAD_STATUS))
            .filter(p -> p.of(ask))
            .or(() -> Optional.of(StageAheadStatus.pulling(ask)));
  }

  /** The {@code why} of a held target ({@code ocelot.io/failed-target}), with its config. */
  private static Optional<String> held(Map<String, String> a) {
    return Optional.ofNullable(a.get(NodeAnnotations.FAILED_TARGET))
        .map(
            json -> {
              try {
                JsonNode t = Json.MAPPER.readTree(json);
                return t.path("config").asText("?")
                    + " is held (its boot failed): "
                    + t.path("why").asText("")
                    + "; 'ocelot rollout retry' sends it again";
              } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
                return json;
              }
            });
  }

  private static Optional<String> notReady(Node n) {
    List<NodeCondition> conditions =
        n.getStatus() == null || n.getStatus().getConditions() == null
            ? List.of()
            : n.getStatus().getConditions();
    return conditions.stream()
        .filter(c -> "Ready".equals(c.getType()) && !"True".equals(c.getStatus()))
        .findFirst()
        .map(c -> Optional.ofNullable(c.getMessage()).orElse("the node is not Ready"));
  }

  private static boolean cordoned(Node n) {
    return n.getSpec() != null && Boolean.TRUE.equals(n.getSpec().getUnschedulable());
  }

  /** The message of the pool's condition {@code type} while it is True. */
  private static Optional<String> condition(MachineConfigPool pool, String type) {
    return pool.getStatus() == null
        ? Optional.empty()
        : pool.getStatus().getConditions().stream()
            .filter(c -> type.equals(c.getType()) && "True".equals(c.getStatus()))
            .map(MachineConfigPoolCondition::getMessage)
            .findFirst();
  }

  private static List<Node> sorted(List<Node> members) {
    return members.stream().sorted(Comparator.comparing(n -> n.getMetadata().getName())).toList();
  }
}

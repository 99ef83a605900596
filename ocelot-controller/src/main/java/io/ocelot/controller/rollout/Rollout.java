package io.ocelot.controller.rollout;

import io.fabric8.kubernetes.api.model.Node;
import io.ocelot.api.model.MachineConfigPool;
import io.ocelot.api.node.NodeAnnotations;
import io.ocelot.controller.members.NodeClassifier;
import io.ocelot.controller.members.PoolNode;
import io.ocelot.controller.members.PoolTarget;
import io.ocelot.controller.support.ObjectEvents;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Executor;
import java.util.function.BiConsumer;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One rollout pass over a pool's nodes (MCO §6.1 steps 7–10): the candidates within maxUnavailable
 * get the target; every other node not yet on it carries the UpdateInProgress taint. A paused pool
 * is left alone. Each write is handed to {@code written} so the next pass reads its own writes.
 *
 * <p>The writes go out several at a time, the candidates' first: in a large pool a new target means
 * a batch of targets and a taint on every other node, and written one after the other they held the
 * first batch back for most of a minute (docs/performance.md).
 */
public final class Rollout {
  private static final Logger LOG = LoggerFactory.getLogger(Rollout.class);

  private final NodeTargeting targeting;
  private final ObjectEvents events;
  private final Executor writers;
  private final RebootLeases leases;
  private final PullGate pulls;

  /** {@code writers}: where the node writes run (a few threads: they wait on the server). */
  public Rollout(
      NodeTargeting targeting,
      ObjectEvents events,
      Executor writers,
      RebootLeases leases,
      Clock clock) {
    this.pulls = new PullGate(clock);
    this.targeting = targeting;
    this.events = events;
    this.writers = writers;
    this.leases = leases;
  }

  /**
   * {@code mayStart}: which nodes may get the target now (stop-the-line, a closed window, a soak or
   * the alert gate hold the others back; the taints still follow). {@code staging}: waiting nodes
   * pull the target's image ahead, and a node starts once its pull is answered. Returns what held
   * nodes back here: the nodes that were next but whose reboot lease another holder has (they wait;
   * the next in order go instead), and the pulls under way.
   */
  public Outcome run(
      MachineConfigPool pool,
      List<Node> members,
      List<PoolNode> nodes,
      PoolTarget target,
      boolean layered,
      Predicate<PoolNode> mayStart,
      Optional<Staging> staging,
      BiConsumer<Node, Node> written) {
    if (Boolean.TRUE.equals(pool.getSpec().getPaused())) {
      return Outcome.NONE;
    }
    MaxUnavailable.Result max = MaxUnavailable.of(pool.getSpec().getMaxUnavailable(), nodes.size());
    if (max instanceof MaxUnavailable.Invalid invalid) {
      events.warning(pool, "InvalidMaxUnavailable", invalid.message());
      return Outcome.NONE;
    }
    int limit = ((MaxUnavailable.Count) max).value();
    release(nodes, target);
    List<RebootLeases.Held> held = new ArrayList<>();
    Predicate<PoolNode> pulled = staging.map(st -> pulls.ready(nodes, st)).orElse(n -> true);
    List<PoolNode> chosen = leased(nodes, target, limit, layered, mayStart.and(pulled), held);
    Set<String> candidates = chosen.stream().map(PoolNode::name).collect(Collectors.toSet());
    if (!chosen.isEmpty()) {
      long zones = chosen.stream().map(PoolNode::zone).distinct().count();
      LOG.info(
          "{} candidate nodes in {} zones for update, capacity: {}", chosen.size(), zones, limit);
    }
    Map<String, Optional<String>> stage =
        staging
            .map(
                st ->
                    StageAheadPlan.wanted(
                        nodes,
                        target,
                        Optional.of(st.image()),
                        st.maxConcurrentPulls(),
                        candidates,
                        st.onImage()))
            .orElse(Map.of());
    List<String> targeted = new ArrayList<>();
    try {
      converge(members, nodes, target, candidates, stage, heldBy(held), targeted, written);
    } finally {
      announce(pool, targeted, target);
    }
    return new Outcome(
        List.copyOf(held), staging.map(st -> PullGate.pulling(nodes, st.image())).orElse(0L));
  }

  /**
   * The candidates whose reboot lease Ocelot could take: a node another holder has is passed over
   * (and reported in {@code held}) and the selection made again without it, so the next in order
   * goes instead.
   */
  private List<PoolNode> leased(
      List<PoolNode> nodes,
      PoolTarget target,
      int limit,
      boolean layered,
      Predicate<PoolNode> mayStart,
      List<RebootLeases.Held> held) {
    Set<String> passedOver = new java.util.HashSet<>();
    while (true) {
      List<PoolNode> chosen =
          CandidateSelector.select(
              nodes, target, limit, layered, mayStart.and(n -> !passedOver.contains(n.name())));
      boolean refused = false;
      for (PoolNode c : chosen) {
        Optional<RebootLeases.Held> other = leases.acquire(c.name());
        if (other.isPresent()) {
          held.add(other.get());
          passedOver.add(c.name());
          refused = true;
        }
      }
      if (!refused) {
        return chosen;
      }
    }
  }

  /**
   * Gives back the leases of the nodes done on the target, and keeps those still on their way
   * (renewed when due).
   */
  private void release(List<PoolNode> nodes, PoolTarget target) {
    List<String> inFlight = new ArrayList<>();
    for (PoolNode n : nodes) {
      if (!leases.holds(n.name())) {
        continue;
      }
      if (NodeClassifier.updated(n, target)) {
        leases.release(n.name());
      } else {
        inFlight.add(n.name());
      }
    }
    leases.keep(inFlight);
  }

  /**
   * Decides every node here (cheap: its view is at hand) and hands only the nodes that need a write
   * to the writers; a pass over a settled pool of 5000 nodes sends nothing and copies nothing.
   */
  private void converge(
      List<Node> members,
      List<PoolNode> nodes,
      PoolTarget target,
      Set<String> candidates,
      Map<String, Optional<String>> stage,
      Map<String, String> leaseHeld,
      List<String> targeted,
      BiConsumer<Node, Node> written) {
    List<Write> writes = new ArrayList<>();
    for (int i = 0; i < members.size(); i++) {
      PoolNode n = nodes.get(i);
      boolean candidate = candidates.contains(n.name());
      boolean onTarget = candidate || NodeClassifier.targeted(n, target);
      NodeTargeting.Wanted wanted =
          new NodeTargeting.Wanted(
              candidate ? Optional.of(target) : Optional.empty(),
              !onTarget,
              marks(n.name(), onTarget, stage, leaseHeld));
      if (NodeTargeting.differs(members.get(i), n, wanted)) {
        writes.add(new Write(members.get(i), n.name(), wanted, candidate));
      } else if (candidate) {
        targeted.add(n.name());
      }
    }
    List<CompletableFuture<Void>> running = new ArrayList<>();
    writes.stream()
        .sorted(Comparator.comparing(w -> !w.candidate()))
        .forEach(
            w ->
                running.add(
                    CompletableFuture.runAsync(() -> write(w, targeted, written), writers)));
    RuntimeException failed = null;
    for (CompletableFuture<Void> w : running) {
      try {
        w.join();
      } catch (CompletionException e) {
        if (failed == null) {
          failed = e.getCause() instanceof RuntimeException r ? r : new IllegalStateException(e);
        }
      }
    }
    if (failed != null) {
      throw failed; // a candidate's write: retried by the reconcile loop
    }
  }

  /**
   * The rollout's own annotations a node should carry: the stage-ahead ask (always decided), and
   * whose reboot lease kept it from starting — set when this pass found the lease held, removed
   * once the node is on its way; left as it is for a node this pass did not try to start.
   */
  private static Map<String, Optional<String>> marks(
      String node,
      boolean onTarget,
      Map<String, Optional<String>> stage,
      Map<String, String> leaseHeld) {
    Optional<String> ask = stage.getOrDefault(node, Optional.empty());
    String held = leaseHeld.get(node);
    if (held != null) {
      return Map.of(
          NodeAnnotations.STAGE_AHEAD, ask, NodeAnnotations.REBOOT_LEASE_HELD, Optional.of(held));
    }
    return onTarget
        ? Map.of(
            NodeAnnotations.STAGE_AHEAD, ask, NodeAnnotations.REBOOT_LEASE_HELD, Optional.empty())
        : Map.of(NodeAnnotations.STAGE_AHEAD, ask);
  }

  private static Map<String, String> heldBy(List<RebootLeases.Held> held) {
    Map<String, String> out = new java.util.HashMap<>();
    held.forEach(h -> out.put(h.node(), h.annotation()));
    return out;
  }

  /**
   * Stage ahead for this pass: the image the target boots, and how many waiting nodes may pull it
   * at once.
   */
  public record Staging(String image, int maxConcurrentPulls, Predicate<PoolNode> onImage) {}

  /**
   * What a pass could not start: the nodes whose reboot lease another holder has, and how many
   * waiting nodes pull the image ahead of their turn.
   */
  public record Outcome(List<RebootLeases.Held> leased, long pulling) {
    public static final Outcome NONE = new Outcome(List.of(), 0);
  }

  /**
   * One node's write: its target (a candidate), the UpdateInProgress taint, the stage-ahead ask.
   */
  private record Write(Node old, String name, NodeTargeting.Wanted wanted, boolean candidate) {}

  private void write(Write w, List<String> targeted, BiConsumer<Node, Node> written) {
    try {
      Node now = targeting.converge(w.old(), w.wanted());
      if (now != w.old()) {
        written.accept(now, w.old());
      }
      if (w.candidate()) {
        synchronized (targeted) {
          targeted.add(w.name());
        }
      }
    } catch (RuntimeException e) {
      if (w.candidate()) {
        throw e;
      }
      LOG.warn("could not set the {} taint on node {}", NodeTargeting.TAINT_KEY, w.name(), e);
    }
  }

  private void announce(MachineConfigPool pool, List<String> targeted, PoolTarget target) {
    if (targeted.isEmpty()) {
      return;
    }
    String update =
        "MachineConfig: " + target.config() + target.image().map(i -> " / Image: " + i).orElse("");
    String reason = target.layered() ? "SetDesiredConfigAndOSImage" : "SetDesiredConfig";
    events.normal(
        pool,
        reason,
        targeted.size() == 1
            ? "Targeted node " + targeted.get(0) + " to " + update
            : "Set target for " + targeted.size() + " nodes to " + update);
  }
}

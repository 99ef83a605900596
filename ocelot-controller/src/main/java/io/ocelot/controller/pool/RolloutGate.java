package io.ocelot.controller.pool;

import io.ocelot.api.model.MachineConfigPool;
import io.ocelot.api.model.PoolConditionType;
import io.ocelot.api.node.RolloutOrder;
import io.ocelot.api.policy.AlertGate;
import io.ocelot.api.policy.RolloutPolicy;
import io.ocelot.controller.members.NodeClassifier;
import io.ocelot.controller.members.PoolNode;
import io.ocelot.controller.members.PoolTarget;
import io.ocelot.controller.policy.AlertSource;
import io.ocelot.controller.policy.Batches;
import io.ocelot.controller.policy.GroupBudgets;
import io.ocelot.controller.policy.MaintenanceWindows;
import io.ocelot.controller.policy.RolloutPolicies;
import io.ocelot.controller.policy.Soak;
import io.ocelot.controller.policy.StopTheLine;
import io.ocelot.controller.support.ObjectEvents;
import java.io.IOException;
import java.time.Clock;
import java.time.Duration;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Predicate;
import java.util.function.Supplier;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * What holds a pool's rollout back besides maxUnavailable and {@code paused}, from the pool's
 * RolloutPolicy: stop-the-line (nodes failed the target) and a closed maintenance window. Nodes
 * already started go on; no new node gets the target while either holds.
 */
final class RolloutGate {
  private final ObjectEvents events;
  private final Clock clock;
  private final AlertSource alerts;
  private final Map<String, String> announcedHalts = new ConcurrentHashMap<>();
  private final Map<String, Seen> firstSeen = new ConcurrentHashMap<>();

  RolloutGate(ObjectEvents events, Clock clock, AlertSource alerts) {
    this.events = events;
    this.clock = clock;
    this.alerts = alerts;
  }

  /** Why no new node may start, if anything holds. */
  record Hold(
      Optional<StopTheLine.Halt> halt,
      Optional<MaintenanceWindows.Closed> window,
      Optional<Soak.Wait> soak,
      Optional<String> alerts,
      boolean rebootlessAnytime,
      Optional<Batch> batch,
      Optional<GroupBudgets.Room> budget) {
    static final Hold NONE =
        new Hold(
            Optional.empty(),
            Optional.empty(),
            Optional.empty(),
            Optional.empty(),
            false,
            Optional.empty(),
            Optional.empty());

    boolean holds() {
      return halt.isPresent() || window.isPresent() || soak.isPresent() || alerts.isPresent();
    }

    /**
     * Which nodes may start now: all when nothing holds; none while stop-the-line, a soak or the
     * alert gate holds; while only the window is closed, those whose update is rebootless if the
     * policy lets them go anytime ({@code rebootless} is asked only then: it reads the configs).
     * With batches, only the nodes the current batch still has room for.
     */
    Predicate<PoolNode> mayStart(Supplier<Predicate<PoolNode>> rebootless) {
      Predicate<PoolNode> gate;
      if (!holds()) {
        gate = n -> true;
      } else {
        boolean onlyTheWindow = halt.isEmpty() && soak.isEmpty() && alerts.isEmpty();
        gate = onlyTheWindow && rebootlessAnytime ? rebootless.get() : n -> false;
      }
      Predicate<PoolNode> batched =
          batch.map(b -> gate.and(n -> b.admitted().contains(n.name()))).orElse(gate);
      return budget
          .map(
              r ->
                  batched.and(
                      n -> NodeClassifier.failingDesired(n) || r.admitted().contains(n.name())))
          .orElse(batched);
    }
  }

  /** Where a batched rollout stands, and the nodes its current batch still has room for. */
  record Batch(Batches.Position position, Set<String> admitted) {}

  /**
   * {@code scope}: the nodes of every pool the same policy governs, asked only when the policy has
   * a disruption budget.
   */
  Hold check(
      MachineConfigPool pool,
      List<PoolNode> nodes,
      PoolTarget target,
      List<RolloutPolicy> all,
      Supplier<List<PoolNode>> scope) {
    RolloutPolicies.Resolution policy = RolloutPolicies.forPool(pool, all);
    Optional<StopTheLine.Halt> halt =
        StopTheLine.evaluate(
            nodes,
            target,
            policy.maxFailedNodes(),
            Optional.ofNullable(pool.getMetadata().getAnnotations())
                .map(a -> a.get(StopTheLine.RESUMED)));
    Optional<Batch> batch = policy.batches().map(b -> batch(b, nodes, target));
    if (halt.isPresent() && policy.batches().isPresent()) {
      int done = (int) nodes.stream().filter(n -> NodeClassifier.updated(n, target)).count();
      if (policy.batches().get().pastSafetyLimit(done, nodes.size())) {
        halt = Optional.empty(); // failures past the safety limit: reported, not halting
      }
    }
    boolean toStart = !nodes.stream().allMatch(n -> NodeClassifier.targeted(n, target));
    return new Hold(
        halt,
        closedWindow(policy, nodes, target),
        soak(policy, nodes, target),
        toStart ? policy.alertGate().flatMap(this::blockingAlerts) : Optional.empty(),
        policy.rebootlessAnytime(),
        batch,
        policy
            .disruptionBudget()
            .map(b -> GroupBudgets.admit(b, scope.get(), waiting(nodes, target))));
  }

  /** The nodes of the pool that would start, in rollout order (not those failing an older one). */
  private static List<PoolNode> waiting(List<PoolNode> nodes, PoolTarget target) {
    return nodes.stream()
        .filter(n -> !NodeClassifier.targeted(n, target) && !NodeClassifier.failingDesired(n))
        .sorted(Comparator.comparing(PoolNode::rolloutKey, RolloutOrder.ORDER))
        .toList();
  }

  /**
   * The batch the rollout is in: counted from the nodes targeted and those done and healthy; the
   * room left goes to the next nodes in rollout order (nodes failing an older target are not
   * counted against it: a new target is how they are fixed).
   */
  private static Batch batch(Batches.Plan plan, List<PoolNode> nodes, PoolTarget target) {
    int targeted = (int) nodes.stream().filter(n -> NodeClassifier.targeted(n, target)).count();
    int healthy =
        (int)
            nodes.stream()
                .filter(n -> NodeClassifier.updated(n, target))
                .filter(n -> n.ready() && !n.phase().isFailing())
                .count();
    Batches.Position position = Batches.position(plan, nodes.size(), targeted, healthy);
    Set<String> admitted = new HashSet<>();
    nodes.stream()
        .filter(n -> !NodeClassifier.targeted(n, target))
        .filter(NodeClassifier::failingDesired)
        .forEach(n -> admitted.add(n.name()));
    waiting(nodes, target).stream()
        .limit(Math.max(0, position.allowed() - targeted))
        .forEach(n -> admitted.add(n.name()));
    return new Batch(position, admitted);
  }

  /**
   * The firing alerts the gate selects, as the pool's Updating message says them; an unreadable
   * Prometheus or a bad expression holds too (the gate fails closed, and says why).
   */
  private Optional<String> blockingAlerts(AlertGate gate) {
    Pattern names;
    try {
      names = Pattern.compile(Optional.ofNullable(gate.getAlertNames()).orElse(".+"));
    } catch (PatternSyntaxException e) {
      return Optional.of(
          "alert gate: spec.alertGate.alertNames is not a regular expression: "
              + e.getDescription());
    }
    List<AlertSource.Firing> firing;
    try {
      firing = alerts.firing(gate.getPrometheusURL());
    } catch (IOException e) {
      return Optional.of(
          "alert gate: cannot read the alerts of "
              + gate.getPrometheusURL()
              + " ("
              + e.getMessage()
              + "); no new node starts until it answers");
    }
    List<String> blocking =
        firing.stream()
            .filter(f -> names.matcher(f.name()).matches())
            .map(f -> f.name() + (f.node().isEmpty() ? "" : " (" + f.node() + ")"))
            .distinct()
            .sorted()
            .toList();
    return blocking.isEmpty()
        ? Optional.empty()
        : Optional.of("waiting for alerts to clear: " + String.join(", ", blocking));
  }

  /** The soak wait, from when this controller first saw each node on the target. */
  private Optional<Soak.Wait> soak(
      RolloutPolicies.Resolution policy, List<PoolNode> nodes, PoolTarget target) {
    String id = StopTheLine.id(target);
    List<Soak.Updated> updated = new java.util.ArrayList<>();
    for (PoolNode n : nodes) {
      if (!NodeClassifier.updated(n, target)) {
        continue;
      }
      Seen seen =
          firstSeen.compute(
              n.name(),
              (k, v) -> v != null && v.target().equals(id) ? v : new Seen(id, clock.instant()));
      updated.add(new Soak.Updated(n.name(), seen.at(), n.ready() && !n.phase().isFailing()));
    }
    if (nodes.stream().allMatch(n -> NodeClassifier.targeted(n, target))) {
      return Optional.empty(); // nobody left to start
    }
    return Soak.evaluate(updated, policy.soak(), clock.instant());
  }

  /** When this controller first saw a node on a target. */
  private record Seen(String target, java.time.Instant at) {}

  /** The pool's Updating message while a closed window or a soak holds it. */
  Optional<String> waiting(Hold hold) {
    return hold.window()
        .map(
            w ->
                w.message(clock.instant())
                    + (hold.rebootlessAnytime() ? " (updates without drain or reboot go now)" : ""))
        .or(() -> hold.soak().map(Soak.Wait::message))
        .or(hold::alerts)
        .or(() -> hold.batch().flatMap(b -> b.position().waiting()))
        .or(() -> hold.budget().flatMap(GroupBudgets.Room::waiting));
  }

  /**
   * When to look again: at the window's opening or the soak's end, and at least every minute
   * (clocks change, and a node's health is not an event of the pool).
   */
  Optional<Duration> recheck(Hold hold) {
    if (hold.alerts().isPresent() && hold.window().isEmpty() && hold.soak().isEmpty()) {
      return Optional.of(Duration.ofSeconds(10)); // alerts are not events of the pool
    }
    if (hold.soak().isPresent() && hold.window().isEmpty()) {
      return Optional.of(
          hold.soak()
              .get()
              .until()
              .map(u -> Duration.between(clock.instant(), u))
              .filter(d -> d.compareTo(Duration.ofMinutes(1)) < 0)
              .map(d -> d.isNegative() ? Duration.ZERO : d)
              .orElse(Duration.ofMinutes(1)));
    }
    return hold.window()
        .map(w -> Duration.between(clock.instant(), w.opens()))
        .map(
            d ->
                d.isNegative()
                    ? Duration.ZERO
                    : d.compareTo(Duration.ofMinutes(1)) > 0 ? Duration.ofMinutes(1) : d);
  }

  /**
   * One RolloutHalted event per halt (a new target or a new failed node is a new halt). Remembered
   * here, not read from the pool's status: two reconciles can run before the informer's cache shows
   * the first one's status write. After a restart, a halt the status already shows is not repeated.
   */
  void announce(MachineConfigPool pool, Hold hold) {
    String uid = pool.getMetadata().getUid();
    if (hold.halt().isEmpty()) {
      announcedHalts.remove(uid);
      return;
    }
    StopTheLine.Halt halt = hold.halt().get();
    String key = halt.resumeValue();
    String before = announcedHalts.put(uid, key);
    boolean shown = before == null && haltShown(pool);
    if (!key.equals(before) && !shown) {
      events.warning(pool, "RolloutHalted", halt.message(pool.getMetadata().getName()));
    }
  }

  /**
   * The closed window the pool waits for, when it has nodes still to target; none when its windows
   * are open, it has none, or there is nothing to start.
   */
  private Optional<MaintenanceWindows.Closed> closedWindow(
      RolloutPolicies.Resolution policy, List<PoolNode> nodes, PoolTarget target) {
    if (nodes.stream().allMatch(n -> NodeClassifier.targeted(n, target))) {
      return Optional.empty();
    }
    return MaintenanceWindows.at(policy.windows(), clock.instant())
            instanceof MaintenanceWindows.Closed c
        ? Optional.of(c)
        : Optional.empty();
  }

  private static boolean haltShown(MachineConfigPool pool) {
    return Optional.ofNullable(pool.getStatus()).stream()
        .flatMap(s -> s.getConditions().stream())
        .anyMatch(
            c ->
                PoolConditionType.ROLLOUT_HALTED.equals(c.getType())
                    && "True".equals(c.getStatus()));
  }
}

package io.ocelot.controller.policy;

import io.ocelot.api.kube.LabelSelectors;
import io.ocelot.api.model.MachineConfigPool;
import io.ocelot.api.policy.AlertGate;
import io.ocelot.api.policy.GroupBudget;
import io.ocelot.api.policy.MaintenanceWindow;
import io.ocelot.api.policy.RolloutPolicy;
import io.ocelot.api.policy.StageAhead;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * Which rollout policy governs a pool: the one that selects it by name or label. Two selecting the
 * same pool is a conflict: neither applies to it (the pool keeps the defaults) and each policy's
 * status says so, naming the other.
 */
public final class RolloutPolicies {
  private RolloutPolicies() {}

  /** How a pool's policy was resolved. */
  public sealed interface Resolution {
    /** {@code maxFailedNodes}: the policy's, else Ocelot's default (1). */
    default int maxFailedNodes() {
      return StopTheLine.DEFAULT_MAX_FAILED_NODES;
    }

    /** The windows disruptive updates wait for; none means any time. */
    default List<MaintenanceWindow> windows() {
      return List.of();
    }

    /** Whether updates without drain and reboot may start outside the windows. */
    default boolean rebootlessAnytime() {
      return false;
    }

    /** How long updated nodes must be healthy before the next starts; zero: no wait. */
    default Duration soak() {
      return Duration.ZERO;
    }

    /** The Prometheus whose firing alerts hold new nodes back, if any. */
    default Optional<AlertGate> alertGate() {
      return Optional.empty();
    }

    /** The batches the rollout goes in, if any. */
    default Optional<Batches.Plan> batches() {
      return Optional.empty();
    }

    /** The budget per group of nodes across the policy's pools, if any. */
    default Optional<GroupBudget> disruptionBudget() {
      return Optional.empty();
    }

    /** Whether waiting nodes pull the new image ahead of their turn, and within which limit. */
    default Optional<StageAhead> stageAhead() {
      return Optional.empty();
    }

    /** The policy's name, when one applies. */
    default Optional<String> name() {
      return Optional.empty();
    }
  }

  /** No policy selects the pool. */
  public record None() implements Resolution {}

  /** Several policies select it; none applies. */
  public record Overlap(List<String> policies) implements Resolution {}

  /** One policy applies. */
  public record Applies(RolloutPolicy policy) implements Resolution {
    /** The batches' failureThreshold, else the policy's maxFailedNodes, else the default. */
    @Override
    public int maxFailedNodes() {
      return batches()
          .flatMap(Batches.Plan::failureThreshold)
          .or(() -> Optional.ofNullable(policy.getSpec().getMaxFailedNodes()))
          .orElse(StopTheLine.DEFAULT_MAX_FAILED_NODES);
    }

    @Override
    public Optional<GroupBudget> disruptionBudget() {
      return Optional.ofNullable(policy.getSpec().getDisruptionBudget());
    }

    @Override
    public Optional<StageAhead> stageAhead() {
      return Optional.ofNullable(policy.getSpec().getStageAhead());
    }

    @Override
    public Optional<String> name() {
      return Optional.of(policy.getMetadata().getName());
    }

    @Override
    public Optional<Batches.Plan> batches() {
      return Batches.Plan.of(Optional.ofNullable(policy.getSpec().getBatches()));
    }

    @Override
    public List<MaintenanceWindow> windows() {
      return policy.getSpec().getMaintenanceWindows();
    }

    @Override
    public boolean rebootlessAnytime() {
      return Boolean.TRUE.equals(policy.getSpec().getRebootlessAnytime());
    }

    @Override
    public Optional<AlertGate> alertGate() {
      return Optional.ofNullable(policy.getSpec().getAlertGate());
    }

    @Override
    public Duration soak() {
      return Soak.of(Optional.ofNullable(policy.getSpec().getSoak()));
    }
  }

  public static Resolution forPool(MachineConfigPool pool, List<RolloutPolicy> policies) {
    List<RolloutPolicy> selecting =
        policies.stream()
            .filter(p -> selects(p, pool))
            .sorted(Comparator.comparing(p -> p.getMetadata().getName()))
            .toList();
    if (selecting.isEmpty()) {
      return new None();
    }
    if (selecting.size() > 1) {
      return new Overlap(selecting.stream().map(p -> p.getMetadata().getName()).toList());
    }
    return new Applies(selecting.get(0));
  }

  public static boolean selects(RolloutPolicy policy, MachineConfigPool pool) {
    var pools = policy.getSpec().getPools();
    if (pools == null) {
      return false;
    }
    return pools.getNames().contains(pool.getMetadata().getName())
        || (pools.getSelector() != null
            && !LabelSelectors.isEmpty(pools.getSelector())
            && LabelSelectors.matches(pools.getSelector(), pool.getMetadata().getLabels()));
  }
}

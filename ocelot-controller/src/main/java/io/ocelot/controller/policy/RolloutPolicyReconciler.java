package io.ocelot.controller.policy;

import io.fabric8.kubernetes.api.model.Condition;
import io.fabric8.kubernetes.api.model.ConditionBuilder;
import io.fabric8.kubernetes.client.utils.Serialization;
import io.javaoperatorsdk.operator.api.config.informer.InformerEventSourceConfiguration;
import io.javaoperatorsdk.operator.api.reconciler.Context;
import io.javaoperatorsdk.operator.api.reconciler.ControllerConfiguration;
import io.javaoperatorsdk.operator.api.reconciler.EventSourceContext;
import io.javaoperatorsdk.operator.api.reconciler.Reconciler;
import io.javaoperatorsdk.operator.api.reconciler.UpdateControl;
import io.javaoperatorsdk.operator.processing.event.ResourceID;
import io.javaoperatorsdk.operator.processing.event.source.EventSource;
import io.javaoperatorsdk.operator.processing.event.source.informer.InformerEventSource;
import io.ocelot.api.model.MachineConfigPool;
import io.ocelot.api.policy.RolloutPolicy;
import io.ocelot.api.policy.RolloutPolicyStatus;
import io.ocelot.controller.support.CacheStores;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Reports in each RolloutPolicy's status the pools it governs, and whether it was accepted: a pool
 * two policies select is governed by neither, and both say so, naming the other.
 */
@ControllerConfiguration(name = RolloutPolicyReconciler.NAME)
public final class RolloutPolicyReconciler implements Reconciler<RolloutPolicy> {
  public static final String NAME = "rolloutpolicies";
  private static final String POOLS = "pools";
  private static final String PEERS = "peers";

  private final Clock clock;

  public RolloutPolicyReconciler(Clock clock) {
    this.clock = clock;
  }

  @Override
  public List<EventSource<?, RolloutPolicy>> prepareEventSources(
      EventSourceContext<RolloutPolicy> ctx) {
    return List.of(
        new InformerEventSource<>(
            InformerEventSourceConfiguration.from(MachineConfigPool.class, RolloutPolicy.class)
                .withName(POOLS)
                // Every policy: a pool's labels decide which policies select it.
                .withSecondaryToPrimaryMapper(p -> everyPolicy(ctx))
                .withItemStore(CacheStores.withoutManagedFields())
                .build(),
            ctx),
        new InformerEventSource<>(
            InformerEventSourceConfiguration.from(RolloutPolicy.class, RolloutPolicy.class)
                .withName(PEERS)
                // Every policy: a new or changed one may now overlap another's pools.
                .withSecondaryToPrimaryMapper(p -> everyPolicy(ctx))
                .withItemStore(CacheStores.withoutManagedFields())
                .build(),
            ctx));
  }

  private static Set<ResourceID> everyPolicy(EventSourceContext<RolloutPolicy> ctx) {
    return ctx.getPrimaryCache().list().map(ResourceID::fromResource).collect(Collectors.toSet());
  }

  @Override
  @SuppressWarnings("unchecked")
  public UpdateControl<RolloutPolicy> reconcile(RolloutPolicy policy, Context<RolloutPolicy> ctx) {
    var pools =
        ((InformerEventSource<MachineConfigPool, RolloutPolicy>)
                ctx.eventSourceRetriever().getEventSourceFor(MachineConfigPool.class, POOLS))
            .list(p -> true)
            .toList();
    List<RolloutPolicy> all = ctx.getPrimaryCache().list().toList();
    RolloutPolicyStatus wanted = status(policy, pools, all, previous(policy));
    if (policy.getStatus() != null
        && Objects.equals(Serialization.asJson(wanted), Serialization.asJson(policy.getStatus()))) {
      return UpdateControl.noUpdate();
    }
    RolloutPolicy updated = Serialization.clone(policy);
    updated.setStatus(wanted);
    return UpdateControl.patchStatus(updated);
  }

  private List<Condition> previous(RolloutPolicy policy) {
    return policy.getStatus() == null ? List.of() : policy.getStatus().getConditions();
  }

  /** The pools {@code policy} governs and its Accepted condition. */
  RolloutPolicyStatus status(
      RolloutPolicy policy,
      List<MachineConfigPool> pools,
      List<RolloutPolicy> all,
      List<Condition> previous) {
    List<String> governed = new ArrayList<>();
    List<String> conflicts = new ArrayList<>();
    for (MachineConfigPool pool :
        pools.stream()
            .sorted((a, b) -> a.getMetadata().getName().compareTo(b.getMetadata().getName()))
            .toList()) {
      if (!RolloutPolicies.selects(policy, pool)) {
        continue;
      }
      RolloutPolicies.Resolution r = RolloutPolicies.forPool(pool, all);
      if (r instanceof RolloutPolicies.Overlap o) {
        List<String> others =
            o.policies().stream().filter(n -> !n.equals(policy.getMetadata().getName())).toList();
        conflicts.add(
            "pool "
                + pool.getMetadata().getName()
                + " is also selected by rolloutpolicy/"
                + String.join(", rolloutpolicy/", others));
      } else {
        governed.add(pool.getMetadata().getName());
      }
    }
    RolloutPolicyStatus s = new RolloutPolicyStatus();
    s.setPools(governed);
    Condition accepted =
        conflicts.isEmpty()
            ? condition(
                "True",
                "Accepted",
                governed.isEmpty()
                    ? "Selects no pool yet"
                    : "Governs pool"
                        + (governed.size() == 1 ? " " : "s ")
                        + String.join(", ", governed),
                previous,
                policy)
            : condition(
                "False",
                "PoolsOverlap",
                String.join("; ", conflicts)
                    + ": a pool two policies select is governed by neither (spec.pools)",
                previous,
                policy);
    s.setConditions(List.of(accepted));
    return s;
  }

  private Condition condition(
      String status, String reason, String message, List<Condition> previous, RolloutPolicy p) {
    String since =
        previous.stream()
            .filter(c -> "Accepted".equals(c.getType()) && status.equals(c.getStatus()))
            .map(Condition::getLastTransitionTime)
            .findFirst()
            .orElse(clock.instant().toString());
    return new ConditionBuilder()
        .withType("Accepted")
        .withStatus(status)
        .withReason(reason)
        .withMessage(message)
        .withLastTransitionTime(since)
        .withObservedGeneration(p.getMetadata().getGeneration())
        .build();
  }
}

package io.ocelot.daemon.node;

import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.ocelot.api.operator.MachineConfiguration;
import io.ocelot.api.operator.MachineConfigurationStatus;
import io.ocelot.api.operator.NodeDisruptionPolicy;
import io.ocelot.api.operator.Operator;
import io.ocelot.daemon.host.HostException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * Reads the cluster's node disruption policy for an update: the merged {@code clusterPolicies} of
 * MachineConfiguration/cluster once the controller has computed them for its spec's generation.
 * Without that object (or its CRD) the daemon plans with MCO's legacy rules. As MCO, it waits up to
 * two minutes for a status that lags the spec, then says so.
 */
public final class DisruptionPolicySource {
  static final Duration MAX_WAIT = Duration.ofMinutes(2);
  static final Duration RETRY = Duration.ofSeconds(5);

  private final KubernetesClient client;
  private final Clock clock;
  private Optional<Instant> waitingSince = Optional.empty();

  public DisruptionPolicySource(KubernetesClient client, Clock clock) {
    this.client = client;
    this.clock = clock;
  }

  /** What the planner gets: a policy, none (legacy rules), or a wait. */
  public sealed interface Lookup {
    /**
     * Plan with this policy, or with the legacy rules when empty; {@code overridden}: the storage
     * sections whose changes the node skips (irreconcilableValidationOverrides).
     */
    record Use(Optional<NodeDisruptionPolicy> policy, Set<String> overridden) implements Lookup {
      public Use {
        overridden = Set.copyOf(overridden);
      }

      public Use(Optional<NodeDisruptionPolicy> policy) {
        this(policy, Set.of());
      }
    }

    /** The status lags the spec; ask again after {@code retryIn}. */
    record Wait(Duration retryIn, String why) implements Lookup {}
  }

  /**
   * The policy in force; fails (after the wait) with MCO's message when the status never catches
   * up.
   */
  public Lookup lookup() throws HostException {
    MachineConfiguration mc;
    try {
      mc = client.resources(MachineConfiguration.class).withName(Operator.CLUSTER).get();
    } catch (KubernetesClientException e) {
      throw new HostException(
          "could not read MachineConfiguration/" + Operator.CLUSTER + ": " + e.getMessage(), e);
    }
    return decide(mc);
  }

  /** The lookup for the object as read ({@code null}: none); fails once the wait is over. */
  Lookup decide(MachineConfiguration mc) throws HostException {
    Optional<String> lag = lag(mc);
    if (lag.isEmpty()) {
      waitingSince = Optional.empty();
      return new Lookup.Use(
          policy(mc),
          mc == null || mc.getSpec() == null ? Set.of() : mc.getSpec().overriddenSections());
    }
    Instant now = clock.instant();
    Instant since = waitingSince.orElse(now);
    waitingSince = Optional.of(since);
    if (Duration.between(since, now).compareTo(MAX_WAIT) >= 0) {
      waitingSince = Optional.empty();
      throw new HostException("NodeDisruptionPolicyStatus was not ready: " + lag.get());
    }
    return new Lookup.Wait(RETRY, lag.get());
  }

  /** Why the status does not describe the spec yet; empty when it does (or there is no object). */
  static Optional<String> lag(MachineConfiguration mc) {
    if (mc == null) {
      return Optional.empty();
    }
    MachineConfigurationStatus status = mc.getStatus();
    Long generation = mc.getMetadata().getGeneration();
    if (status == null || status.nodeDisruptionPolicyStatus() == null) {
      return Optional.of("the controller has not computed the cluster policies yet");
    }
    if (generation != null && !Objects.equals(status.observedGeneration(), generation)) {
      return Optional.of(
          "status is for generation "
              + status.observedGeneration()
              + ", the spec is at generation "
              + generation);
    }
    return Optional.empty();
  }

  private static Optional<NodeDisruptionPolicy> policy(MachineConfiguration mc) {
    return Optional.ofNullable(mc)
        .map(MachineConfiguration::getStatus)
        .map(MachineConfigurationStatus::nodeDisruptionPolicyStatus)
        .map(MachineConfigurationStatus.NodeDisruptionPolicyStatus::clusterPolicies);
  }
}

package io.ocelot.cli;

import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.ocelot.api.operator.MachineConfiguration;
import io.ocelot.api.operator.MachineConfigurationSpec;
import io.ocelot.api.operator.NodeDisruptionPolicies;
import io.ocelot.api.operator.NodeDisruptionPolicy;
import io.ocelot.api.operator.Operator;
import java.util.Optional;

/** The cluster's node disruption policy, as the commands that plan against a cluster read it. */
final class ClusterPolicy {
  private ClusterPolicy() {}

  /**
   * {@code MachineConfiguration/cluster}'s policy merged over the defaults, as the controller does;
   * empty (MCO's legacy rules) on a cluster without that object or its CRD.
   */
  static Optional<NodeDisruptionPolicy> of(KubernetesClient client) {
    MachineConfiguration mc;
    try {
      mc = client.resources(MachineConfiguration.class).withName(Operator.CLUSTER).get();
    } catch (KubernetesClientException e) {
      return Optional.empty();
    }
    return mc == null
        ? Optional.empty()
        : Optional.of(
            NodeDisruptionPolicies.merge(
                Optional.ofNullable(mc.getSpec())
                    .map(MachineConfigurationSpec::nodeDisruptionPolicy)));
  }

  /**
   * The storage sections whose changes nodes skip ({@code irreconcilableValidationOverrides} of
   * {@code MachineConfiguration/cluster}); none without that object or its CRD.
   */
  static java.util.Set<String> overridden(KubernetesClient client) {
    try {
      return Optional.ofNullable(
              client.resources(MachineConfiguration.class).withName(Operator.CLUSTER).get())
          .map(MachineConfiguration::getSpec)
          .map(MachineConfigurationSpec::overriddenSections)
          .orElse(java.util.Set.of());
    } catch (KubernetesClientException e) {
      return java.util.Set.of();
    }
  }
}

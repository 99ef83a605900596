package io.ocelot.controller.policy;

import io.fabric8.kubernetes.client.utils.Serialization;
import io.javaoperatorsdk.operator.api.reconciler.Context;
import io.javaoperatorsdk.operator.api.reconciler.ControllerConfiguration;
import io.javaoperatorsdk.operator.api.reconciler.Reconciler;
import io.javaoperatorsdk.operator.api.reconciler.UpdateControl;
import io.ocelot.api.operator.MachineConfiguration;
import io.ocelot.api.operator.MachineConfigurationSpec;
import io.ocelot.api.operator.MachineConfigurationStatus;
import io.ocelot.api.operator.NodeDisruptionPolicies;
import io.ocelot.api.operator.Operator;
import java.util.Objects;
import java.util.Optional;

/**
 * Computes MachineConfiguration/cluster's status as MCO's operator does: the admin's node
 * disruption policy merged over the cluster defaults, for the spec's generation. The daemons plan
 * with that status, and wait while its generation lags the spec's.
 */
@ControllerConfiguration(name = DisruptionPolicyReconciler.NAME)
public final class DisruptionPolicyReconciler implements Reconciler<MachineConfiguration> {
  public static final String NAME = "nodedisruptionpolicy";

  @Override
  public UpdateControl<MachineConfiguration> reconcile(
      MachineConfiguration mc, Context<MachineConfiguration> ctx) {
    if (!Operator.CLUSTER.equals(mc.getMetadata().getName())) {
      return UpdateControl.noUpdate();
    }
    MachineConfigurationStatus wanted = status(mc);
    if (Objects.equals(wanted, mc.getStatus())) {
      return UpdateControl.noUpdate();
    }
    MachineConfiguration updated = Serialization.clone(mc);
    updated.setStatus(wanted);
    return UpdateControl.patchStatus(updated);
  }

  /** The status for {@code mc}'s spec: the merged policies and the generation they are for. */
  static MachineConfigurationStatus status(MachineConfiguration mc) {
    return new MachineConfigurationStatus(
        mc.getMetadata().getGeneration(),
        new MachineConfigurationStatus.NodeDisruptionPolicyStatus(
            NodeDisruptionPolicies.merge(
                Optional.ofNullable(mc.getSpec())
                    .map(MachineConfigurationSpec::nodeDisruptionPolicy))));
  }
}

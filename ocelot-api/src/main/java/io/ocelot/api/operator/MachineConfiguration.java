package io.ocelot.api.operator;

import io.fabric8.generator.annotation.ValidationRule;
import io.fabric8.kubernetes.client.CustomResource;
import io.fabric8.kubernetes.model.annotation.Group;
import io.fabric8.kubernetes.model.annotation.Kind;
import io.fabric8.kubernetes.model.annotation.Plural;
import io.fabric8.kubernetes.model.annotation.Singular;
import io.fabric8.kubernetes.model.annotation.Version;
import io.ocelot.api.model.crd.ListMap;

/**
 * MCO's operator configuration ({@code operator.openshift.io/v1}), of which Ocelot reads the node
 * disruption policy: the admin writes {@code spec.nodeDisruptionPolicy}, the controller merges it
 * with the defaults into {@code status.nodeDisruptionPolicyStatus.clusterPolicies}, the daemons
 * plan with that. Cluster-scoped; only the object named {@code cluster} is read, so the schema
 * refuses any other name.
 */
@Group(Operator.GROUP)
@Version(Operator.VERSION)
@Kind("MachineConfiguration")
@Plural("machineconfigurations")
@Singular("machineconfiguration")
@ValidationRule(
    value = "self.metadata.name == 'cluster'",
    message = "MachineConfiguration is a singleton: its name must be cluster")
@ListMap(path = "spec.nodeDisruptionPolicy.files", keys = "path")
@ListMap(path = "spec.nodeDisruptionPolicy.units", keys = "name")
@ListMap(path = "status.nodeDisruptionPolicyStatus.clusterPolicies.files", keys = "path")
@ListMap(path = "status.nodeDisruptionPolicyStatus.clusterPolicies.units", keys = "name")
public class MachineConfiguration
    extends CustomResource<MachineConfigurationSpec, MachineConfigurationStatus> {
  private static final long serialVersionUID = 1L;

  @Override
  protected MachineConfigurationSpec initSpec() {
    return new MachineConfigurationSpec();
  }
}

package io.ocelot.api.model;

import io.fabric8.crd.generator.annotation.AdditionalPrinterColumn;
import io.fabric8.kubernetes.client.CustomResource;
import io.fabric8.kubernetes.model.annotation.Group;
import io.fabric8.kubernetes.model.annotation.Kind;
import io.fabric8.kubernetes.model.annotation.Plural;
import io.fabric8.kubernetes.model.annotation.ShortNames;
import io.fabric8.kubernetes.model.annotation.Singular;
import io.fabric8.kubernetes.model.annotation.Version;

/** A MachineConfig: what a pool's nodes must run. Cluster-scoped; has no status. */
@Group(Mco.GROUP)
@Version(Mco.VERSION)
@Kind("MachineConfig")
@Plural("machineconfigs")
@Singular("machineconfig")
@ShortNames("mc")
@AdditionalPrinterColumn(
    name = "GeneratedByController",
    jsonPath =
        ".metadata.annotations.machineconfiguration\\.openshift\\.io/generated-by-controller-version",
    type = AdditionalPrinterColumn.Type.STRING,
    getDescription = "Version of the controller that generated the machineconfig")
@AdditionalPrinterColumn(
    name = "IgnitionVersion",
    jsonPath = ".spec.config.ignition.version",
    type = AdditionalPrinterColumn.Type.STRING,
    getDescription = "Version of the Ignition config")
@AdditionalPrinterColumn(
    name = "Age",
    jsonPath = ".metadata.creationTimestamp",
    type = AdditionalPrinterColumn.Type.DATE)
public class MachineConfig extends CustomResource<MachineConfigSpec, Void> {
  private static final long serialVersionUID = 1L;

  @Override
  protected MachineConfigSpec initSpec() {
    return new MachineConfigSpec();
  }

  /**
   * {@code spec: ~} (or a spec the server dropped) is the empty spec, as MCO's Go zero value is:
   * every reader may take the spec as there (a null here crashed plan and host apply).
   */
  @Override
  public void setSpec(MachineConfigSpec spec) {
    super.setSpec(spec == null ? new MachineConfigSpec() : spec);
  }
}

package io.ocelot.api.model;

import io.fabric8.crd.generator.annotation.AdditionalPrinterColumn;
import io.fabric8.kubernetes.client.CustomResource;
import io.fabric8.kubernetes.model.annotation.Group;
import io.fabric8.kubernetes.model.annotation.Kind;
import io.fabric8.kubernetes.model.annotation.Plural;
import io.fabric8.kubernetes.model.annotation.ShortNames;
import io.fabric8.kubernetes.model.annotation.Singular;
import io.fabric8.kubernetes.model.annotation.Version;

/**
 * CRI-O tunables for the pools it selects, turned by the controller into the generated
 * MachineConfig {@code 99-<pool>-generated-containerruntime[-N]}. Cluster-scoped; upstream's short
 * name {@code ctrcfg} and no printer columns.
 */
@Group(Mco.GROUP)
@Version(Mco.VERSION)
@Kind("ContainerRuntimeConfig")
@Plural("containerruntimeconfigs")
@Singular("containerruntimeconfig")
@ShortNames("ctrcfg")
@AdditionalPrinterColumn(
    name = "Age",
    jsonPath = ".metadata.creationTimestamp",
    type = AdditionalPrinterColumn.Type.DATE)
public class ContainerRuntimeConfig
    extends CustomResource<ContainerRuntimeConfigSpec, GeneratedConfigStatus> {
  private static final long serialVersionUID = 1L;

  @Override
  protected ContainerRuntimeConfigSpec initSpec() {
    return new ContainerRuntimeConfigSpec();
  }
}

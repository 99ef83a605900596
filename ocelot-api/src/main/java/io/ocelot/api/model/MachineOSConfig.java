package io.ocelot.api.model;

import io.fabric8.crd.generator.annotation.AdditionalPrinterColumn;
import io.fabric8.kubernetes.client.CustomResource;
import io.fabric8.kubernetes.model.annotation.Group;
import io.fabric8.kubernetes.model.annotation.Kind;
import io.fabric8.kubernetes.model.annotation.Plural;
import io.fabric8.kubernetes.model.annotation.ShortNames;
import io.fabric8.kubernetes.model.annotation.Singular;
import io.fabric8.kubernetes.model.annotation.Version;

/** Opts a pool into on-cluster layering: how to build its custom OS image. Cluster-scoped. */
@Group(Mco.GROUP)
@Version(Mco.VERSION)
@Kind("MachineOSConfig")
@Plural("machineosconfigs")
@Singular("machineosconfig")
@ShortNames("mosc")
// Upstream declares no columns (kubectl prints NAME AGE); Ocelot's extras are for -o wide only.
@AdditionalPrinterColumn(
    name = "Age",
    jsonPath = ".metadata.creationTimestamp",
    type = AdditionalPrinterColumn.Type.DATE)
@AdditionalPrinterColumn(
    name = "Pool",
    jsonPath = ".spec.machineConfigPool.name",
    type = AdditionalPrinterColumn.Type.STRING,
    priority = 1)
@AdditionalPrinterColumn(
    name = "Image",
    jsonPath = ".status.currentImagePullSpec",
    type = AdditionalPrinterColumn.Type.STRING,
    priority = 1)
public class MachineOSConfig extends CustomResource<MachineOSConfigSpec, MachineOSConfigStatus> {
  private static final long serialVersionUID = 1L;

  /** Names the MachineOSBuild currently associated with this config. */
  public static final String CURRENT_BUILD_ANNOTATION = Mco.GROUP + "/current-machine-os-build";

  /** Its presence forces a rebuild; the controller removes it. */
  public static final String REBUILD_ANNOTATION = Mco.GROUP + "/rebuild";

  @Override
  protected MachineOSConfigSpec initSpec() {
    return new MachineOSConfigSpec();
  }
}

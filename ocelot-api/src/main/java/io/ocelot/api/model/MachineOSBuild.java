package io.ocelot.api.model;

import io.fabric8.crd.generator.annotation.AdditionalPrinterColumn;
import io.fabric8.kubernetes.client.CustomResource;
import io.fabric8.kubernetes.model.annotation.Group;
import io.fabric8.kubernetes.model.annotation.Kind;
import io.fabric8.kubernetes.model.annotation.Plural;
import io.fabric8.kubernetes.model.annotation.ShortNames;
import io.fabric8.kubernetes.model.annotation.Singular;
import io.fabric8.kubernetes.model.annotation.Version;

/** One image build for a (MachineOSConfig, rendered MachineConfig) pair. Cluster-scoped. */
@Group(Mco.GROUP)
@Version(Mco.VERSION)
@Kind("MachineOSBuild")
@Plural("machineosbuilds")
@Singular("machineosbuild")
@ShortNames("mosb")
@AdditionalPrinterColumn(
    name = "Prepared",
    jsonPath = ".status.conditions[?(@.type==\"Prepared\")].status",
    type = AdditionalPrinterColumn.Type.STRING)
@AdditionalPrinterColumn(
    name = "Building",
    jsonPath = ".status.conditions[?(@.type==\"Building\")].status",
    type = AdditionalPrinterColumn.Type.STRING)
@AdditionalPrinterColumn(
    name = "Succeeded",
    jsonPath = ".status.conditions[?(@.type==\"Succeeded\")].status",
    type = AdditionalPrinterColumn.Type.STRING)
@AdditionalPrinterColumn(
    name = "Interrupted",
    jsonPath = ".status.conditions[?(@.type==\"Interrupted\")].status",
    type = AdditionalPrinterColumn.Type.STRING)
@AdditionalPrinterColumn(
    name = "Failed",
    jsonPath = ".status.conditions[?(@.type==\"Failed\")].status",
    type = AdditionalPrinterColumn.Type.STRING)
@AdditionalPrinterColumn(
    name = "Age",
    jsonPath = ".metadata.creationTimestamp",
    type = AdditionalPrinterColumn.Type.DATE)
public class MachineOSBuild extends CustomResource<MachineOSBuildSpec, MachineOSBuildStatus> {
  private static final long serialVersionUID = 1L;

  /** Condition types of a build, in the order a build passes through them. */
  public static final String PREPARED = "Prepared";

  public static final String BUILDING = "Building";
  public static final String SUCCEEDED = "Succeeded";
  public static final String FAILED = "Failed";
  public static final String INTERRUPTED = "Interrupted";

  /** Labels the controller puts on every build. */
  public static final String LABEL_ON_CLUSTER_LAYERING = Mco.GROUP + "/on-cluster-layering";

  public static final String LABEL_TARGET_POOL = Mco.GROUP + "/target-machine-config-pool";
  public static final String LABEL_RENDERED_CONFIG = Mco.GROUP + "/rendered-machine-config";
  public static final String LABEL_MACHINE_OS_CONFIG = Mco.GROUP + "/machine-os-config";
  public static final String LABEL_MACHINE_OS_BUILD = Mco.GROUP + "/machine-os-build";

  @Override
  protected MachineOSBuildSpec initSpec() {
    return new MachineOSBuildSpec();
  }
}

package io.ocelot.api.model;

import io.fabric8.crd.generator.annotation.AdditionalPrinterColumn;
import io.fabric8.kubernetes.client.CustomResource;
import io.fabric8.kubernetes.model.annotation.Group;
import io.fabric8.kubernetes.model.annotation.Kind;
import io.fabric8.kubernetes.model.annotation.Plural;
import io.fabric8.kubernetes.model.annotation.ShortNames;
import io.fabric8.kubernetes.model.annotation.Singular;
import io.fabric8.kubernetes.model.annotation.Version;

/** A pool of nodes that share one rendered MachineConfig. Cluster-scoped. */
@Group(Mco.GROUP)
@Version(Mco.VERSION)
@Kind("MachineConfigPool")
@Plural("machineconfigpools")
@Singular("machineconfigpool")
@ShortNames("mcp")
@AdditionalPrinterColumn(
    name = "Config",
    jsonPath = ".status.configuration.name",
    type = AdditionalPrinterColumn.Type.STRING)
@AdditionalPrinterColumn(
    name = "Updated",
    jsonPath = ".status.conditions[?(@.type==\"Updated\")].status",
    type = AdditionalPrinterColumn.Type.STRING,
    getDescription = "When all the machines in the pool are updated to the correct machine config.")
@AdditionalPrinterColumn(
    name = "Updating",
    jsonPath = ".status.conditions[?(@.type==\"Updating\")].status",
    type = AdditionalPrinterColumn.Type.STRING,
    getDescription = "When at least one of machine is not either not updated or is in the process")
@AdditionalPrinterColumn(
    name = "Degraded",
    jsonPath = ".status.conditions[?(@.type==\"Degraded\")].status",
    type = AdditionalPrinterColumn.Type.STRING,
    getDescription = "When progress is blocked on updating one or more nodes or the pool config")
@AdditionalPrinterColumn(
    name = "MachineCount",
    jsonPath = ".status.machineCount",
    type = AdditionalPrinterColumn.Type.NUMBER,
    getDescription = "Total number of machines in the machine config pool")
@AdditionalPrinterColumn(
    name = "ReadyMachineCount",
    jsonPath = ".status.readyMachineCount",
    type = AdditionalPrinterColumn.Type.NUMBER,
    getDescription = "Total number of ready machines targeted by the pool")
@AdditionalPrinterColumn(
    name = "UpdatedMachineCount",
    jsonPath = ".status.updatedMachineCount",
    type = AdditionalPrinterColumn.Type.NUMBER,
    getDescription =
        "Total number of machines targeted by the pool that have the CurrentMachineConfig")
@AdditionalPrinterColumn(
    name = "DegradedMachineCount",
    jsonPath = ".status.degradedMachineCount",
    type = AdditionalPrinterColumn.Type.NUMBER,
    getDescription = "Total number of machines marked degraded (or unreconcilable)")
@AdditionalPrinterColumn(
    name = "Age",
    jsonPath = ".metadata.creationTimestamp",
    type = AdditionalPrinterColumn.Type.DATE)
public class MachineConfigPool
    extends CustomResource<MachineConfigPoolSpec, MachineConfigPoolStatus> {
  private static final long serialVersionUID = 1L;

  @Override
  protected MachineConfigPoolSpec initSpec() {
    return new MachineConfigPoolSpec();
  }
}

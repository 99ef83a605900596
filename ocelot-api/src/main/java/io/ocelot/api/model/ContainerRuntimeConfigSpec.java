package io.ocelot.api.model;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import io.fabric8.kubernetes.api.model.LabelSelector;

/** Spec of a ContainerRuntimeConfig: the pools it selects and CRI-O's tunables. */
@JsonInclude(JsonInclude.Include.NON_NULL)
public class ContainerRuntimeConfigSpec {
  @JsonPropertyDescription("Selects the pools this config applies to; omitted selects none")
  private LabelSelector machineConfigPoolSelector;

  @JsonPropertyDescription("The container runtime's tunables")
  private ContainerRuntimeConfiguration containerRuntimeConfig;

  public LabelSelector getMachineConfigPoolSelector() {
    return machineConfigPoolSelector;
  }

  public void setMachineConfigPoolSelector(LabelSelector machineConfigPoolSelector) {
    this.machineConfigPoolSelector = machineConfigPoolSelector;
  }

  public ContainerRuntimeConfiguration getContainerRuntimeConfig() {
    return containerRuntimeConfig;
  }

  public void setContainerRuntimeConfig(ContainerRuntimeConfiguration containerRuntimeConfig) {
    this.containerRuntimeConfig = containerRuntimeConfig;
  }
}

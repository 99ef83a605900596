package io.ocelot.api.model;

import com.fasterxml.jackson.annotation.JsonInclude;

/** Spec of a MachineOSBuild: what was built from what, and where it is pushed. */
@JsonInclude(JsonInclude.Include.NON_NULL)
public class MachineOSBuildSpec {
  private NameRef machineConfig;
  private NameRef machineOSConfig;
  private String renderedImagePushSpec;

  public NameRef getMachineConfig() {
    return machineConfig;
  }

  public void setMachineConfig(NameRef machineConfig) {
    this.machineConfig = machineConfig;
  }

  public NameRef getMachineOSConfig() {
    return machineOSConfig;
  }

  public void setMachineOSConfig(NameRef machineOSConfig) {
    this.machineOSConfig = machineOSConfig;
  }

  public String getRenderedImagePushSpec() {
    return renderedImagePushSpec;
  }

  public void setRenderedImagePushSpec(String renderedImagePushSpec) {
    this.renderedImagePushSpec = renderedImagePushSpec;
  }
}

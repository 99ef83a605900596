package io.ocelot.api.model;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.fabric8.kubernetes.api.model.Condition;
import java.util.ArrayList;
import java.util.List;

/** Status of a MachineOSConfig: the image the pool's nodes must run. */
@JsonInclude(JsonInclude.Include.NON_NULL)
public class MachineOSConfigStatus {
  private List<Condition> conditions = new ArrayList<>();
  private Long observedGeneration;
  private String currentImagePullSpec;
  private ObjectRef machineOSBuild;

  public List<Condition> getConditions() {
    return conditions;
  }

  public void setConditions(List<Condition> conditions) {
    this.conditions = conditions == null ? new ArrayList<>() : conditions;
  }

  public Long getObservedGeneration() {
    return observedGeneration;
  }

  public void setObservedGeneration(Long observedGeneration) {
    this.observedGeneration = observedGeneration;
  }

  public String getCurrentImagePullSpec() {
    return currentImagePullSpec;
  }

  public void setCurrentImagePullSpec(String currentImagePullSpec) {
    this.currentImagePullSpec = currentImagePullSpec;
  }

  public ObjectRef getMachineOSBuild() {
    return machineOSBuild;
  }

  public void setMachineOSBuild(ObjectRef machineOSBuild) {
    this.machineOSBuild = machineOSBuild;
  }
}

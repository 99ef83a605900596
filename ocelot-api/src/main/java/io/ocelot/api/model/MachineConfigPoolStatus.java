package io.ocelot.api.model;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import java.util.ArrayList;
import java.util.List;

/** Status of a MachineConfigPool: counts and conditions as the controller computes them. */
@JsonInclude(JsonInclude.Include.NON_NULL)
public class MachineConfigPoolStatus {
  private Long observedGeneration;
  private PoolConfiguration configuration;
  private Integer machineCount;
  private Integer updatedMachineCount;
  private Integer readyMachineCount;
  private Integer unavailableMachineCount;
  private Integer degradedMachineCount;
  private List<MachineConfigPoolCondition> conditions = new ArrayList<>();
  private List<CertExpiry> certExpirys = new ArrayList<>();
  private List<PoolSynchronizerStatus> poolSynchronizersStatus = new ArrayList<>();

  @JsonPropertyDescription(
      "The OS stream the pool's nodes run, once all are updated and none degraded")
  private OSImageStreamReference osImageStream;

  public OSImageStreamReference getOsImageStream() {
    return osImageStream;
  }

  public void setOsImageStream(OSImageStreamReference osImageStream) {
    this.osImageStream = osImageStream;
  }

  public Long getObservedGeneration() {
    return observedGeneration;
  }

  public void setObservedGeneration(Long observedGeneration) {
    this.observedGeneration = observedGeneration;
  }

  public PoolConfiguration getConfiguration() {
    return configuration;
  }

  public void setConfiguration(PoolConfiguration configuration) {
    this.configuration = configuration;
  }

  public Integer getMachineCount() {
    return machineCount;
  }

  public void setMachineCount(Integer machineCount) {
    this.machineCount = machineCount;
  }

  public Integer getUpdatedMachineCount() {
    return updatedMachineCount;
  }

  public void setUpdatedMachineCount(Integer updatedMachineCount) {
    this.updatedMachineCount = updatedMachineCount;
  }

  public Integer getReadyMachineCount() {
    return readyMachineCount;
  }

  public void setReadyMachineCount(Integer readyMachineCount) {
    this.readyMachineCount = readyMachineCount;
  }

  public Integer getUnavailableMachineCount() {
    return unavailableMachineCount;
  }

  public void setUnavailableMachineCount(Integer unavailableMachineCount) {
    this.unavailableMachineCount = unavailableMachineCount;
  }

  public Integer getDegradedMachineCount() {
    return degradedMachineCount;
  }

  public void setDegradedMachineCount(Integer degradedMachineCount) {
    this.degradedMachineCount = degradedMachineCount;
  }

  public List<MachineConfigPoolCondition> getConditions() {
    return conditions;
  }

  public void setConditions(List<MachineConfigPoolCondition> conditions) {
    this.conditions = conditions == null ? new ArrayList<>() : conditions;
  }

  public List<CertExpiry> getCertExpirys() {
    return certExpirys;
  }

  public void setCertExpirys(List<CertExpiry> certExpirys) {
    this.certExpirys = certExpirys == null ? new ArrayList<>() : certExpirys;
  }

  public List<PoolSynchronizerStatus> getPoolSynchronizersStatus() {
    return poolSynchronizersStatus;
  }

  public void setPoolSynchronizersStatus(List<PoolSynchronizerStatus> poolSynchronizersStatus) {
    this.poolSynchronizersStatus =
        poolSynchronizersStatus == null ? new ArrayList<>() : poolSynchronizersStatus;
  }
}

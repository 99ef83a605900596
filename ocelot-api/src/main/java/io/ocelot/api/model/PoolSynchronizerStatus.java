package io.ocelot.api.model;

/** Progress of one pool synchronizer (e.g. pinned image sets). */
public class PoolSynchronizerStatus {
  private String poolSynchronizerType;
  private Long machineCount;
  private Long updatedMachineCount;
  private Long readyMachineCount;
  private Long unavailableMachineCount;
  private Long availableMachineCount;
  private Long observedGeneration;

  public String getPoolSynchronizerType() {
    return poolSynchronizerType;
  }

  public void setPoolSynchronizerType(String poolSynchronizerType) {
    this.poolSynchronizerType = poolSynchronizerType;
  }

  public Long getMachineCount() {
    return machineCount;
  }

  public void setMachineCount(Long machineCount) {
    this.machineCount = machineCount;
  }

  public Long getUpdatedMachineCount() {
    return updatedMachineCount;
  }

  public void setUpdatedMachineCount(Long updatedMachineCount) {
    this.updatedMachineCount = updatedMachineCount;
  }

  public Long getReadyMachineCount() {
    return readyMachineCount;
  }

  public void setReadyMachineCount(Long readyMachineCount) {
    this.readyMachineCount = readyMachineCount;
  }

  public Long getUnavailableMachineCount() {
    return unavailableMachineCount;
  }

  public void setUnavailableMachineCount(Long unavailableMachineCount) {
    this.unavailableMachineCount = unavailableMachineCount;
  }

  public Long getAvailableMachineCount() {
    return availableMachineCount;
  }

  public void setAvailableMachineCount(Long availableMachineCount) {
    this.availableMachineCount = availableMachineCount;
  }

  public Long getObservedGeneration() {
    return observedGeneration;
  }

  public void setObservedGeneration(Long observedGeneration) {
    this.observedGeneration = observedGeneration;
  }
}

package io.ocelot.api.model;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.Objects;

/** A pool condition: type, status, reason and message as MCO sets them (no observedGeneration). */
@JsonInclude(JsonInclude.Include.NON_NULL)
public class MachineConfigPoolCondition {
  private String type;
  private String status;
  private String lastTransitionTime;
  private String reason;
  private String message;

  public MachineConfigPoolCondition() {}

  public MachineConfigPoolCondition(
      String type, String status, String lastTransitionTime, String reason, String message) {
    this.type = type;
    this.status = status;
    this.lastTransitionTime = lastTransitionTime;
    this.reason = reason;
    this.message = message;
  }

  public String getType() {
    return type;
  }

  public void setType(String type) {
    this.type = type;
  }

  public String getStatus() {
    return status;
  }

  public void setStatus(String status) {
    this.status = status;
  }

  public String getLastTransitionTime() {
    return lastTransitionTime;
  }

  public void setLastTransitionTime(String lastTransitionTime) {
    this.lastTransitionTime = lastTransitionTime;
  }

  public String getReason() {
    return reason;
  }

  public void setReason(String reason) {
    this.reason = reason;
  }

  public String getMessage() {
    return message;
  }

  public void setMessage(String message) {
    this.message = message;
  }

  @Override
  public boolean equals(Object o) {
    if (!(o instanceof MachineConfigPoolCondition)) {
      return false;
    }
    MachineConfigPoolCondition c = (MachineConfigPoolCondition) o;
    return Objects.equals(type, c.type)
        && Objects.equals(status, c.status)
        && Objects.equals(lastTransitionTime, c.lastTransitionTime)
        && Objects.equals(reason, c.reason)
        && Objects.equals(message, c.message);
  }

  @Override
  public int hashCode() {
    return Objects.hash(type, status, lastTransitionTime, reason, message);
  }
}

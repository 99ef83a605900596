package io.ocelot.api.model;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import io.fabric8.generator.annotation.Pattern;
import io.fabric8.kubernetes.api.model.Quantity;

/** CRI-O's tunables, as upstream's ContainerRuntimeConfiguration (its stable fields). */
@JsonInclude(JsonInclude.Include.NON_NULL)
public class ContainerRuntimeConfiguration {
  @JsonPropertyDescription("Most processes a container may run (0: no limit, else at least 20)")
  private Long pidsLimit;

  @JsonPropertyDescription("CRI-O's log level: fatal, panic, error, warn, info, debug or trace")
  private String logLevel;

  @JsonPropertyDescription("Largest container log file; negative: no limit, else more than 8 KiB")
  private Quantity logSizeMax;

  @JsonPropertyDescription("Quota on a container image's size (storage.conf's size option)")
  private Quantity overlaySize;

  @JsonPropertyDescription("The default OCI runtime: crun or runc")
  @Pattern("^(crun|runc)$")
  private String defaultRuntime;

  public Long getPidsLimit() {
    return pidsLimit;
  }

  public void setPidsLimit(Long pidsLimit) {
    this.pidsLimit = pidsLimit;
  }

  public String getLogLevel() {
    return logLevel;
  }

  public void setLogLevel(String logLevel) {
    this.logLevel = logLevel;
  }

  public Quantity getLogSizeMax() {
    return logSizeMax;
  }

  public void setLogSizeMax(Quantity logSizeMax) {
    this.logSizeMax = logSizeMax;
  }

  public Quantity getOverlaySize() {
    return overlaySize;
  }

  public void setOverlaySize(Quantity overlaySize) {
    this.overlaySize = overlaySize;
  }

  public String getDefaultRuntime() {
    return defaultRuntime;
  }

  public void setDefaultRuntime(String defaultRuntime) {
    this.defaultRuntime = defaultRuntime;
  }
}

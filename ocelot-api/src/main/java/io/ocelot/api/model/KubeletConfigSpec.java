package io.ocelot.api.model;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import com.fasterxml.jackson.databind.JsonNode;
import io.fabric8.crd.generator.annotation.PreserveUnknownFields;
import io.fabric8.generator.annotation.Max;
import io.fabric8.generator.annotation.Min;
import io.fabric8.kubernetes.api.model.LabelSelector;

/** Spec of a KubeletConfig; field names and limits as upstream's. */
@JsonInclude(JsonInclude.Include.NON_NULL)
public class KubeletConfigSpec {
  @JsonPropertyDescription(
      "Size system-reserved CPU and memory from each node's capacity"
          + " (/etc/node-sizing-enabled.env)")
  private Boolean autoSizingReserved;

  @JsonPropertyDescription("Kubelet log verbosity, 0 to 10")
  @Min(0)
  @Max(10)
  private Integer logLevel;

  @JsonPropertyDescription(
      "Selects the pools this config applies to; omitted or empty selects none")
  private LabelSelector machineConfigPoolSelector;

  @JsonPropertyDescription(
      "Upstream KubeletConfiguration fields, merged over the pool's base kubelet config")
  @PreserveUnknownFields
  private JsonNode kubeletConfig;

  @JsonPropertyDescription(
      "TLS settings of the kubelet's server; omitted: the Intermediate profile")
  private TlsSecurityProfile tlsSecurityProfile;

  public Boolean getAutoSizingReserved() {
    return autoSizingReserved;
  }

  public void setAutoSizingReserved(Boolean autoSizingReserved) {
    this.autoSizingReserved = autoSizingReserved;
  }

  public Integer getLogLevel() {
    return logLevel;
  }

  public void setLogLevel(Integer logLevel) {
    this.logLevel = logLevel;
  }

  public LabelSelector getMachineConfigPoolSelector() {
    return machineConfigPoolSelector;
  }

  public void setMachineConfigPoolSelector(LabelSelector machineConfigPoolSelector) {
    this.machineConfigPoolSelector = machineConfigPoolSelector;
  }

  public JsonNode getKubeletConfig() {
    return kubeletConfig;
  }

  public void setKubeletConfig(JsonNode kubeletConfig) {
    this.kubeletConfig = kubeletConfig;
  }

  public TlsSecurityProfile getTlsSecurityProfile() {
    return tlsSecurityProfile;
  }

  public void setTlsSecurityProfile(TlsSecurityProfile tlsSecurityProfile) {
    this.tlsSecurityProfile = tlsSecurityProfile;
  }
}

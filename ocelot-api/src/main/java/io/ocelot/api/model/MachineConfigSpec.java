package io.ocelot.api.model;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import com.fasterxml.jackson.databind.JsonNode;
import io.fabric8.crd.generator.annotation.PreserveUnknownFields;
import io.fabric8.generator.annotation.Pattern;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/** Spec of a MachineConfig; field names as the Machine Config Operator's API. */
@JsonInclude(JsonInclude.Include.NON_NULL)
public class MachineConfigSpec {
  @JsonPropertyDescription("Ignition config (spec 3.0-3.5 or 2.2) as raw JSON")
  @PreserveUnknownFields
  private JsonNode config;

  @JsonPropertyDescription("OS container image the nodes boot; a digest pullspec is recommended")
  private String osImageURL;

  @JsonPropertyDescription("Image carrying extension RPMs")
  private String baseOSExtensionsContainerImage;

  @JsonPropertyDescription("Kernel arguments; one entry may hold several space-separated args")
  private List<String> kernelArguments = new ArrayList<>();

  @JsonPropertyDescription("Kernel type: default, realtime or 64k-pages")
  @Pattern("^(|default|realtime|64k-pages)$")
  private String kernelType;

  @JsonPropertyDescription("OS extensions to install")
  private List<String> extensions = new ArrayList<>();

  @JsonPropertyDescription("FIPS mode; can never change on a running node")
  private Boolean fips;

  public JsonNode getConfig() {
    return config;
  }

  public void setConfig(JsonNode config) {
    this.config = config;
  }

  public String getOsImageURL() {
    return osImageURL;
  }

  public void setOsImageURL(String osImageURL) {
    this.osImageURL = osImageURL;
  }

  public String getBaseOSExtensionsContainerImage() {
    return baseOSExtensionsContainerImage;
  }

  public void setBaseOSExtensionsContainerImage(String baseOSExtensionsContainerImage) {
    this.baseOSExtensionsContainerImage = baseOSExtensionsContainerImage;
  }

  public List<String> getKernelArguments() {
    return kernelArguments;
  }

  public void setKernelArguments(List<String> kernelArguments) {
    this.kernelArguments = kernelArguments == null ? new ArrayList<>() : kernelArguments;
  }

  public String getKernelType() {
    return kernelType;
  }

  public void setKernelType(String kernelType) {
    this.kernelType = kernelType;
  }

  public List<String> getExtensions() {
    return extensions;
  }

  public void setExtensions(List<String> extensions) {
    this.extensions = extensions == null ? new ArrayList<>() : extensions;
  }

  public Boolean getFips() {
    return fips;
  }

  public void setFips(Boolean fips) {
    this.fips = fips;
  }

  /** FIPS as a plain boolean: unset means off. */
  public boolean fipsEnabled() {
    return Boolean.TRUE.equals(fips);
  }

  @Override
  public boolean equals(Object o) {
    if (!(o instanceof MachineConfigSpec)) {
      return false;
    }
    MachineConfigSpec other = (MachineConfigSpec) o;
    return Objects.equals(config, other.config)
        && Objects.equals(osImageURL, other.osImageURL)
        && Objects.equals(baseOSExtensionsContainerImage, other.baseOSExtensionsContainerImage)
        && Objects.equals(kernelArguments, other.kernelArguments)
        && Objects.equals(kernelType, other.kernelType)
        && Objects.equals(extensions, other.extensions)
        && Objects.equals(fips, other.fips);
  }

  @Override
  public int hashCode() {
    return Objects.hash(
        config,
        osImageURL,
        baseOSExtensionsContainerImage,
        kernelArguments,
        kernelType,
        extensions,
        fips);
  }
}

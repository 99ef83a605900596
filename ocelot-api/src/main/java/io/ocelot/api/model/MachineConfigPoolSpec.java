package io.ocelot.api.model;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import io.fabric8.generator.annotation.ValidationRule;
import io.fabric8.kubernetes.api.model.IntOrString;
import io.fabric8.kubernetes.api.model.LabelSelector;
import java.util.ArrayList;
import java.util.List;

/** Spec of a MachineConfigPool. */
@JsonInclude(JsonInclude.Include.NON_NULL)
public class MachineConfigPoolSpec {
  @JsonPropertyDescription("Selects the MachineConfigs rendered into this pool's config")
  private LabelSelector machineConfigSelector;

  @JsonPropertyDescription("Selects the nodes of this pool")
  private LabelSelector nodeSelector;

  @JsonPropertyDescription("Nodes that may be unavailable at once: an integer or a percentage")
  @ValidationRule(
      value = "type(self) == int ? self >= 0 : self.matches('^[0-9]+%$')",
      message = "must be a non-negative integer or a percentage such as 10%")
  private IntOrString maxUnavailable;

  @JsonPropertyDescription("A paused pool targets no node")
  private Boolean paused;

  @JsonPropertyDescription(
      "The rendered MachineConfig the pool targets (written by the controller)")
  private PoolConfiguration configuration;

  private List<PinnedImageSetRef> pinnedImageSets = new ArrayList<>();

  @JsonPropertyDescription(
      "The OS stream of this pool's nodes (OSImageStream/cluster's); omitted: the default")
  private OSImageStreamReference osImageStream;

  public OSImageStreamReference getOsImageStream() {
    return osImageStream;
  }

  public void setOsImageStream(OSImageStreamReference osImageStream) {
    this.osImageStream = osImageStream;
  }

  /** The stream the pool names itself, or empty. */
  public String osImageStreamName() {
    return osImageStream == null || osImageStream.name() == null ? "" : osImageStream.name();
  }

  public LabelSelector getMachineConfigSelector() {
    return machineConfigSelector;
  }

  public void setMachineConfigSelector(LabelSelector machineConfigSelector) {
    this.machineConfigSelector = machineConfigSelector;
  }

  public LabelSelector getNodeSelector() {
    return nodeSelector;
  }

  public void setNodeSelector(LabelSelector nodeSelector) {
    this.nodeSelector = nodeSelector;
  }

  public IntOrString getMaxUnavailable() {
    return maxUnavailable;
  }

  public void setMaxUnavailable(IntOrString maxUnavailable) {
    this.maxUnavailable = maxUnavailable;
  }

  public Boolean getPaused() {
    return paused;
  }

  public void setPaused(Boolean paused) {
    this.paused = paused;
  }

  public PoolConfiguration getConfiguration() {
    return configuration;
  }

  public void setConfiguration(PoolConfiguration configuration) {
    this.configuration = configuration;
  }

  public List<PinnedImageSetRef> getPinnedImageSets() {
    return pinnedImageSets;
  }

  public void setPinnedImageSets(List<PinnedImageSetRef> pinnedImageSets) {
    this.pinnedImageSets = pinnedImageSets == null ? new ArrayList<>() : pinnedImageSets;
  }
}

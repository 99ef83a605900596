package io.ocelot.api.model;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.fabric8.generator.annotation.Min;
import io.fabric8.generator.annotation.Size;
import io.fabric8.generator.annotation.ValidationRule;
import io.fabric8.kubernetes.api.model.Condition;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/** What the node's daemon reports: its update conditions and the config and image it is on. */
@JsonInclude(JsonInclude.Include.NON_NULL)
public class MachineConfigNodeStatus {
  @Size(max = 20)
  private List<Condition> conditions = new ArrayList<>();

  @Min(1)
  @ValidationRule(value = "self >= oldSelf", message = "observedGeneration must not decrease")
  private Long observedGeneration;

  private ConfigVersion configVersion;
  private ConfigImage configImage;

  @Size(max = 32)
  private List<IrreconcilableChangeDiff> irreconcilableChanges;

  @Size(max = 100)
  private List<McnPinnedImageSet> pinnedImageSets;

  /** The node's progress on each pinned image set of its pool; none without sets. */
  public List<McnPinnedImageSet> getPinnedImageSets() {
    return pinnedImageSets;
  }

  public void setPinnedImageSets(List<McnPinnedImageSet> pinnedImageSets) {
    this.pinnedImageSets =
        pinnedImageSets == null || pinnedImageSets.isEmpty() ? null : List.copyOf(pinnedImageSets);
  }

  /**
   * What the node skipped of its target because it cannot apply it (upstream's field); none when it
   * has all of it.
   */
  public List<IrreconcilableChangeDiff> getIrreconcilableChanges() {
    return irreconcilableChanges;
  }

  public void setIrreconcilableChanges(List<IrreconcilableChangeDiff> irreconcilableChanges) {
    this.irreconcilableChanges =
        irreconcilableChanges == null || irreconcilableChanges.isEmpty()
            ? null
            : List.copyOf(irreconcilableChanges);
  }

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

  public ConfigVersion getConfigVersion() {
    return configVersion;
  }

  public void setConfigVersion(ConfigVersion configVersion) {
    this.configVersion = configVersion;
  }

  public ConfigImage getConfigImage() {
    return configImage;
  }

  public void setConfigImage(ConfigImage configImage) {
    this.configImage = configImage;
  }

  /** The rendered config the node is on and the one it has validated as its next. */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public static class ConfigVersion {
    @Size(max = 253)
    @ValidationRule(
        value = MachineConfigNode.DNS1123_RULE,
        message = MachineConfigNode.DNS1123_MESSAGE)
    private String current;

    @Size(max = 253)
    @ValidationRule(
        value = MachineConfigNode.DNS1123_RULE,
        message = MachineConfigNode.DNS1123_MESSAGE)
    private String desired;

    public ConfigVersion() {}

    public ConfigVersion(String current, String desired) {
      this.current = current;
      this.desired = desired;
    }

    public String getCurrent() {
      return current;
    }

    public void setCurrent(String current) {
      this.current = current;
    }

    public String getDesired() {
      return desired;
    }

    public void setDesired(String desired) {
      this.desired = desired;
    }

    @Override
    public boolean equals(Object o) {
      return o instanceof ConfigVersion v
          && Objects.equals(current, v.current)
          && Objects.equals(desired, v.desired);
    }

    @Override
    public int hashCode() {
      return Objects.hash(current, desired);
    }
  }

  /** The layered image the node has booted and the one it is moving to (image mode). */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public static class ConfigImage {
    @Size(max = 447)
    private String currentImage;

    @Size(max = 447)
    private String desiredImage;

    public ConfigImage() {}

    public ConfigImage(String currentImage, String desiredImage) {
      this.currentImage = currentImage;
      this.desiredImage = desiredImage;
    }

    public String getCurrentImage() {
      return currentImage;
    }

    public void setCurrentImage(String currentImage) {
      this.currentImage = currentImage;
    }

    public String getDesiredImage() {
      return desiredImage;
    }

    public void setDesiredImage(String desiredImage) {
      this.desiredImage = desiredImage;
    }

    @Override
    public boolean equals(Object o) {
      return o instanceof ConfigImage i
          && Objects.equals(currentImage, i.currentImage)
          && Objects.equals(desiredImage, i.desiredImage);
    }

    @Override
    public int hashCode() {
      return Objects.hash(currentImage, desiredImage);
    }
  }
}

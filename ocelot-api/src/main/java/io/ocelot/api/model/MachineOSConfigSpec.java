package io.ocelot.api.model;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import io.fabric8.generator.annotation.Pattern;
import io.fabric8.generator.annotation.Required;
import io.fabric8.generator.annotation.Size;
import java.util.ArrayList;
import java.util.List;

/** Spec of a MachineOSConfig. */
@JsonInclude(JsonInclude.Include.NON_NULL)
public class MachineOSConfigSpec {
  @JsonPropertyDescription("The pool this layered image is for")
  @Required
  private NameRef machineConfigPool;

  @Required private ImageBuilder imageBuilder;

  @JsonPropertyDescription("Pull secret for the base OS image")
  private NameRef baseImagePullSecret;

  @JsonPropertyDescription("Push secret for the built image")
  @Required
  private NameRef renderedImagePushSecret;

  @JsonPropertyDescription("Tag-form pullspec the built image is pushed to")
  @Required
  @Size(min = 1, max = 447)
  private String renderedImagePushSpec;

  @JsonPropertyDescription("Containerfile fragments layered on the base image, per architecture")
  private List<ContainerfileSpec> containerFile = new ArrayList<>();

  public NameRef getMachineConfigPool() {
    return machineConfigPool;
  }

  public void setMachineConfigPool(NameRef machineConfigPool) {
    this.machineConfigPool = machineConfigPool;
  }

  public ImageBuilder getImageBuilder() {
    return imageBuilder;
  }

  public void setImageBuilder(ImageBuilder imageBuilder) {
    this.imageBuilder = imageBuilder;
  }

  public NameRef getBaseImagePullSecret() {
    return baseImagePullSecret;
  }

  public void setBaseImagePullSecret(NameRef baseImagePullSecret) {
    this.baseImagePullSecret = baseImagePullSecret;
  }

  public NameRef getRenderedImagePushSecret() {
    return renderedImagePushSecret;
  }

  public void setRenderedImagePushSecret(NameRef renderedImagePushSecret) {
    this.renderedImagePushSecret = renderedImagePushSecret;
  }

  public String getRenderedImagePushSpec() {
    return renderedImagePushSpec;
  }

  public void setRenderedImagePushSpec(String renderedImagePushSpec) {
    this.renderedImagePushSpec = renderedImagePushSpec;
  }

  public List<ContainerfileSpec> getContainerFile() {
    return containerFile;
  }

  public void setContainerFile(List<ContainerfileSpec> containerFile) {
    this.containerFile = containerFile == null ? new ArrayList<>() : containerFile;
  }

  /** Which builder runs the build; only {@code Job} exists. */
  public static class ImageBuilder {
    @Required
    @Pattern("^Job$")
    private String imageBuilderType;

    public String getImageBuilderType() {
      return imageBuilderType;
    }

    public void setImageBuilderType(String imageBuilderType) {
      this.imageBuilderType = imageBuilderType;
    }
  }

  /** One Containerfile fragment for an architecture (ARM64, AMD64, PPC64LE, S390X or NoArch). */
  public static class ContainerfileSpec {
    private String containerfileArch;
    private String content;

    public String getContainerfileArch() {
      return containerfileArch;
    }

    public void setContainerfileArch(String containerfileArch) {
      this.containerfileArch = containerfileArch;
    }

    public String getContent() {
      return content;
    }

    public void setContent(String content) {
      this.content = content;
    }
  }
}

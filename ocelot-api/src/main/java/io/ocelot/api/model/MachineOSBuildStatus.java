package io.ocelot.api.model;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.fabric8.kubernetes.api.model.Condition;
import java.util.ArrayList;
import java.util.List;

/** Status of a MachineOSBuild: conditions, builder and the pushed image digest. */
@JsonInclude(JsonInclude.Include.NON_NULL)
public class MachineOSBuildStatus {
  private List<Condition> conditions = new ArrayList<>();
  private BuilderStatus builder;
  private List<ObjectRef> relatedObjects = new ArrayList<>();
  private String buildStart;
  private String buildEnd;
  private String digestedImagePushSpec;

  public List<Condition> getConditions() {
    return conditions;
  }

  public void setConditions(List<Condition> conditions) {
    this.conditions = conditions == null ? new ArrayList<>() : conditions;
  }

  public BuilderStatus getBuilder() {
    return builder;
  }

  public void setBuilder(BuilderStatus builder) {
    this.builder = builder;
  }

  public List<ObjectRef> getRelatedObjects() {
    return relatedObjects;
  }

  public void setRelatedObjects(List<ObjectRef> relatedObjects) {
    this.relatedObjects = relatedObjects == null ? new ArrayList<>() : relatedObjects;
  }

  public String getBuildStart() {
    return buildStart;
  }

  public void setBuildStart(String buildStart) {
    this.buildStart = buildStart;
  }

  public String getBuildEnd() {
    return buildEnd;
  }

  public void setBuildEnd(String buildEnd) {
    this.buildEnd = buildEnd;
  }

  public String getDigestedImagePushSpec() {
    return digestedImagePushSpec;
  }

  public void setDigestedImagePushSpec(String digestedImagePushSpec) {
    this.digestedImagePushSpec = digestedImagePushSpec;
  }

  /** The builder that ran the build and the object (a Job) it used. */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public static class BuilderStatus {
    private String imageBuilderType;
    private ObjectRef job;

    public String getImageBuilderType() {
      return imageBuilderType;
    }

    public void setImageBuilderType(String imageBuilderType) {
      this.imageBuilderType = imageBuilderType;
    }

    public ObjectRef getJob() {
      return job;
    }

    public void setJob(ObjectRef job) {
      this.job = job;
    }
  }
}

package io.ocelot.api.model;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.fabric8.generator.annotation.Max;
import io.fabric8.generator.annotation.Min;
import io.fabric8.generator.annotation.Required;
import io.fabric8.generator.annotation.Size;
import io.fabric8.generator.annotation.ValidationRule;
import java.util.Objects;

/**
 * A node's progress on one pinned image set (upstream's {@code
 * MachineConfigNodeStatusPinnedImageSet}): the generation it pinned, the one it works towards, and
 * the last that failed with why.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@ValidationRule(
    value =
        "has(self.desiredGeneration) && has(self.currentGeneration) ?"
            + " self.desiredGeneration >= self.currentGeneration : true",
    message = "desired generation must be greater than or equal to the current generation")
@ValidationRule(
    value =
        "has(self.lastFailedGeneration) && has(self.desiredGeneration) ?"
            + " self.desiredGeneration >= self.lastFailedGeneration : true",
    message = "desired generation must be greater than or equal to the last failed generation")
@ValidationRule(
    value = "has(self.lastFailedGeneration) ? has(self.lastFailedGenerationError) : true",
    message = "last failed generation error must be defined on image pull and pin failure")
public class McnPinnedImageSet {
  @Required
  @Size(max = 253)
  private String name;

  @Min(1)
  @Max(2147483647)
  private Long currentGeneration;

  @Min(1)
  @Max(2147483647)
  private Long desiredGeneration;

  @Min(1)
  @Max(2147483647)
  private Long lastFailedGeneration;

  @Size(max = 32768)
  private String lastFailedGenerationError;

  public McnPinnedImageSet() {}

  public McnPinnedImageSet(
      String name,
      Long currentGeneration,
      Long desiredGeneration,
      Long lastFailedGeneration,
      String lastFailedGenerationError) {
    this.name = name;
    this.currentGeneration = currentGeneration;
    this.desiredGeneration = desiredGeneration;
    this.lastFailedGeneration = lastFailedGeneration;
    this.lastFailedGenerationError = lastFailedGenerationError;
  }

  /** Whether the node pinned the generation it works towards. */
  public boolean done() {
    return desiredGeneration != null && desiredGeneration.equals(currentGeneration);
  }

  public String getName() {
    return name;
  }

  public void setName(String name) {
    this.name = name;
  }

  public Long getCurrentGeneration() {
    return currentGeneration;
  }

  public void setCurrentGeneration(Long currentGeneration) {
    this.currentGeneration = currentGeneration;
  }

  public Long getDesiredGeneration() {
    return desiredGeneration;
  }

  public void setDesiredGeneration(Long desiredGeneration) {
    this.desiredGeneration = desiredGeneration;
  }

  public Long getLastFailedGeneration() {
    return lastFailedGeneration;
  }

  public void setLastFailedGeneration(Long lastFailedGeneration) {
    this.lastFailedGeneration = lastFailedGeneration;
  }

  public String getLastFailedGenerationError() {
    return lastFailedGenerationError;
  }

  public void setLastFailedGenerationError(String lastFailedGenerationError) {
    this.lastFailedGenerationError = lastFailedGenerationError;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof McnPinnedImageSet p
        && Objects.equals(name, p.name)
        && Objects.equals(currentGeneration, p.currentGeneration)
        && Objects.equals(desiredGeneration, p.desiredGeneration)
        && Objects.equals(lastFailedGeneration, p.lastFailedGeneration)
        && Objects.equals(lastFailedGenerationError, p.lastFailedGenerationError);
  }

  @Override
  public int hashCode() {
    return Objects.hash(
        name,
        currentGeneration,
        desiredGeneration,
        lastFailedGeneration,
        lastFailedGenerationError);
  }

  @Override
  public String toString() {
    return name + "(current " + currentGeneration + ", desired " + desiredGeneration + ")";
  }
}

package io.ocelot.api.policy;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import io.fabric8.generator.annotation.Default;
import io.fabric8.generator.annotation.Max;
import io.fabric8.generator.annotation.Min;
import io.fabric8.generator.annotation.Pattern;
import io.fabric8.generator.annotation.Required;
import io.fabric8.generator.annotation.ValidationRule;

/**
 * A rollout in growing batches, each started only once enough of the ones before it are done and
 * healthy; failures halt it only before a safety share of the pool is done.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@ValidationRule(
    value = "self.strategy != 'exponential' || !has(self.growth) || self.growth >= 2",
    message = "an exponential strategy's growth is a factor of at least 2")
public class RolloutBatches {
  public static final String FIXED = "fixed";
  public static final String LINEAR = "linear";
  public static final String EXPONENTIAL = "exponential";

  @JsonPropertyDescription(
      "How batches grow: fixed (every batch initialBatch nodes), linear (each batch growth nodes"
          + " more than the one before), exponential (each growth times the one before)")
  @Required
  @Pattern("^(fixed|linear|exponential)$")
  private String strategy;

  @JsonPropertyDescription("Nodes in the first batch. Default 1")
  @Min(1)
  @Default("1")
  private Integer initialBatch;

  @JsonPropertyDescription(
      "linear: nodes added per batch (default 1); exponential: the factor (default 2)")
  @Min(1)
  private Integer growth;

  @JsonPropertyDescription(
      "Percent of the nodes targeted so far that must be done and healthy before the next batch"
          + " starts. Default 100")
  @Min(1)
  @Max(100)
  @Default("100")
  private Integer successThreshold;

  @JsonPropertyDescription(
      "Nodes that may fail the target before the rollout halts (stop-the-line); takes the place"
          + " of the policy's maxFailedNodes. Default: maxFailedNodes")
  @Min(0)
  private Integer failureThreshold;

  @JsonPropertyDescription(
      "Percent of the pool done on the target after which failures no longer halt the rollout:"
          + " they are reported and it goes on. Default 100 (failures always halt it)")
  @Min(0)
  @Max(100)
  @Default("100")
  private Integer safetyLimit;

  public String getStrategy() {
    return strategy;
  }

  public void setStrategy(String strategy) {
    this.strategy = strategy;
  }

  public Integer getInitialBatch() {
    return initialBatch;
  }

  public void setInitialBatch(Integer initialBatch) {
    this.initialBatch = initialBatch;
  }

  public Integer getGrowth() {
    return growth;
  }

  public void setGrowth(Integer growth) {
    this.growth = growth;
  }

  public Integer getSuccessThreshold() {
    return successThreshold;
  }

  public void setSuccessThreshold(Integer successThreshold) {
    this.successThreshold = successThreshold;
  }

  public Integer getFailureThreshold() {
    return failureThreshold;
  }

  public void setFailureThreshold(Integer failureThreshold) {
    this.failureThreshold = failureThreshold;
  }

  public Integer getSafetyLimit() {
    return safetyLimit;
  }

  public void setSafetyLimit(Integer safetyLimit) {
    this.safetyLimit = safetyLimit;
  }
}

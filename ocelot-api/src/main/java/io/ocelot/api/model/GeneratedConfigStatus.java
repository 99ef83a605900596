package io.ocelot.api.model;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.ArrayList;
import java.util.List;

/**
 * Status of a KubeletConfig or ContainerRuntimeConfig (upstream's two types have this one shape):
 * the generation the controller saw and its last few verdicts, newest last. The list is atomic
 * upstream: a type may appear more than once (MCO keeps three entries of history).
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public class GeneratedConfigStatus {
  private Long observedGeneration;
  private List<ConfigCondition> conditions = new ArrayList<>();

  public Long getObservedGeneration() {
    return observedGeneration;
  }

  public void setObservedGeneration(Long observedGeneration) {
    this.observedGeneration = observedGeneration;
  }

  public List<ConfigCondition> getConditions() {
    return conditions;
  }

  public void setConditions(List<ConfigCondition> conditions) {
    this.conditions = conditions == null ? new ArrayList<>() : conditions;
  }
}

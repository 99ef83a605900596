package io.ocelot.api.policy;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.fabric8.kubernetes.api.model.Condition;
import java.util.ArrayList;
import java.util.List;

/** Which pools the policy applies to now, and whether it was accepted. */
@JsonInclude(JsonInclude.Include.NON_NULL)
public class RolloutPolicyStatus {
  private List<String> pools = new ArrayList<>();
  private List<Condition> conditions = new ArrayList<>();

  public List<String> getPools() {
    return pools;
  }

  public void setPools(List<String> pools) {
    this.pools = pools == null ? new ArrayList<>() : pools;
  }

  public List<Condition> getConditions() {
    return conditions;
  }

  public void setConditions(List<Condition> conditions) {
    this.conditions = conditions == null ? new ArrayList<>() : conditions;
  }
}

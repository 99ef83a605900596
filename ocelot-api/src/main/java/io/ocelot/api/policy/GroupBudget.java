package io.ocelot.api.policy;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import io.fabric8.generator.annotation.Required;
import io.fabric8.generator.annotation.Size;
import io.fabric8.generator.annotation.ValidationRule;
import io.fabric8.kubernetes.api.model.IntOrString;
import java.util.ArrayList;
import java.util.List;

/**
 * A disruption budget per group of nodes across every pool a policy governs, as flightctl's {@code
 * disruptionBudget{groupBy, minAvailable, maxUnavailable}}: nodes that share the values of the
 * {@code groupBy} labels (a zone, a rack, a site) form a group, and no more of a group is disrupted
 * at once than its budget allows, whatever each pool's maxUnavailable says.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@ValidationRule(
    value = "has(self.maxUnavailable) != has(self.minAvailable)",
    message = "set exactly one of maxUnavailable and minAvailable")
public class GroupBudget {
  @JsonPropertyDescription(
      "Node label keys whose values make a group, e.g. topology.kubernetes.io/zone; nodes without"
          + " one of them share the group of the empty value")
  @Required
  @Size(min = 1, max = 4)
  private List<String> groupBy = new ArrayList<>();

  @JsonPropertyDescription("Nodes of a group that may be unavailable at once: a count or a percent")
  private IntOrString maxUnavailable;

  @JsonPropertyDescription("Nodes of a group that must stay available: a count or a percent")
  private IntOrString minAvailable;

  public List<String> getGroupBy() {
    return groupBy;
  }

  public void setGroupBy(List<String> groupBy) {
    this.groupBy = groupBy == null ? new ArrayList<>() : groupBy;
  }

  public IntOrString getMaxUnavailable() {
    return maxUnavailable;
  }

  public void setMaxUnavailable(IntOrString maxUnavailable) {
    this.maxUnavailable = maxUnavailable;
  }

  public IntOrString getMinAvailable() {
    return minAvailable;
  }

  public void setMinAvailable(IntOrString minAvailable) {
    this.minAvailable = minAvailable;
  }
}

package io.ocelot.api.policy;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import io.fabric8.generator.annotation.Size;
import io.fabric8.generator.annotation.ValidationRule;
import io.fabric8.kubernetes.api.model.LabelSelector;
import java.util.ArrayList;
import java.util.List;

/** Pools by name or by label; a pool either names is selected. */
@JsonInclude(JsonInclude.Include.NON_EMPTY)
@ValidationRule(
    value = "(has(self.names) && size(self.names) > 0) || has(self.selector)",
    message = "select pools by names or by selector")
public class PoolSelection {
  @JsonPropertyDescription("MachineConfigPool names")
  @Size(max = 64)
  private List<String> names = new ArrayList<>();

  @JsonPropertyDescription("Selects MachineConfigPools by their labels")
  private LabelSelector selector;

  public List<String> getNames() {
    return names;
  }

  public void setNames(List<String> names) {
    this.names = names == null ? new ArrayList<>() : names;
  }

  public LabelSelector getSelector() {
    return selector;
  }

  public void setSelector(LabelSelector selector) {
    this.selector = selector;
  }
}

package io.ocelot.api.model;

import io.fabric8.generator.annotation.Required;
import io.fabric8.generator.annotation.Size;
import io.fabric8.generator.annotation.ValidationRule;
import java.util.Objects;

/** A reference by name to a node or pool, validated by the API server as upstream does. */
public class McoObjectReference {
  @Required
  @Size(max = 253)
  @ValidationRule(
      value = MachineConfigNode.DNS1123_RULE,
      message = MachineConfigNode.DNS1123_MESSAGE)
  private String name;

  public McoObjectReference() {}

  public McoObjectReference(String name) {
    this.name = name;
  }

  public String getName() {
    return name;
  }

  public void setName(String name) {
    this.name = name;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof McoObjectReference && Objects.equals(name, ((McoObjectReference) o).name);
  }

  @Override
  public int hashCode() {
    return Objects.hashCode(name);
  }
}

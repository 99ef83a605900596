package io.ocelot.api.model;

import io.fabric8.generator.annotation.Required;
import io.fabric8.generator.annotation.Size;
import java.util.Objects;

/** A reference by name to a cluster-scoped object (pool, secret, MachineConfig, ...). */
public class NameRef {
  @Required
  @Size(min = 1, max = 253)
  private String name;

  public NameRef() {}

  public NameRef(String name) {
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
    return o instanceof NameRef && Objects.equals(name, ((NameRef) o).name);
  }

  @Override
  public int hashCode() {
    return Objects.hashCode(name);
  }
}

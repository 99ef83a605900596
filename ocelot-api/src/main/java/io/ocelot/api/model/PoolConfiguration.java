package io.ocelot.api.model;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.fabric8.kubernetes.api.model.ObjectReference;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/** A rendered MachineConfig name and the MachineConfigs it was rendered from. */
@JsonInclude(JsonInclude.Include.NON_NULL)
public class PoolConfiguration {
  private String name;
  private List<ObjectReference> source = new ArrayList<>();

  public PoolConfiguration() {}

  public PoolConfiguration(String name, List<ObjectReference> source) {
    this.name = name;
    this.source = new ArrayList<>(source);
  }

  public String getName() {
    return name;
  }

  public void setName(String name) {
    this.name = name;
  }

  public List<ObjectReference> getSource() {
    return source;
  }

  public void setSource(List<ObjectReference> source) {
    this.source = source == null ? new ArrayList<>() : source;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof PoolConfiguration
        && Objects.equals(name, ((PoolConfiguration) o).name)
        && Objects.equals(source, ((PoolConfiguration) o).source);
  }

  @Override
  public int hashCode() {
    return Objects.hash(name, source);
  }
}

package io.ocelot.api.model;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.Objects;

/** A reference to any object by group, resource, namespace and name (OpenShift's shape). */
@JsonInclude(JsonInclude.Include.NON_NULL)
public class ObjectRef {
  private String group;
  private String resource;
  private String namespace;
  private String name;

  public ObjectRef() {}

  public ObjectRef(String group, String resource, String namespace, String name) {
    this.group = group;
    this.resource = resource;
    this.namespace = namespace;
    this.name = name;
  }

  public String getGroup() {
    return group;
  }

  public void setGroup(String group) {
    this.group = group;
  }

  public String getResource() {
    return resource;
  }

  public void setResource(String resource) {
    this.resource = resource;
  }

  public String getNamespace() {
    return namespace;
  }

  public void setNamespace(String namespace) {
    this.namespace = namespace;
  }

  public String getName() {
    return name;
  }

  public void setName(String name) {
    this.name = name;
  }

  @Override
  public boolean equals(Object o) {
    if (!(o instanceof ObjectRef)) {
      return false;
    }
    ObjectRef r = (ObjectRef) o;
    return Objects.equals(group, r.group)
        && Objects.equals(resource, r.resource)
        && Objects.equals(namespace, r.namespace)
        && Objects.equals(name, r.name);
  }

  @Override
  public int hashCode() {
    return Objects.hash(group, resource, namespace, name);
  }
}

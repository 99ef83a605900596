package io.ocelot.api.model;

/** Reference to a PinnedImageSet by name. */
public class PinnedImageSetRef {
  private String name;

  public String getName() {
    return name;
  }

  public void setName(String name) {
    this.name = name;
  }
}

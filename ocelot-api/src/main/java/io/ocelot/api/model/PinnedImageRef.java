package io.ocelot.api.model;

import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import io.fabric8.generator.annotation.Required;
import io.fabric8.generator.annotation.Size;
import io.fabric8.generator.annotation.ValidationRule;

/** One image of a pinned image set, by digest (upstream's rules, in its words). */
public class PinnedImageRef {
  @JsonPropertyDescription(
      "An OCI image referenced by digest: host[:port][/namespace]/name@sha256:<64 hex digits>")
  @Required
  @Size(min = 1, max = 447)
  @ValidationRule(
      value =
          "(self.split('@').size() == 2 && self.split('@')[1].matches('^sha256:[a-f0-9]{64}$'))",
      message =
          "the OCI Image reference must end with a valid '@sha256:<digest>' suffix, where"
              + " '<digest>' is 64 characters long")
  @ValidationRule(
      value =
          "(self.split('@')[0].matches('^([a-zA-Z0-9-]+\\\\.)+[a-zA-Z0-9-]+(:[0-9]{2,5})?/"
              + "([a-zA-Z0-9-_]{0,61}/)?[a-zA-Z0-9-_.]*?$'))",
      message =
          "the OCI Image name should follow the host[:port][/namespace]/name format, resembling"
              + " a valid URL without the scheme")
  private String name;

  public PinnedImageRef() {}

  public PinnedImageRef(String name) {
    this.name = name;
  }

  public String getName() {
    return name;
  }

  public void setName(String name) {
    this.name = name;
  }
}

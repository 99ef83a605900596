package io.ocelot.api.model;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import io.fabric8.generator.annotation.Pattern;
import io.fabric8.generator.annotation.Required;
import io.fabric8.generator.annotation.Size;

/** What the admin chooses: the stream pools without their own run. */
@JsonInclude(JsonInclude.Include.NON_NULL)
public class OSImageStreamSpec {
  @JsonPropertyDescription(
      "The stream of pools that name none; once the status lists streams, one of them")
  @Required
  @Size(min = 1, max = 253)
  @Pattern(OSImageStreamSet.DNS1123_SUBDOMAIN)
  private String defaultStream;

  public String getDefaultStream() {
    return defaultStream;
  }

  public void setDefaultStream(String defaultStream) {
    this.defaultStream = defaultStream;
  }
}

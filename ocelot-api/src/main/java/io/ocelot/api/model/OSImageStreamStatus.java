package io.ocelot.api.model;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import io.fabric8.generator.annotation.Pattern;
import io.fabric8.generator.annotation.Required;
import io.fabric8.generator.annotation.Size;
import io.fabric8.generator.annotation.ValidationRule;
import java.util.ArrayList;
import java.util.List;

/** The streams the cluster offers and the default in force, written by the controller. */
@JsonInclude(JsonInclude.Include.NON_NULL)
@ValidationRule(
    value = "self.defaultStream in self.availableStreams.map(s, s.name)",
    message = "defaultStream must reference a stream name from availableStreams")
public class OSImageStreamStatus {
  @JsonPropertyDescription("The streams pools may run, by name")
  @Required
  @Size(min = 1, max = 100)
  private List<OSImageStreamSet> availableStreams = new ArrayList<>();

  @JsonPropertyDescription("The stream of pools that name none")
  @Required
  @Size(min = 1, max = 253)
  @Pattern(OSImageStreamSet.DNS1123_SUBDOMAIN)
  private String defaultStream;

  public List<OSImageStreamSet> getAvailableStreams() {
    return availableStreams;
  }

  public void setAvailableStreams(List<OSImageStreamSet> availableStreams) {
    this.availableStreams = availableStreams == null ? new ArrayList<>() : availableStreams;
  }

  public String getDefaultStream() {
    return defaultStream;
  }

  public void setDefaultStream(String defaultStream) {
    this.defaultStream = defaultStream;
  }
}

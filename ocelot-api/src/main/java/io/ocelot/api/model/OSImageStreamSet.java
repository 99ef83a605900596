package io.ocelot.api.model;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import io.fabric8.generator.annotation.Pattern;
import io.fabric8.generator.annotation.Required;
import io.fabric8.generator.annotation.Size;

/** One OS stream: its name and its images, by digest. */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record OSImageStreamSet(
    @JsonPropertyDescription("The stream's name, e.g. rhel-10")
        @Required
        @Size(min = 1, max = 253)
        @Pattern(DNS1123_SUBDOMAIN)
        String name,
    @JsonProperty("osImage")
        @JsonPropertyDescription("The OS image, by digest")
        @Required
        @Size(min = 1, max = 447)
        @Pattern(DIGEST)
        String osImage,
    @JsonProperty("osExtensionsImage")
        @JsonPropertyDescription("The OS extensions image, by digest")
        @Required
        @Size(min = 1, max = 447)
        @Pattern(DIGEST)
        String osExtensionsImage) {
  /** An RFC 1123 subdomain, as upstream's CEL format check. */
  public static final String DNS1123_SUBDOMAIN =
      "^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$";

  /** host[:port][/namespace]/name@sha256:<64 hex>, as upstream's ImageDigestFormat. */
  public static final String DIGEST = "^[^@\\s]+@sha256:[a-f0-9]{64}$";
}

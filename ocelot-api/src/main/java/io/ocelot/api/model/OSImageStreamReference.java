package io.ocelot.api.model;

import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import io.fabric8.generator.annotation.Pattern;
import io.fabric8.generator.annotation.Required;
import io.fabric8.generator.annotation.Size;

/** A pool's OS stream, by name: one of OSImageStream/cluster's available streams. */
public record OSImageStreamReference(
    @JsonPropertyDescription("The stream's name")
        @Required
        @Size(min = 1, max = 253)
        @Pattern(OSImageStreamSet.DNS1123_SUBDOMAIN)
        String name) {}

package io.ocelot.api.model;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import io.fabric8.generator.annotation.Pattern;
import io.fabric8.generator.annotation.Required;
import io.fabric8.generator.annotation.Size;

/**
 * Upstream's {@code IrreconcilableChangeDiff}: a part of the target rendered config that differs
 * from what this node has and that it cannot apply (an overridden storage section).
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record IrreconcilableChangeDiff(
    @JsonPropertyDescription(
            "The path in the rendered MachineConfig that differs, e.g. spec.config.storage.disks")
        @Required
        @Size(min = 1, max = 70)
        @Pattern("^spec\\.[\\da-zA-Z\\.\\[\\]]+$")
        String fieldPath,
    @JsonPropertyDescription("How it differs: what the node has (-) and what the config says (+)")
        @Required
        @Size(min = 1, max = 4096)
        String diff) {}

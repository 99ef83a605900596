package io.ocelot.api.operator;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import io.fabric8.generator.annotation.Size;
import io.fabric8.generator.annotation.ValidationRule;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Upstream's {@code irreconcilableValidationOverrides} of MachineConfiguration/cluster: the storage
 * sections whose changes no longer make nodes Unreconcilable. Existing nodes skip such a change
 * (they cannot apply it); new nodes get it at their first boot.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@ValidationRule(
    value = "!has(self.storage) || self.storage.all(s, self.storage.exists_one(t, t == s))",
    message = "storage must not contain duplicates")
public record IrreconcilableValidationOverrides(
    @JsonPropertyDescription(
            "Sections of spec.config.storage that may change: Disks, FileSystems, Raid. Only nodes"
                + " provisioned afterwards get such a change; existing nodes skip it")
        @Size(min = 1, max = 3)
        List<StorageOverride> storage) {

  /** The Ignition sections ({@code storage.disks}, ...) these overrides let change. */
  public Set<String> sections() {
    return storage == null
        ? Set.of()
        : storage.stream().map(StorageOverride::section).collect(Collectors.toUnmodifiableSet());
  }
}

package io.ocelot.api.operator;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.fabric8.generator.annotation.Pattern;
import io.fabric8.generator.annotation.ValidationRule;

/**
 * The fields of upstream's spec that Ocelot reads ({@code nodeDisruptionPolicy}, {@code
 * irreconcilableValidationOverrides}) or accepts so that upstream's manifests apply unchanged
 * ({@code managementState}, {@code logLevel}, {@code operatorLogLevel}: accepted and ignored).
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record MachineConfigurationSpec(
    @Pattern("^(Managed|Unmanaged|Force|Removed)$") String managementState,
    @Pattern("^(|Normal|Debug|Trace|TraceAll)$") String logLevel,
    @Pattern("^(|Normal|Debug|Trace|TraceAll)$") String operatorLogLevel,
    @ValidationRule(
            value =
                "(!has(self.files) || self.files.all(f, f.actions.all(a, a.type != 'Special')))"
                    + " && (!has(self.units) || self.units.all(u, u.actions.all(a, a.type !="
                    + " 'Special'))) && (!has(self.sshkey) || self.sshkey.actions.all(a, a.type !="
                    + " 'Special'))",
            message = "Special is an action only the cluster's default policies use")
        NodeDisruptionPolicy nodeDisruptionPolicy,
    IrreconcilableValidationOverrides irreconcilableValidationOverrides) {

  public MachineConfigurationSpec() {
    this(null, null, null, null);
  }

  /** Without irreconcilable-change overrides. */
  public MachineConfigurationSpec(
      String managementState,
      String logLevel,
      String operatorLogLevel,
      NodeDisruptionPolicy nodeDisruptionPolicy) {
    this(managementState, logLevel, operatorLogLevel, nodeDisruptionPolicy, null);
  }

  /** The Ignition sections whose changes existing nodes skip instead of refusing. */
  public java.util.Set<String> overriddenSections() {
    return irreconcilableValidationOverrides == null
        ? java.util.Set.of()
        : irreconcilableValidationOverrides.sections();
  }
}

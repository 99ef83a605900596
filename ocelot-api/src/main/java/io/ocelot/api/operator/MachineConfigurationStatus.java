package io.ocelot.api.operator;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * What the controller computed: the policies in force ({@code clusterPolicies}: the defaults with
 * the admin's entries over them) for the spec of {@code observedGeneration}.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record MachineConfigurationStatus(
    Long observedGeneration, NodeDisruptionPolicyStatus nodeDisruptionPolicyStatus) {

  /** The merged policies, under upstream's field name. */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public record NodeDisruptionPolicyStatus(NodeDisruptionPolicy clusterPolicies) {}
}

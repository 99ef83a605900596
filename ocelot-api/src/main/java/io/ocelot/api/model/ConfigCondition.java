package io.ocelot.api.model;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * One verdict on a KubeletConfig ({@code Accepted}, and the deprecated {@code Success} / {@code
 * Failure} MCO still writes beside it) or a ContainerRuntimeConfig ({@code Success} / {@code
 * Failure}). Messages as MCO's: {@code Success}, or {@code Error: <why>}.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ConfigCondition(
    String type, String status, String lastTransitionTime, String reason, String message) {
  public static final String ACCEPTED = "Accepted";
  public static final String SUCCESS = "Success";
  public static final String FAILURE = "Failure";
}

package io.ocelot.api.policy;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import io.fabric8.generator.annotation.ValidationRule;
import io.fabric8.kubernetes.api.model.IntOrString;

/**
 * Stage ahead: nodes still waiting for their turn pull the pool's new OS image beforehand (as
 * {@code rpm-ostree rebase --download-only}: into the host's image store, no deployment, no drain,
 * no reboot), so that their turn holds only the drain and the reboot. The pulls have their own
 * limit: a registry serves only so many nodes at once.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@ValidationRule(
    value =
        "!has(self.maxConcurrentPulls) || (type(self.maxConcurrentPulls) == int"
            + " ? self.maxConcurrentPulls >= 1"
            + " : self.maxConcurrentPulls.matches('^[1-9][0-9]*%$'))",
    message = "maxConcurrentPulls is a count of at least 1 or a percent such as 10%")
public class StageAhead {
  /** The default limit of concurrent pulls when none is given. */
  public static final String DEFAULT_MAX_CONCURRENT_PULLS = "10%";

  @JsonPropertyDescription(
      "Waiting nodes of a pool that may pull at once: a count or a percent of the pool (rounded"
          + " up, at least 1). Default 10%")
  private IntOrString maxConcurrentPulls;

  public IntOrString getMaxConcurrentPulls() {
    return maxConcurrentPulls;
  }

  public void setMaxConcurrentPulls(IntOrString maxConcurrentPulls) {
    this.maxConcurrentPulls = maxConcurrentPulls;
  }
}

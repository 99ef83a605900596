package io.ocelot.api.policy;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import io.fabric8.generator.annotation.Default;
import io.fabric8.generator.annotation.Pattern;
import io.fabric8.generator.annotation.Required;
import io.fabric8.generator.annotation.Size;

/**
 * No new node starts while alerts matching {@code alertNames} fire in the Prometheus at {@code
 * prometheusURL} (kured's {@code --prometheus-url}, with a filter that selects the alerts that
 * block rather than those ignored).
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public class AlertGate {
  @JsonPropertyDescription("Base URL of the Prometheus whose firing alerts gate the rollout")
  @Required
  @Size(max = 512)
  @Pattern("^https?://[^ ]+$")
  private String prometheusURL;

  @JsonPropertyDescription(
      "Regular expression (RE2/Java syntax, whole name) of the alert names that block; default:"
          + " every alert")
  @Default(".+")
  @Size(max = 512)
  private String alertNames;

  public String getPrometheusURL() {
    return prometheusURL;
  }

  public void setPrometheusURL(String prometheusURL) {
    this.prometheusURL = prometheusURL;
  }

  public String getAlertNames() {
    return alertNames;
  }

  public void setAlertNames(String alertNames) {
    this.alertNames = alertNames;
  }
}

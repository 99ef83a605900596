package io.ocelot.api.model;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import io.fabric8.generator.annotation.Pattern;
import io.fabric8.generator.annotation.ValidationRule;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * OpenShift's TLS security profile (config/v1): a named profile, or {@code Custom} with its own
 * ciphers (OpenSSL names) and minimum version. The named profiles' empty objects are accepted as
 * upstream's are.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@ValidationRule(
    value = "!has(self.type) || self.type != 'Custom' || has(self.custom)",
    message = "custom is required when type is Custom")
public class TlsSecurityProfile {
  @JsonPropertyDescription("Old, Intermediate, Modern or Custom")
  @Pattern("^(Old|Intermediate|Modern|Custom)$")
  private String type;

  private Map<String, String> old;
  private Map<String, String> intermediate;
  private Map<String, String> modern;
  private Custom custom;

  public String getType() {
    return type;
  }

  public void setType(String type) {
    this.type = type;
  }

  public Map<String, String> getOld() {
    return old;
  }

  public void setOld(Map<String, String> old) {
    this.old = old;
  }

  public Map<String, String> getIntermediate() {
    return intermediate;
  }

  public void setIntermediate(Map<String, String> intermediate) {
    this.intermediate = intermediate;
  }

  public Map<String, String> getModern() {
    return modern;
  }

  public void setModern(Map<String, String> modern) {
    this.modern = modern;
  }

  public Custom getCustom() {
    return custom;
  }

  public void setCustom(Custom custom) {
    this.custom = custom;
  }

  /** A custom profile: ciphers by their OpenSSL names and the lowest TLS version. */
  @JsonInclude(JsonInclude.Include.NON_EMPTY)
  public static class Custom {
    @JsonPropertyDescription("Cipher suites by OpenSSL name, e.g. ECDHE-RSA-AES128-GCM-SHA256")
    private List<String> ciphers = new ArrayList<>();

    @JsonProperty("minTLSVersion")
    @JsonPropertyDescription("VersionTLS10, VersionTLS11, VersionTLS12 or VersionTLS13")
    @Pattern("^VersionTLS1[0-3]$")
    private String minTlsVersion;

    public List<String> getCiphers() {
      return ciphers;
    }

    public void setCiphers(List<String> ciphers) {
      this.ciphers = ciphers == null ? new ArrayList<>() : ciphers;
    }

    public String getMinTlsVersion() {
      return minTlsVersion;
    }

    public void setMinTlsVersion(String minTlsVersion) {
      this.minTlsVersion = minTlsVersion;
    }
  }
}

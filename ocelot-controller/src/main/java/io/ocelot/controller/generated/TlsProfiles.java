package io.ocelot.controller.generated;

import io.ocelot.api.model.TlsSecurityProfile;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * OpenShift's TLS profiles as the kubelet takes them: the lowest version and the cipher suites by
 * their IANA names (the kubelet is Go; OpenSSL names are mapped, and the ones Go cannot use are
 * dropped, as MCO's controller does). No profile, or {@code Custom} without its spec, is
 * Intermediate.
 */
final class TlsProfiles {
  private TlsProfiles() {}

  record Tls(String minVersion, List<String> cipherSuites) {}

  private static final List<String> MODERN =
      List.of("TLS_AES_128_GCM_SHA256", "TLS_AES_256_GCM_SHA384", "TLS_CHACHA20_POLY1305_SHA256");

  private static final List<String> INTERMEDIATE =
      concat(
          MODERN,
          List.of(
              "ECDHE-ECDSA-AES128-GCM-SHA256",
              "ECDHE-RSA-AES128-GCM-SHA256",
              "ECDHE-ECDSA-AES256-GCM-SHA384",
              "ECDHE-RSA-AES256-GCM-SHA384",
              "ECDHE-ECDSA-CHACHA20-POLY1305",
              "ECDHE-RSA-CHACHA20-POLY1305"));

  private static final List<String> OLD =
      concat(
          INTERMEDIATE,
          List.of(
              "ECDHE-ECDSA-AES128-SHA256",
              "ECDHE-RSA-AES128-SHA256",
              "ECDHE-ECDSA-AES128-SHA",
              "ECDHE-RSA-AES128-SHA",
              "ECDHE-ECDSA-AES256-SHA384",
              "ECDHE-RSA-AES256-SHA384",
              "ECDHE-ECDSA-AES256-SHA",
              "ECDHE-RSA-AES256-SHA",
              "AES128-GCM-SHA256",
              "AES256-GCM-SHA384",
              "AES128-SHA256",
              "AES256-SHA256",
              "AES128-SHA",
              "AES256-SHA",
              "DES-CBC3-SHA"));

  /** OpenSSL's names to IANA's, for the suites Go's crypto/tls supports. */
  private static final Map<String, String> IANA =
      Map.ofEntries(
          Map.entry("TLS_AES_128_GCM_SHA256", "TLS_AES_128_GCM_SHA256"),
          Map.entry("TLS_AES_256_GCM_SHA384", "TLS_AES_256_GCM_SHA384"),
          Map.entry("TLS_CHACHA20_POLY1305_SHA256", "TLS_CHACHA20_POLY1305_SHA256"),
          Map.entry("ECDHE-ECDSA-AES128-GCM-SHA256", "TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256"),
          Map.entry("ECDHE-RSA-AES128-GCM-SHA256", "TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256"),
          Map.entry("ECDHE-ECDSA-AES256-GCM-SHA384", "TLS_ECDHE_ECDSA_WITH_AES_256_GCM_SHA384"),
          Map.entry("ECDHE-RSA-AES256-GCM-SHA384", "TLS_ECDHE_RSA_WITH_AES_256_GCM_SHA384"),
          Map.entry(
              "ECDHE-ECDSA-CHACHA20-POLY1305", "TLS_ECDHE_ECDSA_WITH_CHACHA20_POLY1305_SHA256"),
          Map.entry("ECDHE-RSA-CHACHA20-POLY1305", "TLS_ECDHE_RSA_WITH_CHACHA20_POLY1305_SHA256"),
          Map.entry("ECDHE-ECDSA-AES128-SHA256", "TLS_ECDHE_ECDSA_WITH_AES_128_CBC_SHA256"),
          Map.entry("ECDHE-RSA-AES128-SHA256", "TLS_ECDHE_RSA_WITH_AES_128_CBC_SHA256"),
          Map.entry("AES128-GCM-SHA256", "TLS_RSA_WITH_AES_128_GCM_SHA256"),
          Map.entry("AES256-GCM-SHA384", "TLS_RSA_WITH_AES_256_GCM_SHA384"),
          Map.entry("AES128-SHA256", "TLS_RSA_WITH_AES_128_CBC_SHA256"),
          Map.entry("ECDHE-ECDSA-AES128-SHA", "TLS_ECDHE_ECDSA_WITH_AES_128_CBC_SHA"),
          Map.entry("ECDHE-RSA-AES128-SHA", "TLS_ECDHE_RSA_WITH_AES_128_CBC_SHA"),
          Map.entry("ECDHE-ECDSA-AES256-SHA", "TLS_ECDHE_ECDSA_WITH_AES_256_CBC_SHA"),
          Map.entry("ECDHE-RSA-AES256-SHA", "TLS_ECDHE_RSA_WITH_AES_256_CBC_SHA"),
          Map.entry("AES128-SHA", "TLS_RSA_WITH_AES_128_CBC_SHA"),
          Map.entry("AES256-SHA", "TLS_RSA_WITH_AES_256_CBC_SHA"),
          Map.entry("DES-CBC3-SHA", "TLS_RSA_WITH_3DES_EDE_CBC_SHA"),
          Map.entry("ECDHE-RSA-DES-CBC3-SHA", "TLS_ECDHE_RSA_WITH_3DES_EDE_CBC_SHA"));

  static Tls of(TlsSecurityProfile profile) {
    String type = profile == null || profile.getType() == null ? "" : profile.getType();
    return switch (type) {
      case "Old" -> tls("VersionTLS10", OLD);
      case "Modern" -> tls("VersionTLS13", MODERN);
      case "Custom" ->
          profile.getCustom() == null
              ? intermediate()
              : tls(profile.getCustom().getMinTlsVersion(), profile.getCustom().getCiphers());
      default -> intermediate();
    };
  }

  static Tls intermediate() {
    return tls("VersionTLS12", INTERMEDIATE);
  }

  private static Tls tls(String minVersion, List<String> openSsl) {
    return new Tls(minVersion, openSsl.stream().filter(IANA::containsKey).map(IANA::get).toList());
  }

  private static List<String> concat(List<String> a, List<String> b) {
    List<String> all = new ArrayList<>(a);
    all.addAll(b);
    return List.copyOf(all);
  }
}

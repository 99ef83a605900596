package io.ocelot.api.model;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** MCO's rules for the non-Ignition fields of a MachineConfig: kernel type, extensions, kargs. */
public final class MachineConfigRules {
  public static final String KERNEL_DEFAULT = "default";
  public static final String KERNEL_REALTIME = "realtime";
  public static final String KERNEL_64K_PAGES = "64k-pages";

  /** Allowed extensions and the packages each installs. */
  public static final Map<String, List<String>> EXTENSIONS =
      Map.of(
          "wasm", List.of("crun-wasm"),
          "ipsec", List.of("NetworkManager-libreswan", "libreswan"),
          "usbguard", List.of("usbguard"),
          "kerberos", List.of("krb5-workstation", "libkadm5"),
          "kernel-devel", List.of("kernel-devel", "kernel-headers"),
          "sandboxed-containers", List.of("kata-containers"),
          "sysstat", List.of("sysstat"));

  private MachineConfigRules() {}

  /** {@code ""} and {@code default} are the same kernel; null reads as default. */
  public static String canonicalKernelType(String kernelType) {
    return kernelType == null || kernelType.isEmpty() ? KERNEL_DEFAULT : kernelType;
  }

  /** MCO's error for an unknown kernel type, or empty. */
  public static Optional<String> kernelTypeProblem(String kernelType) {
    String k = canonicalKernelType(kernelType);
    if (k.equals(KERNEL_DEFAULT) || k.equals(KERNEL_REALTIME) || k.equals(KERNEL_64K_PAGES)) {
      return Optional.empty();
    }
    return Optional.of("kernelType=" + kernelType + " is invalid");
  }

  /** MCO's error for extensions outside the allow-list (Go slice format), or empty. */
  public static Optional<String> extensionsProblem(List<String> extensions) {
    List<String> invalid = extensions.stream().filter(e -> !EXTENSIONS.containsKey(e)).toList();
    return invalid.isEmpty()
        ? Optional.empty()
        : Optional.of("invalid extensions found: [" + String.join(" ", invalid) + "]");
  }

  /**
   * Splits MachineConfig kernel arguments into single arguments: an entry may hold several,
   * separated by spaces; double quotes group (and are kept), with no escaping.
   */
  public static List<String> splitKernelArguments(List<String> entries) {
    List<String> out = new ArrayList<>();
    for (String entry : entries) {
      StringBuilder current = new StringBuilder();
      boolean quoted = false;
      for (char c : entry.toCharArray()) {
        if (c == '"') {
          quoted = !quoted;
        }
        if (Character.isWhitespace(c) && !quoted) {
          if (current.length() > 0) {
            out.add(current.toString());
            current.setLength(0);
          }
        } else {
          current.append(c);
        }
      }
      if (current.length() > 0) {
        out.add(current.toString());
      }
    }
    return out;
  }

  /** True when an image reference names a digest ({@code ...@sha256:...}). */
  public static boolean isDigest(String image) {
    return image.contains("@sha256:") || image.contains("@sha512:");
  }
}

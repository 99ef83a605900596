package io.ocelot.apiserver;

import java.util.Locale;

/** Which control plane to run: {@code --control-plane kube|embedded|auto}. */
public enum ControlPlaneMode {
  /** The real one (kube-apiserver + etcd + controllers); built first if need be. */
  KUBE,
  /** fabric8's mock in this JVM: fast to start, checks nothing (the fallback). */
  EMBEDDED,
  /** The real one where it is built or can be built here, else the embedded one (said so). */
  AUTO;

  public static ControlPlaneMode parse(String text) {
    try {
      return valueOf(text.trim().toUpperCase(Locale.ROOT));
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(
          "unknown control plane '" + text + "'; choose kube, embedded or auto");
    }
  }

  @Override
  public String toString() {
    return name().toLowerCase(Locale.ROOT);
  }
}

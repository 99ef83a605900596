package io.ocelot.apiserver;

/** The control plane could not be found, built, started or reached; the message says why. */
public final class ControlPlaneException extends Exception {
  public ControlPlaneException(String message) {
    super(message);
  }

  public ControlPlaneException(String message, Throwable cause) {
    super(message, cause);
  }
}

package io.ocelot.sim;

/** The simulator cannot start or act; the message says why and what to do, for a person. */
public final class SimException extends Exception {
  public SimException(String message) {
    super(message);
  }

  public SimException(String message, Throwable cause) {
    super(message, cause);
  }
}

package io.ocelot.sim.machine;

/** A machine cannot be built, started or reached; the message says why, for a person. */
public final class MachineException extends Exception {
  public MachineException(String message) {
    super(message);
  }

  public MachineException(String message, Throwable cause) {
    super(message, cause);
  }
}

package io.ocelot.daemon.txn;

/**
 * Called after every durable write of the journal or the marker, with a name for the point. Tests
 * stop the engine there to prove that a restart recovers from any point; production does nothing.
 */
@FunctionalInterface
public interface Checkpoint {
  Checkpoint NONE = point -> {};

  void reached(String point);
}

package io.ocelot.daemon.node;

import io.ocelot.api.node.DrainRequest;
import io.ocelot.daemon.host.HostException;
import java.util.Optional;

/**
 * Asks the controller for a drain: writes {@code desiredDrain} and announces it. The transition
 * hook implements it, so that the annotation has one writer whether the request rides with Working
 * or a retry asks again.
 */
@FunctionalInterface
public interface DrainAsk {
  void ask(DrainRequest request) throws HostException;

  /**
   * While the handshake waits: the controller says what refuses {@code request} now (its {@code
   * ocelot.io/drain-blocked}; empty once nothing does). Told once per change.
   */
  default void blocked(DrainRequest request, Optional<String> why) throws HostException {}
}

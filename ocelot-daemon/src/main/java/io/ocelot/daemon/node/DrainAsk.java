package io.ocelot.daemon.node;

import io.ocelot.api.node.DrainRequest;
import io.ocelot.daemon.host.HostException;

/**
 * Asks the controller for a drain: writes {@code desiredDrain} and announces it. The transition
 * hook implements it, so that the annotation has one writer whether the request rides with Working
 * or a retry asks again.
 */
@FunctionalInterface
public interface DrainAsk {
  void ask(DrainRequest request) throws HostException;
}

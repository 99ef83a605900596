package io.ocelot.daemon.txn;

import io.ocelot.api.node.DrainRequest;
import io.ocelot.daemon.host.HostException;

/**
 * Asks the cluster to cordon and drain the node and waits for the acknowledgement (the node
 * annotation handshake). Without a cluster ({@code ocelot host apply}) there is nothing to drain.
 */
@FunctionalInterface
public interface DrainHandshake {
  DrainHandshake NO_CLUSTER = request -> {};

  /** Returns once the drain is acknowledged; throws when it cannot be (timeout, API error). */
  void drain(DrainRequest request) throws HostException;
}

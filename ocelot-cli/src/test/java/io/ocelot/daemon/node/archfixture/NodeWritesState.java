package io.ocelot.daemon.node.archfixture;

import io.ocelot.daemon.host.HostException;
import io.ocelot.daemon.node.NodeWriter;
import io.ocelot.daemon.sync.NodePhase;
import java.util.Map;
import java.util.Optional;

/** Violates "node never uses sync" and "one writer": writes the state annotation itself. */
public final class NodeWritesState {
  public void markDone(NodeWriter writer) throws HostException {
    writer.write(
        Map.of("machineconfiguration.openshift.io/state", Optional.of(NodePhase.DONE.name())));
  }
}

package io.ocelot.console;

import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.events.v1.Event;
import io.ocelot.api.model.MachineConfigNode;
import io.ocelot.api.model.MachineConfigPool;
import java.util.List;

/** The API objects one console refresh reads. */
public record ClusterObjects(
    List<MachineConfigPool> pools,
    List<Node> nodes,
    List<MachineConfigNode> machineConfigNodes,
    List<Event> events) {
  public ClusterObjects {
    pools = List.copyOf(pools);
    nodes = List.copyOf(nodes);
    machineConfigNodes = List.copyOf(machineConfigNodes);
    events = List.copyOf(events);
  }
}

package io.ocelot.console;

import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.events.v1.Event;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
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

  /** Read from the cluster; the events only when {@code withEvents}. */
  public static ClusterObjects read(KubernetesClient client, boolean withEvents) {
    return new ClusterObjects(
        client.resources(MachineConfigPool.class).list().getItems(),
        client.nodes().list().getItems(),
        machineConfigNodes(client),
        withEvents ? client.events().v1().events().inAnyNamespace().list().getItems() : List.of());
  }

  /** None on a cluster without the CRD (the console still shows the rest). */
  private static List<MachineConfigNode> machineConfigNodes(KubernetesClient client) {
    try {
      return client.resources(MachineConfigNode.class).list().getItems();
    } catch (KubernetesClientException e) {
      return List.of();
    }
  }
}

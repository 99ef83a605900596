package io.ocelot.daemon.node;

import io.fabric8.kubernetes.client.KubernetesClient;
import io.ocelot.runtime.kube.EventRecorder;
import java.time.Clock;
import java.util.Map;
import java.util.Optional;

/**
 * Events on the daemon's Node, with MCO's reasons and source ({@code machineconfigdaemon}, its host
 * the node), in the daemon's event namespace: the daemon's words over the shared {@link
 * EventRecorder}, which counts repeats up and never fails the caller.
 */
public class NodeEvents {
  public static final String SOURCE = "machineconfigdaemon";

  private final EventRecorder recorder;

  public NodeEvents(KubernetesClient client, String namespace, Clock clock) {
    this.recorder = new EventRecorder(client, SOURCE, Optional.of(namespace), clock);
  }

  public void normal(NodeView node, String reason, String message) {
    record(node, "Normal", reason, message, Map.of());
  }

  public void warning(NodeView node, String reason, String message) {
    record(node, "Warning", reason, message, Map.of());
  }

  public void record(
      NodeView node, String type, String reason, String message, Map<String, String> annotations) {
    recorder.record(
        new EventRecorder.Occurrence(
            EventRecorder.Involved.node(node.name(), node.uid()),
            type,
            reason,
            message,
            annotations,
            Optional.of(node.name())));
  }
}

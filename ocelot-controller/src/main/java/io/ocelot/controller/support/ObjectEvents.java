package io.ocelot.controller.support;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.ocelot.runtime.kube.EventRecorder;
import java.time.Clock;
import java.util.Optional;

/**
 * Events the controller records on its objects (pools, rendered configs, nodes), as {@code
 * machineconfigcontroller}, in the object's namespace or, for a cluster-scoped one, in {@code
 * default}: the controller's words over the shared {@link EventRecorder}, which counts repeats up
 * (a drain blocked for minutes is one event) and never fails the caller.
 */
public final class ObjectEvents {
  public static final String SOURCE = "machineconfigcontroller";

  /** Where Kubernetes keeps the events of cluster-scoped objects (pools, builds, nodes). */
  public static final String CLUSTER_SCOPED_EVENTS = EventRecorder.CLUSTER_SCOPED_EVENTS;

  private final EventRecorder recorder;

  public ObjectEvents(KubernetesClient client, Clock clock) {
    this.recorder = new EventRecorder(client, SOURCE, Optional.empty(), clock);
  }

  public void normal(HasMetadata on, String reason, String message) {
    record(on, "Normal", reason, message);
  }

  public void warning(HasMetadata on, String reason, String message) {
    record(on, "Warning", reason, message);
  }

  private void record(HasMetadata on, String type, String reason, String message) {
    recorder.record(
        EventRecorder.Occurrence.of(EventRecorder.Involved.of(on), type, reason, message));
  }
}

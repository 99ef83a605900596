package io.ocelot.controller;

import io.fabric8.kubernetes.api.model.EventBuilder;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.time.Clock;
import java.time.Instant;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Events the controller records on its objects (pools, rendered configs, nodes). */
public final class ObjectEvents {
  private static final Logger LOG = LoggerFactory.getLogger(ObjectEvents.class);
  public static final String SOURCE = "machineconfigcontroller";

  private final KubernetesClient client;

  /** Where Kubernetes keeps the events of cluster-scoped objects (pools, builds, nodes). */
  public static final String CLUSTER_SCOPED_EVENTS = "default";

  private final Clock clock;
  private final AtomicLong sequence = new AtomicLong();

  public ObjectEvents(KubernetesClient client, Clock clock) {
    this.client = client;
    this.clock = clock;
  }

  public void normal(HasMetadata on, String reason, String message) {
    record(on, "Normal", reason, message);
  }

  public void warning(HasMetadata on, String reason, String message) {
    record(on, "Warning", reason, message);
  }

  private void record(HasMetadata on, String type, String reason, String message) {
    Instant now = clock.instant();
    // The API server keeps a cluster-scoped object's events in "default" (it refuses any other
    // namespace for them), a namespaced object's in its own.
    String objectNamespace = on.getMetadata().getNamespace();
    String namespace =
        objectNamespace == null || objectNamespace.isEmpty()
            ? CLUSTER_SCOPED_EVENTS
            : objectNamespace;
    try {
      client
          .v1()
          .events()
          .inNamespace(namespace)
          .resource(
              new EventBuilder()
                  .withNewMetadata()
                  .withName(
                      on.getMetadata().getName()
                          + "."
                          + Long.toHexString(now.toEpochMilli())
                          + "."
                          + sequence.incrementAndGet())
                  .withNamespace(namespace)
                  .endMetadata()
                  .withNewInvolvedObject()
                  .withKind(on.getKind())
                  .withNamespace(objectNamespace)
                  .withApiVersion(on.getApiVersion())
                  .withName(on.getMetadata().getName())
                  .withUid(on.getMetadata().getUid())
                  .endInvolvedObject()
                  .withType(type)
                  .withReason(reason)
                  .withMessage(
                      message.length() <= 1024 ? message : message.substring(0, 1021) + "...")
                  .withNewSource()
                  .withComponent(SOURCE)
                  .endSource()
                  .withFirstTimestamp(now.toString())
                  .withLastTimestamp(now.toString())
                  .withCount(1)
                  .build())
          .create();
    } catch (KubernetesClientException e) {
      LOG.warn(
          "could not record event {} on {}: {}",
          reason,
          on.getMetadata().getName(),
          e.getMessage());
    }
  }
}

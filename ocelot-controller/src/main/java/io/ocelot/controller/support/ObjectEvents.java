package io.ocelot.controller.support;

import io.fabric8.kubernetes.api.model.Event;
import io.fabric8.kubernetes.api.model.EventBuilder;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.dsl.base.PatchContext;
import io.fabric8.kubernetes.client.dsl.base.PatchType;
import io.ocelot.api.events.EventSeries;
import java.time.Clock;
import java.time.Instant;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Events the controller records on its objects (pools, rendered configs, nodes); the same event
 * again within 10 minutes raises the stored one's count (a drain blocked for minutes is one event).
 */
public final class ObjectEvents {
  private static final Logger LOG = LoggerFactory.getLogger(ObjectEvents.class);
  public static final String SOURCE = "machineconfigcontroller";

  private final KubernetesClient client;

  /** Where Kubernetes keeps the events of cluster-scoped objects (pools, builds, nodes). */
  public static final String CLUSTER_SCOPED_EVENTS = "default";

  private final Clock clock;
  private final AtomicLong sequence = new AtomicLong();

  /** Repeats within 10 minutes count up one Event instead of creating another (client-go's way). */
  private final EventSeries<Event> series = new EventSeries<>();

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
    String text = message.length() <= 1024 ? message : message.substring(0, 1021) + "...";
    try {
      Event event =
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
              .withMessage(text)
              .withNewSource()
              .withComponent(SOURCE)
              .endSource()
              .withFirstTimestamp(now.toString())
              .withLastTimestamp(now.toString())
              .withCount(1)
              .build();
      series.record(
          new EventSeries.Key(on.getMetadata().getUid(), type, reason, text),
          now,
          store(namespace, event));
    } catch (KubernetesClientException e) {
      LOG.warn(
          "could not record event {} on {}: {}",
          reason,
          on.getMetadata().getName(),
          e.getMessage());
    }
  }

  /** The event created as it is, or the stored one of its series patched. */
  private EventSeries.Store<Event> store(String namespace, Event event) {
    return new EventSeries.Store<>() {
      @Override
      public Event create() {
        return client.v1().events().inNamespace(namespace).resource(event).create();
      }

      @Override
      public Event patch(Event stored, String mergePatch) {
        return client
            .v1()
            .events()
            .inNamespace(namespace)
            .resource(stored)
            .patch(PatchContext.of(PatchType.JSON_MERGE), mergePatch);
      }
    };
  }
}

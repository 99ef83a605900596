package io.ocelot.runtime.kube;

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
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Records Kubernetes Events for one component (the daemon's {@code machineconfigdaemon}, the
 * controller's {@code machineconfigcontroller}). The same event again within 10 minutes raises the
 * stored one's count instead of creating another ({@link EventSeries}, client-go's way): a retry
 * under backoff or a drain blocked for minutes is one event with a count. A failure to record is
 * logged, never thrown (as in MCO): an event is a report, not part of the work.
 */
public final class EventRecorder {
  private static final Logger LOG = LoggerFactory.getLogger(EventRecorder.class);

  /** Kubernetes caps event messages; longer ones are cut (full records live elsewhere). */
  public static final int MAX_MESSAGE = 1024;

  /** Where Kubernetes keeps the events of cluster-scoped objects (nodes, pools, configs). */
  public static final String CLUSTER_SCOPED_EVENTS = "default";

  /** What an event is about. */
  public record Involved(
      String kind, String apiVersion, String name, String uid, Optional<String> namespace) {
    public static Involved of(HasMetadata o) {
      return new Involved(
          o.getKind(),
          o.getApiVersion(),
          o.getMetadata().getName(),
          o.getMetadata().getUid(),
          Optional.ofNullable(o.getMetadata().getNamespace()).filter(n -> !n.isEmpty()));
    }

    public static Involved node(String name, String uid) {
      return new Involved("Node", "v1", name, uid, Optional.empty());
    }
  }

  /** One event to record; {@code host} names the node the component runs on, if it says. */
  public record Occurrence(
      Involved on,
      String type,
      String reason,
      String message,
      Map<String, String> annotations,
      Optional<String> host) {
    public static Occurrence of(Involved on, String type, String reason, String message) {
      return new Occurrence(on, type, reason, message, Map.of(), Optional.empty());
    }
  }

  private final KubernetesClient client;
  private final String component;
  private final Optional<String> namespace;
  private final Clock clock;
  private final AtomicLong sequence = new AtomicLong();
  private final EventSeries<Event> series = new EventSeries<>();

  /**
   * A recorder for {@code component}; its events go to {@code namespace} when given (the daemon's
   * event namespace), else to the involved object's own namespace or, for a cluster-scoped object,
   * to {@link #CLUSTER_SCOPED_EVENTS} (the only one the API server accepts for them).
   */
  public EventRecorder(
      KubernetesClient client, String component, Optional<String> namespace, Clock clock) {
    this.client = client;
    this.component = component;
    this.namespace = namespace;
    this.clock = clock;
  }

  public void record(Occurrence o) {
    Instant now = clock.instant();
    String where = namespace.or(o.on()::namespace).orElse(CLUSTER_SCOPED_EVENTS);
    String text =
        o.message().length() <= MAX_MESSAGE
            ? o.message()
            : o.message().substring(0, MAX_MESSAGE - 3) + "...";
    Event event = event(o, where, text, now);
    try {
      series.record(
          new EventSeries.Key(o.on().uid(), o.type(), o.reason(), text), now, store(where, event));
    } catch (KubernetesClientException e) {
      LOG.warn(
          "could not record event {} on {} {}: {}",
          o.reason(),
          o.on().kind(),
          o.on().name(),
          e.getMessage());
    }
  }

  private Event event(Occurrence o, String where, String text, Instant now) {
    return new EventBuilder()
        .withNewMetadata()
        .withName(
            o.on().name()
                + "."
                + Long.toHexString(now.toEpochMilli())
                + "."
                + sequence.incrementAndGet())
        .withNamespace(where)
        .withAnnotations(o.annotations().isEmpty() ? null : o.annotations())
        .endMetadata()
        .withNewInvolvedObject()
        .withKind(o.on().kind())
        .withNamespace(o.on().namespace().orElse(null))
        .withApiVersion(o.on().apiVersion())
        .withName(o.on().name())
        .withUid(o.on().uid())
        .endInvolvedObject()
        .withType(o.type())
        .withReason(o.reason())
        .withMessage(text)
        .withNewSource()
        .withComponent(component)
        .withHost(o.host().orElse(null))
        .endSource()
        .withFirstTimestamp(now.toString())
        .withLastTimestamp(now.toString())
        .withCount(1)
        .build();
  }

  /** The event created as it is, or the stored one of its series patched. */
  private EventSeries.Store<Event> store(String where, Event event) {
    return new EventSeries.Store<>() {
      @Override
      public Event create() {
        return client.v1().events().inNamespace(where).resource(event).create();
      }

      @Override
      public Event patch(Event stored, String mergePatch) {
        return client
            .v1()
            .events()
            .inNamespace(where)
            .resource(PatchTarget.of(stored))
            .patch(PatchContext.of(PatchType.JSON_MERGE), mergePatch);
      }
    };
  }
}

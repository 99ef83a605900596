package io.ocelot.daemon.node;

import io.fabric8.kubernetes.api.model.Event;
import io.fabric8.kubernetes.api.model.EventBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.dsl.base.PatchContext;
import io.fabric8.kubernetes.client.dsl.base.PatchType;
import io.ocelot.api.events.EventSeries;
import java.time.Clock;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Events on the daemon's Node, with MCO's reasons and source ({@code machineconfigdaemon}). The
 * same event again within 10 minutes raises the stored one's count (a retry under backoff is one
 * event with a count). A failure to record an event is logged, never fatal (as in MCO).
 */
public class NodeEvents {
  private static final Logger LOG = LoggerFactory.getLogger(NodeEvents.class);
  public static final String SOURCE = "machineconfigdaemon";

  /** Kubernetes caps event messages; longer ones are cut (the full record is in an annotation). */
  static final int MAX_MESSAGE = 1024;

  private final KubernetesClient client;
  private final String namespace;
  private final Clock clock;
  private final AtomicLong sequence = new AtomicLong();

  /** Repeats within 10 minutes count up one Event instead of creating another (client-go's way). */
  private final EventSeries<Event> series = new EventSeries<>();

  public NodeEvents(KubernetesClient client, String namespace, Clock clock) {
    this.client = client;
    this.namespace = namespace;
    this.clock = clock;
  }

  public void normal(NodeView node, String reason, String message) {
    record(node, "Normal", reason, message, Map.of());
  }

  public void warning(NodeView node, String reason, String message) {
    record(node, "Warning", reason, message, Map.of());
  }

  public void record(
      NodeView node, String type, String reason, String message, Map<String, String> annotations) {
    Instant now = clock.instant();
    String text =
        message.length() <= MAX_MESSAGE ? message : message.substring(0, MAX_MESSAGE - 3) + "...";
    Event event =
        new EventBuilder()
            .withNewMetadata()
            .withName(
                node.name()
                    + "."
                    + Long.toHexString(now.toEpochMilli())
                    + "."
                    + sequence.incrementAndGet())
            .withNamespace(namespace)
            .withAnnotations(annotations)
            .endMetadata()
            .withNewInvolvedObject()
            .withKind("Node")
            .withApiVersion("v1")
            .withName(node.name())
            .withUid(node.uid())
            .endInvolvedObject()
            .withType(type)
            .withReason(reason)
            .withMessage(text)
            .withNewSource()
            .withComponent(SOURCE)
            .withHost(node.name())
            .endSource()
            .withFirstTimestamp(now.toString())
            .withLastTimestamp(now.toString())
            .withCount(1)
            .build();
    try {
      series.record(new EventSeries.Key(node.uid(), type, reason, text), now, store(event));
    } catch (KubernetesClientException e) {
      LOG.warn("could not record event {} on node {}: {}", reason, node.name(), e.getMessage());
    }
  }

  /** The event created as it is, or the stored one of its series patched. */
  private EventSeries.Store<Event> store(Event event) {
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
            .resource(PatchTarget.of(stored))
            .patch(PatchContext.of(PatchType.JSON_MERGE), mergePatch);
      }
    };
  }
}

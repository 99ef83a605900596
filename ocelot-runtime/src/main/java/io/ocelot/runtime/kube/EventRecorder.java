package io.ocelot.runtime.kube;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.MicroTime;
import io.fabric8.kubernetes.api.model.events.v1.Event;
import io.fabric8.kubernetes.api.model.events.v1.EventBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.dsl.base.PatchContext;
import io.fabric8.kubernetes.client.dsl.base.PatchType;
import io.ocelot.api.events.EventActions;
import io.ocelot.api.events.EventSeries;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Records Kubernetes Events for one component (the daemon's {@code machineconfigdaemon}, the
 * controller's {@code machineconfigcontroller}) through {@code events.k8s.io/v1}: {@code
 * reportingController} the component, {@code reportingInstance} the component on its host, {@code
 * action} from the reason ({@link EventActions}), {@code regarding} the object, {@code note} the
 * message. The same event again within 10 minutes continues the stored one's {@code series} instead
 * of creating another ({@link EventSeries}): a retry under backoff or a drain blocked for minutes
 * is one event whose series counts it. Readers of core/v1 Events ({@code kubectl get events},
 * {@code kubectl describe}) see the same objects: the API server converts. A failure to record is
 * logged, never thrown (as in MCO): an event is a report, not part of the work.
 */
public final class EventRecorder {
  private static final Logger LOG = LoggerFactory.getLogger(EventRecorder.class);

  /** The API caps a note at 1 KiB (in bytes); longer ones are cut (full records live elsewhere). */
  public static final int MAX_MESSAGE = 1024;

  /** The API's limit on {@code reportingInstance}. */
  static final int MAX_INSTANCE = 128;

  /** events.k8s.io's MicroTime: RFC 3339 with exactly six digits of the second. */
  private static final DateTimeFormatter MICRO =
      DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSSSSSXXX").withZone(ZoneOffset.UTC);

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

  /**
   * One event to record; {@code host} names the node the component runs on, if it says (the
   * daemon's node): the event's {@code reportingInstance} is the component on that host.
   */
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
  private final Supplier<String> host;
  private volatile String localHost;
  private final AtomicLong sequence = new AtomicLong();
  private final EventSeries<Event> series = new EventSeries<>();

  /**
   * A recorder for {@code component}; its events go to {@code namespace} when given (the daemon's
   * event namespace), else to the involved object's own namespace or, for a cluster-scoped object,
   * to {@link #CLUSTER_SCOPED_EVENTS} (the only one the API server accepts for them).
   */
  public EventRecorder(
      KubernetesClient client, String component, Optional<String> namespace, Clock clock) {
    this(client, component, namespace, clock, () -> processHost(System.getenv()));
  }

  /**
   * The same, with {@code host} naming this process's host when an event names none (asked once,
   * only then: the daemon's events always name their node).
   */
  public EventRecorder(
      KubernetesClient client,
      String component,
      Optional<String> namespace,
      Clock clock,
      Supplier<String> host) {
    this.client = client;
    this.component = component;
    this.namespace = namespace;
    this.clock = clock;
    this.host = host;
  }

  /**
   * This process's host: in a pod, its name ({@code POD_NAME}, else {@code HOSTNAME}, which the
   * kubelet sets), else the host's name.
   */
  static String processHost(Map<String, String> env) {
    return Optional.ofNullable(env.get("POD_NAME"))
        .or(() -> Optional.ofNullable(env.get("HOSTNAME")))
        .filter(h -> !h.isBlank())
        .orElseGet(EventRecorder::hostName);
  }

  private String localHost() {
    String known = localHost;
    if (known == null) {
      known = host.get();
      localHost = known;
    }
    return known;
  }

  private static String hostName() {
    try {
      return InetAddress.getLocalHost().getHostName();
    } catch (UnknownHostException e) {
      return "unknown";
    }
  }

  /** {@code component-host}, within the API's 128 characters (a node's name may be longer). */
  static String reportingInstance(String component, String host) {
    String instance = component + "-" + host;
    return instance.length() <= MAX_INSTANCE ? instance : instance.substring(0, MAX_INSTANCE);
  }

  public void record(Occurrence o) {
    Instant now = clock.instant();
    String where = namespace.or(o.on()::namespace).orElse(CLUSTER_SCOPED_EVENTS);
    String text = note(o.message());
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

  /** The message as a note the API accepts: at most {@link #MAX_MESSAGE} bytes of UTF-8. */
  static String note(String message) {
    if (message.getBytes(StandardCharsets.UTF_8).length <= MAX_MESSAGE) {
      return message;
    }
    StringBuilder cut = new StringBuilder();
    int bytes = 0;
    for (int i = 0; i < message.length(); ) {
      int cp = message.codePointAt(i);
      int size = new String(Character.toChars(cp)).getBytes(StandardCharsets.UTF_8).length;
      if (bytes + size > MAX_MESSAGE - 3) {
        break;
      }
      cut.appendCodePoint(cp);
      bytes += size;
      i += Character.charCount(cp);
    }
    return cut.append("...").toString();
  }

  static String microTime(Instant t) {
    return MICRO.format(t);
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
        .withNewRegarding()
        .withKind(o.on().kind())
        .withNamespace(o.on().namespace().orElse(null))
        .withApiVersion(o.on().apiVersion())
        .withName(o.on().name())
        .withUid(o.on().uid())
        .endRegarding()
        .withType(o.type())
        .withReason(o.reason())
        .withAction(EventActions.of(o.reason()))
        .withNote(text)
        .withReportingController(component)
        .withReportingInstance(reportingInstance(component, o.host().orElseGet(this::localHost)))
        .withEventTime(new MicroTime(microTime(now)))
        .build();
  }

  /** The event created as it is, or the stored one's series counted up. */
  private EventSeries.Store<Event> store(String where, Event event) {
    return new EventSeries.Store<>() {
      @Override
      public Event create() {
        return client.events().v1().events().inNamespace(where).resource(event).create();
      }

      @Override
      public Event patch(Event stored, int count, Instant now) {
        return client
            .events()
            .v1()
            .events()
            .inNamespace(where)
            .resource(PatchTarget.of(stored))
            .patch(PatchContext.of(PatchType.JSON_MERGE), seriesPatch(count, now));
      }
    };
  }

  /** The merge patch that makes a stored event the {@code count}-th occurrence, last at now. */
  static String seriesPatch(int count, Instant now) {
    return "{\"series\":{\"count\":" + count + ",\"lastObservedTime\":\"" + microTime(now) + "\"}}";
  }
}

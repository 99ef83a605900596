package io.ocelot.controller.drain;

import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.NodeSpec;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.policy.v1.PodDisruptionBudget;
import io.javaoperatorsdk.operator.api.config.informer.InformerEventSourceConfiguration;
import io.javaoperatorsdk.operator.api.reconciler.Context;
import io.javaoperatorsdk.operator.api.reconciler.ControllerConfiguration;
import io.javaoperatorsdk.operator.api.reconciler.EventSourceContext;
import io.javaoperatorsdk.operator.api.reconciler.Reconciler;
import io.javaoperatorsdk.operator.api.reconciler.UpdateControl;
import io.javaoperatorsdk.operator.processing.event.ResourceID;
import io.javaoperatorsdk.operator.processing.event.source.EventSource;
import io.javaoperatorsdk.operator.processing.event.source.informer.InformerEventSource;
import io.ocelot.api.kube.ObjectMaps;
import io.ocelot.api.node.AnnotatedNode;
import io.ocelot.api.node.DrainRequest;
import io.ocelot.api.node.NodeAnnotations;
import io.ocelot.controller.support.CacheStores;
import io.ocelot.controller.support.ControllerMetrics;
import io.ocelot.controller.support.NodeUpdates;
import io.ocelot.controller.support.ObjectEvents;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.slf4j.MDC;

/**
 * Answers the daemons' drain requests (MCO §2.3): on {@code drain-<config>} cordon the node, evict
 * its pods through the Eviction API (PodDisruptionBudgets honoured; DaemonSet and mirror pods left
 * alone) and acknowledge with {@code lastAppliedDrain}; on {@code uncordon-<config>} uncordon it —
 * only if this controller cordoned it (recorded on the node) — and acknowledge. A blocked drain is
 * retried with backoff, and reported after the timeout by name of pod and budget.
 */
@ControllerConfiguration(name = DrainReconciler.NAME, generationAwareEventProcessing = false)
public final class DrainReconciler implements Reconciler<Node> {
  public static final String NAME = "drain";

  /** Set on a node this controller cordoned, so that it uncordons only those. */
  public static final String CORDONED_BY_US = NodeAnnotations.OCELOT_PREFIX + "cordoned-for-drain";

  private static final Logger LOG = LoggerFactory.getLogger(DrainReconciler.class);

  private final NodeUpdates nodes;
  private final PodEvictor pods;
  private final ObjectEvents events;
  private final ControllerMetrics metrics;
  private final DrainSettings settings;
  private final Clock clock;
  private final DrainAttempts attempts = new DrainAttempts();

  public DrainReconciler(
      NodeUpdates nodes,
      PodEvictor pods,
      ObjectEvents events,
      ControllerMetrics metrics,
      DrainSettings settings,
      Clock clock) {
    this.nodes = nodes;
    this.pods = pods;
    this.events = events;
    this.metrics = metrics;
    this.settings = settings;
    this.clock = clock;
  }

  /**
   * A PodDisruptionBudget that changes (relaxed, deleted, created) may let a blocked drain go on:
   * every node with a drain under way is looked at again at once, instead of at its next retry (up
   * to 5 minutes away once a drain has failed for 10).
   */
  @Override
  public List<EventSource<?, Node>> prepareEventSources(EventSourceContext<Node> ctx) {
    return List.of(
        new InformerEventSource<>(
            InformerEventSourceConfiguration.from(PodDisruptionBudget.class, Node.class)
                .withName(BUDGETS)
                .withSecondaryToPrimaryMapper(budget -> drainsUnderWay(ctx))
                .withItemStore(CacheStores.withoutManagedFields())
                .build(),
            ctx));
  }

  static final String BUDGETS = "disruption-budgets";

  /** The nodes asked to drain that have not been acknowledged yet. */
  static Set<ResourceID> drainsUnderWay(EventSourceContext<Node> ctx) {
    return ctx.getPrimaryCache()
        .list(DrainReconciler::drainUnderWay)
        .map(ResourceID::fromResource)
        .collect(Collectors.toSet());
  }

  static boolean drainUnderWay(Node n) {
    AnnotatedNode view = () -> annotations(n);
    return view.drainUnderWay();
  }

  @Override
  public UpdateControl<Node> reconcile(Node node, Context<Node> ctx) {
    try (MDC.MDCCloseable context = MDC.putCloseable("node", node.getMetadata().getName())) {
      return drain(node);
    }
  }

  private UpdateControl<Node> drain(Node node) {
    Map<String, String> a = annotations(node);
    String wanted = a.getOrDefault(NodeAnnotations.DESIRED_DRAIN, "");
    String name = node.getMetadata().getName();
    if (wanted.isEmpty() || wanted.equals(a.get(NodeAnnotations.LAST_APPLIED_DRAIN))) {
      return UpdateControl.noUpdate();
    }
    Optional<DrainRequest> request = DrainRequest.parse(wanted);
    if (request.isEmpty()) {
      LOG.error("node {}: unknown drain request {}; waiting for a new one", name, wanted);
      return UpdateControl.noUpdate();
    }
    if (request.get().verb() == DrainRequest.Verb.UNCORDON) {
      nodes.update(node, n -> uncordon(n) | acknowledge(n, wanted) | unblocked(n));
      LOG.info("node {}: uncordoned ({})", name, wanted);
      return UpdateControl.noUpdate();
    }
    Node cordoned = nodes.update(node, DrainReconciler::cordon);
    List<Pod> drainable = DrainablePods.of(pods.podsOn(name));
    List<String> blocked = evictAll(drainable);
    // Listed after the cordon: nothing to evict is done without a second look.
    if (drainable.isEmpty() || blocked.isEmpty() && DrainablePods.of(pods.podsOn(name)).isEmpty()) {
      // Reported before the acknowledgement, so whoever sees the ack sees the report too.
      metrics.drainSucceeded(name);
      events.normal(node, "Drained", "Drained node " + name + " for " + wanted);
      nodes.update(cordoned, n -> acknowledge(n, wanted) | unblocked(n));
      attempts.forget(name);
      return UpdateControl.noUpdate();
    }
    // Status, not only an event: what refuses the drain now (nothing, once only pods that were
    // evicted are left to end).
    nodes.update(
        cordoned,
        n ->
            blocked.isEmpty()
                ? unblocked(n)
                : blockedBy(n, "cannot evict " + String.join(", ", blocked)));
    return retryLater(node, wanted, blocked);
  }

  private static boolean blockedBy(Node n, String why) {
    int max = NodeAnnotations.DRAIN_BLOCKED_MAX_LENGTH;
    String value = why.length() <= max ? why : why.substring(0, max - 3) + "...";
    return !value.equals(mutableAnnotations(n).put(NodeAnnotations.DRAIN_BLOCKED, value));
  }

  private static boolean unblocked(Node n) {
    return n.getMetadata().getAnnotations() != null
        && n.getMetadata().getAnnotations().remove(NodeAnnotations.DRAIN_BLOCKED) != null;
  }

  /** Evicts every drainable pod once; returns why the blocked ones are blocked. */
  private List<String> evictAll(List<Pod> drainable) {
    List<String> blocked = new ArrayList<>();
    for (Pod p : drainable) {
      if (pods.evict(p) instanceof PodEvictor.Blocked b) {
        blocked.add(
            "pod "
                + p.getMetadata().getNamespace()
                + "/"
                + p.getMetadata().getName()
                + b.budget().map(pdb -> " (PodDisruptionBudget " + pdb + ")").orElse(""));
      }
    }
    return blocked;
  }

  private UpdateControl<Node> retryLater(Node node, String wanted, List<String> blocked) {
    String name = node.getMetadata().getName();
    Instant now = clock.instant();
    DrainAttempts.Attempt attempt = attempts.failed(name, wanted, now);
    Duration age = attempt.age(now);
    String why =
        blocked.isEmpty()
            ? "evicted pods are still terminating"
            : "cannot evict " + String.join(", ", blocked);
    LOG.info("node {}: drain {} not done after {} tries: {}", name, wanted, attempt.tries(), why);
    if (age.compareTo(settings.timeout()) >= 0 && !attempt.reported()) {
      attempts.reported(name);
      events.warning(
          node,
          "DrainBlocked",
          "Draining node "
              + name
              + " has failed for "
              + age.toSeconds()
              + " s: "
              + why
              + "; still retrying");
      metrics.drainFailing(name); // after the event: whoever sees the gauge finds the event
    }
    Duration next = settings.delay(attempt.tries(), age);
    if (blocked.isEmpty() && settings.terminatingPoll().compareTo(next) < 0) {
      next = settings.terminatingPoll(); // moving again (a budget let go): only pods to wait for
    }
    return UpdateControl.<Node>noUpdate().rescheduleAfter(next);
  }

  private static boolean cordon(Node n) {
    if (n.getSpec() == null) {
      n.setSpec(new NodeSpec());
    }
    if (Boolean.TRUE.equals(n.getSpec().getUnschedulable())) {
      return false; // cordoned already, by us or by someone whose cordon we must keep
    }
    n.getSpec().setUnschedulable(true);
    mutableAnnotations(n).put(CORDONED_BY_US, "true");
    return true;
  }

  private static boolean uncordon(Node n) {
    if (!annotations(n).containsKey(CORDONED_BY_US) || n.getSpec() == null) {
      return false;
    }
    n.getSpec().setUnschedulable(false);
    mutableAnnotations(n).remove(CORDONED_BY_US);
    return true;
  }

  private static boolean acknowledge(Node n, String request) {
    mutableAnnotations(n).put(NodeAnnotations.LAST_APPLIED_DRAIN, request);
    return true;
  }

  private static Map<String, String> annotations(Node n) {
    return ObjectMaps.present(n.getMetadata().getAnnotations());
  }

  private static Map<String, String> mutableAnnotations(Node n) {
    if (n.getMetadata().getAnnotations() == null) {
      n.getMetadata().setAnnotations(new HashMap<>());
    }
    return n.getMetadata().getAnnotations();
  }
}

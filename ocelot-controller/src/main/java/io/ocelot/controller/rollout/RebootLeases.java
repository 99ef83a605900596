package io.ocelot.controller.rollout;

import io.fabric8.kubernetes.api.model.coordination.v1.Lease;
import io.fabric8.kubernetes.api.model.coordination.v1.LeaseBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One {@code coordination.k8s.io/v1} Lease per node, {@code reboot-<node>} in the controller's
 * namespace, that whoever drains or reboots the node holds meanwhile (kured's lock, FleetLock's
 * semaphore, as a Kubernetes object): Ocelot takes it before it targets a node and gives it back
 * once the node is done; a node whose lease another holder has is not targeted until that holder
 * lets go or its lease expires (its renew time plus its duration).
 */
public final class RebootLeases {
  /** Ocelot's name as a holder: every replica's, so that a new leader recognises its leases. */
  public static final String HOLDER = "ocelot-controller";

  public static final String PREFIX = "reboot-";

  /** How long a lease Ocelot holds lasts unless renewed: an update may drain for an hour. */
  public static final Duration DURATION = Duration.ofHours(1);

  private static final Duration RENEW_AFTER = Duration.ofMinutes(10);
  private static final Logger LOG = LoggerFactory.getLogger(RebootLeases.class);

  /** Another holder's lease on a node, and until when it holds. */
  public record Held(String node, String holder, Instant until) {
    /** What the node's {@code ocelot.io/reboot-lease-held} says (no time: it changes less). */
    public String annotation() {
      return "reboot lease " + PREFIX + node + " is held by " + holder;
    }

    public String message() {
      return "reboot lease "
          + PREFIX
          + node
          + " of node "
          + node
          + " is held by "
          + holder
          + " (until "
          + until
          + " unless renewed)";
    }
  }

  private final KubernetesClient client;
  private final String namespace;
  private final Clock clock;

  /** The nodes whose lease Ocelot took in this process, and when it last wrote each. */
  private final Map<String, Instant> ours = new ConcurrentHashMap<>();

  private final AtomicBoolean warnedNoNamespace = new AtomicBoolean();

  public RebootLeases(KubernetesClient client, String namespace, Clock clock) {
    this.client = client;
    this.namespace = namespace;
    this.clock = clock;
  }

  /**
   * Takes {@code node}'s lease for Ocelot (creates it, renews it when due, or takes it over once
   * expired); empty when Ocelot holds it now, else the other holder that does.
   */
  public Optional<Held> acquire(String node) {
    Instant now = clock.instant();
    try {
      Lease lease = client.leases().inNamespace(namespace).withName(PREFIX + node).get();
      Instant written = now;
      if (lease == null) {
        client.leases().inNamespace(namespace).resource(fresh(node, now, 0)).create();
      } else {
        Optional<Held> other = heldByOther(lease, now);
        if (other.isPresent()) {
          return other;
        }
        boolean mine = HOLDER.equals(holder(lease));
        Optional<Instant> renewed = renewed(lease);
        if (!mine || renewed.map(r -> r.plus(RENEW_AFTER).isBefore(now)).orElse(true)) {
          int transitions =
              Optional.ofNullable(lease.getSpec().getLeaseTransitions()).orElse(0) + (mine ? 0 : 1);
          Lease taken = fresh(node, now, transitions);
          taken.getMetadata().setResourceVersion(lease.getMetadata().getResourceVersion());
          client.leases().inNamespace(namespace).resource(taken).update();
        } else {
          written = renewed.get(); // ours, renewed lately: nothing to write
        }
      }
      ours.put(node, written);
      return Optional.empty();
    } catch (KubernetesClientException e) {
      if (e.getCode() == 404) {
        // No such namespace (a controller run outside its install): no leases to honour.
        if (warnedNoNamespace.compareAndSet(false, true)) {
          LOG.warn(
              "namespace {} does not exist: nodes are targeted without reboot leases", namespace);
        }
        return Optional.empty();
      }
      if (e.getCode() != 409) {
        throw e; // the pass fails and is retried (ReconcileDegraded says why)
      }
      // Someone took or renewed it between the read and the write: the next pass looks again.
      LOG.info("node {}: reboot lease changed while taking it; trying again later", node);
      return Optional.of(new Held(node, "another holder (it changed as Ocelot took it)", now));
    }
  }

  /**
   * Renews the leases of {@code inFlight} nodes Ocelot holds that were last written more than 10
   * minutes ago (no request otherwise): a drain may take longer than a lease lasts.
   */
  public void keep(Iterable<String> inFlight) {
    Instant due = clock.instant().minus(RENEW_AFTER);
    for (String node : inFlight) {
      Instant last = ours.get(node);
      if (last != null && last.isBefore(due)) {
        acquire(node);
      }
    }
  }

  /** Gives {@code node}'s lease back, if Ocelot took it (in this process). */
  public void release(String node) {
    Instant last = ours.remove(node);
    if (last == null) {
      return;
    }
    try {
      Lease lease = client.leases().inNamespace(namespace).withName(PREFIX + node).get();
      if (lease != null && HOLDER.equals(holder(lease))) {
        client.leases().inNamespace(namespace).resource(lease).delete();
      }
    } catch (KubernetesClientException e) {
      ours.put(node, last); // next pass
      LOG.warn("node {}: reboot lease not released: {}", node, e.getMessage());
    }
  }

  /** Whether Ocelot holds {@code node}'s lease (taken in this process). */
  public boolean holds(String node) {
    return ours.containsKey(node);
  }

  /** Another holder's lease that has not expired, if {@code lease} is one. */
  static Optional<Held> heldByOther(Lease lease, Instant now) {
    String holder = holder(lease);
    if (holder.isEmpty() || HOLDER.equals(holder)) {
      return Optional.empty();
    }
    int seconds = Optional.ofNullable(lease.getSpec().getLeaseDurationSeconds()).orElse(0);
    Optional<Instant> until = renewed(lease).map(r -> r.plusSeconds(seconds));
    String node = lease.getMetadata().getName().substring(PREFIX.length());
    return until.filter(now::isBefore).map(u -> new Held(node, holder, u));
  }

  private static String holder(Lease lease) {
    return lease.getSpec() == null || lease.getSpec().getHolderIdentity() == null
        ? ""
        : lease.getSpec().getHolderIdentity();
  }

  private static Optional<Instant> renewed(Lease lease) {
    return Optional.ofNullable(lease.getSpec().getRenewTime())
        .or(() -> Optional.ofNullable(lease.getSpec().getAcquireTime()))
        .map(ZonedDateTime::toInstant);
  }

  private Lease fresh(String node, Instant now, int transitions) {
    ZonedDateTime at = now.atZone(ZoneOffset.UTC);
    return new LeaseBuilder()
        .withNewMetadata()
        .withName(PREFIX + node)
        .withNamespace(namespace)
        .addToLabels("app.kubernetes.io/managed-by", "ocelot")
        .endMetadata()
        .withNewSpec()
        .withHolderIdentity(HOLDER)
        .withLeaseDurationSeconds((int) DURATION.toSeconds())
        .withAcquireTime(at)
        .withRenewTime(at)
        .withLeaseTransitions(transitions)
        .endSpec()
        .build();
  }
}

package io.ocelot.sim;

import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.NodeAddress;
import io.fabric8.kubernetes.api.model.OwnerReferenceBuilder;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.coordination.v1.Lease;
import io.fabric8.kubernetes.api.model.coordination.v1.LeaseBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.informers.ResourceEventHandler;
import io.fabric8.kubernetes.client.informers.SharedIndexInformer;
import io.ocelot.runtime.logging.LogSetup;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Predicate;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What the kubelets of the simulated machines do towards the API server: register the Node, post
 * its Ready condition and boot ID, renew its Lease in {@code kube-node-lease} every 10 s while the
 * machine is up (as a kubelet does; the fallback server, write-bound, is spared that), and finish
 * the deletion of a pod on its node (a real kubelet stops the containers, then deletes the pod with
 * grace 0; without it an evicted pod stays Terminating and a drain never ends).
 */
final class SimKubelet implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(SimKubelet.class);
  static final String LEASE_NAMESPACE = "kube-node-lease";
  static final Duration LEASE_RENEW = Duration.ofSeconds(10);
  private static final int LEASE_SECONDS = 40;

  private final KubernetesClient client;
  private final Clock clock;
  private final boolean renewsLeases;
  private final Set<String> nodes = ConcurrentHashMap.newKeySet();

  /** Images whose kubelet never gets Ready ({@code ocelot fault fail-image-kubelet}). */
  private final Set<String> brokenOn = ConcurrentHashMap.newKeySet();

  /** Each node's Lease as last written: a renewal is one update from it, as a kubelet's is. */
  private final Map<String, Lease> leases = new ConcurrentHashMap<>();

  private final SharedIndexInformer<Pod> pods;
  private volatile boolean closed;

  /** The kubelet API ({@code kubectl logs}) and what it serves, once {@link #serveLogs} ran. */
  private volatile KubeletServer server;

  private volatile NodeLogs logs;

  SimKubelet(KubernetesClient admin, Clock clock, boolean leases) {
    this.client = admin;
    this.clock = clock;
    this.renewsLeases = leases;
    this.pods = client.pods().inAnyNamespace().inform(new Terminator(), 0);
  }

  /**
   * Keeps what each node's daemon logs and serves it as the nodes' kubelet API, for {@code kubectl
   * logs} of their daemon pods; nodes registered from now on name that endpoint. {@code cache}
   * keeps the endpoint's certificate.
   */
  void serveLogs(Path cache) throws SimException {
    NodeLogs kept = new NodeLogs();
    LogSetup.attach(kept);
    logs = kept;
    server = KubeletServer.start(KubeletServer.keyStore(cache), kept);
  }

  /**
   * Creates the Node and its Lease, as a kubelet registering does. With logs served, the Node names
   * this kubelet API: its port, and {@code localhost} as its InternalDNS address, the one the
   * control plane asks first (control-plane/apiserver.go).
   */
  void register(Node node) {
    KubeletServer api = server;
    if (api != null) {
      node.getStatus().getDaemonEndpoints().getKubeletEndpoint().setPort(api.port());
      node.getStatus().getAddresses().add(new NodeAddress("localhost", "InternalDNS"));
    }
    Node created = client.nodes().resource(node).create();
    String name = created.getMetadata().getName();
    nodes.add(name);
    if (renewsLeases) {
      Lease lease =
          new LeaseBuilder()
              .withNewMetadata()
              .withName(name)
              .withNamespace(LEASE_NAMESPACE)
              .withOwnerReferences(
                  new OwnerReferenceBuilder()
                      .withApiVersion("v1")
                      .withKind("Node")
                      .withName(name)
                      .withUid(created.getMetadata().getUid())
                      .build())
              .endMetadata()
              .withNewSpec()
              .withHolderIdentity(name)
              .withLeaseDurationSeconds(LEASE_SECONDS)
              .withRenewTime(now())
              .endSpec()
              .build();
      leases.put(name, client.leases().inNamespace(LEASE_NAMESPACE).resource(lease).create());
    }
  }

  /**
   * Renews the Lease of every node of {@code shard} (of {@code shards}, by name) that {@code up}
   * says is running. Shards renew side by side, as separate kubelets do: one thread renewing 5000
   * leases one after the other took longer than the leases last.
   */
  void renewLeases(Predicate<String> up, int shard, int shards) {
    if (!renewsLeases) {
      return;
    }
    for (Map.Entry<String, Lease> e : leases.entrySet()) {
      if (closed) {
        return; // the cluster is stopping: its API server may be gone already
      }
      if (Math.floorMod(e.getKey().hashCode(), shards) != shard || !up.test(e.getKey())) {
        continue;
      }
      try {
        Lease next =
            new LeaseBuilder(e.getValue()).editSpec().withRenewTime(now()).endSpec().build();
        leases.put(e.getKey(), client.leases().resource(next).update());
      } catch (KubernetesClientException ex) {
        if (closed) {
          return; // stopping interrupted the renewal under way: not the lease's fault
        }
        if (ex.getCode() == 409 || ex.getCode() == 404) {
          // Someone else wrote it (or removed it): read it afresh for the next renewal.
          Lease fresh = client.leases().inNamespace(LEASE_NAMESPACE).withName(e.getKey()).get();
          if (fresh != null) {
            leases.put(e.getKey(), fresh);
          }
        }
        LOG.warn("node {}: cannot renew its lease: {}", e.getKey(), ex.getMessage());
      }
    }
  }

  /** From now on (until {@link #fix}) a node booted into {@code image} is not Ready. */
  void breakOn(String image) {
    brokenOn.add(image);
  }

  void fix(String image) {
    brokenOn.remove(image);
  }

  boolean breaksOn(String image) {
    return brokenOn.contains(image);
  }

  /** Posts the node's Ready condition, boot ID and pod capacity (its kubelet.conf's maxPods). */
  void postReady(
      String name, boolean ready, String reason, String message, String bootId, int maxPods) {
    try {
      client
          .nodes()
          .withName(name)
          .editStatus(
              n -> {
                n.getStatus().getConditions().removeIf(c -> "Ready".equals(c.getType()));
                n.getStatus()
                    .getConditions()
                    .add(ClusterSeed.ready(ready, reason, message, clock.instant()));
                n.getStatus().getNodeInfo().setBootID(bootId);
                Quantity pods = new Quantity(Integer.toString(maxPods));
                Map<String, Quantity> capacity =
                    new HashMap<>(orEmpty(n.getStatus().getCapacity()));
                capacity.put("pods", pods);
                n.getStatus().setCapacity(capacity);
                Map<String, Quantity> allocatable =
                    new HashMap<>(orEmpty(n.getStatus().getAllocatable()));
                allocatable.put("pods", pods);
                n.getStatus().setAllocatable(allocatable);
                return n;
              });
    } catch (RuntimeException e) {
      LOG.warn("node {}: cannot report Ready={}: {}", name, ready, e.getMessage());
    }
  }

  /** The disk {@code ocelot fault fill-disk} leaves a node: 1 GiB above what a pin leaves free. */
  static final String FULL_DISK = "17Gi";

  /** Posts {@code size} as the node's ephemeral storage (capacity and allocatable). */
  static void postEphemeralStorage(KubernetesClient client, String name, String size) {
    client
        .nodes()
        .withName(name)
        .editStatus(
            n -> {
              Map<String, Quantity> capacity = new HashMap<>(orEmpty(n.getStatus().getCapacity()));
              capacity.put("ephemeral-storage", new Quantity(size));
              n.getStatus().setCapacity(capacity);
              Map<String, Quantity> allocatable =
                  new HashMap<>(orEmpty(n.getStatus().getAllocatable()));
              allocatable.put("ephemeral-storage", new Quantity(size));
              n.getStatus().setAllocatable(allocatable);
              return n;
            });
  }

  private static Map<String, Quantity> orEmpty(Map<String, Quantity> m) {
    return m == null ? Map.of() : m;
  }

  private ZonedDateTime now() {
    return ZonedDateTime.ofInstant(clock.instant(), ZoneOffset.UTC);
  }

  /** Deletes, with grace 0, a pod being deleted on a simulated node. */
  private final class Terminator implements ResourceEventHandler<Pod> {
    @Override
    public void onAdd(Pod pod) {
      finish(pod);
    }

    @Override
    public void onUpdate(Pod before, Pod pod) {
      finish(pod);
    }

    @Override
    public void onDelete(Pod pod, boolean unknownFinalState) {}

    private void finish(Pod pod) {
      if (pod.getSpec() == null || !nodes.contains(pod.getSpec().getNodeName())) {
        return;
      }
      try {
        if (pod.getMetadata().getDeletionTimestamp() == null) {
          if (pod.getStatus() == null || !"Running".equals(pod.getStatus().getPhase())) {
            client.pods().resource(PodStatuses.running(pod, clock.instant())).updateStatus();
          }
          return;
        }
        client.pods().resource(pod).withGracePeriod(0).delete();
      } catch (KubernetesClientException e) {
        LOG.warn(
            "pod {}/{}: cannot report it running or finish its deletion: {}",
            pod.getMetadata().getNamespace(),
            pod.getMetadata().getName(),
            e.getMessage());
      }
    }
  }

  @Override
  public void close() {
    closed = true;
    pods.close();
    if (server != null) {
      server.close();
    }
    if (logs != null) {
      LogSetup.detach(logs);
    }
  }
}

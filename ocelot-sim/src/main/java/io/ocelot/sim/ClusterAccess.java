package io.ocelot.sim;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.OwnerReferenceBuilder;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.api.model.apps.DaemonSet;
import io.fabric8.kubernetes.api.model.apps.DaemonSetStatus;
import io.fabric8.kubernetes.api.model.apps.DaemonSetStatusBuilder;
import io.fabric8.kubernetes.api.model.authentication.TokenRequest;
import io.fabric8.kubernetes.api.model.authentication.TokenRequestBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.dsl.base.PatchContext;
import io.fabric8.kubernetes.client.dsl.base.PatchType;
import io.ocelot.apiserver.ClientSharing;
import io.ocelot.apiserver.ControlPlane;
import io.ocelot.apiserver.RequestCounts;
import io.ocelot.apiserver.RequestTally;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;

/**
 * Who each part of the sim is on the control plane. Where the server authenticates, the sim
 * installs {@code deploy/}'s ServiceAccounts, RBAC, admission policy and the daemon's DaemonSet
 * (which no controller expands: the sim makes its pods), and each daemon logs in as a DaemonSet pod
 * would — a token of ServiceAccount {@code ocelot-daemon} bound to a Pod of its own on its node, so
 * the server knows the node ({@code authentication.kubernetes.io/node-name}). The daemons' clients
 * share connections, JSON mapper and threads ({@link ClientSharing}; each sends its own token). The
 * controller logs in as {@code ocelot-controller} on a connection of its own. Where the server
 * authenticates nobody, everyone shares one client.
 */
final class ClusterAccess implements AutoCloseable {
  static final String NAMESPACE = "openshift-machine-config-operator";
  static final String DAEMON_SA = "ocelot-daemon";
  static final String CONTROLLER_SA = "ocelot-controller";

  /** Manifests of deploy/ the sim installs, in order (the workloads' own objects are left out). */
  static final List<String> MANIFESTS =
      List.of(
          "00-namespace.yaml",
          "daemon/00-serviceaccount.yaml",
          "daemon/01-rbac.yaml",
          "daemon/02-admission-policy.yaml",
          "daemon/03-daemonset.yaml",
          "controller/00-serviceaccount.yaml",
          "controller/01-rbac.yaml",
          "controller/04-admission-policy.yaml");

  /**
   * Connections the daemons share (each keeps its own token): about 300 daemons per connection at
   * 5000 nodes, within the control plane's 1000 streams per connection.
   */
  static final int DAEMON_CONNECTIONS = 16;

  /** A day: the sim's tokens outlive any run; a real kubelet rotates them hourly. */
  private static final long TOKEN_SECONDS = 86_400;

  private final ControlPlane plane;
  private final KubernetesClient admin;
  private final KubernetesClient shared;
  private final ClientSharing daemonSharing = new ClientSharing(DAEMON_CONNECTIONS);
  // What Ocelot itself sends, apart from the sim's own (kubelet) requests: the benchmark's figure.
  private final RequestTally daemons = new RequestTally();
  private final RequestTally controllers = new RequestTally();
  private DaemonSet daemonSet;
  private final AtomicInteger daemonPods = new AtomicInteger();

  ClusterAccess(ControlPlane plane, KubernetesClient admin) {
    this.plane = plane;
    this.admin = admin;
    this.shared = plane.authenticates() ? null : plane.newTokenClient("", Optional.of(daemons));
  }

  /** Installs the namespace and, where identities count, deploy/'s access objects. */
  void install() {
    for (String name : plane.authenticates() ? MANIFESTS : MANIFESTS.subList(0, 1)) {
      for (HasMetadata o : load(name)) {
        // The fallback server has no server-side apply; it only ever gets the namespace.
        HasMetadata applied =
            plane.authenticates()
                ? admin
                    .resource(o)
                    .fieldManager(ControlPlane.FIELD_MANAGER)
                    .forceConflicts()
                    .serverSideApply()
                : admin.resource(o).create();
        if (applied instanceof DaemonSet ds) {
          daemonSet = ds;
        }
      }
    }
  }

  /** The controller's client (its own; closed with it). */
  KubernetesClient controller() {
    return plane.newTokenClient(
        plane.authenticates() ? token(CONTROLLER_SA, null) : "", Optional.of(controllers));
  }

  /** Makes the daemon's pod on {@code node} (where identities count), as the DaemonSet would. */
  void addDaemonPod(String node) {
    if (!plane.authenticates()) {
      return;
    }
    Pod pod =
        new PodBuilder()
            .withNewMetadata()
            .withName(podName(node))
            .withNamespace(NAMESPACE)
            .withLabels(daemonSet.getSpec().getTemplate().getMetadata().getLabels())
            .withOwnerReferences(
                new OwnerReferenceBuilder()
                    .withApiVersion("apps/v1")
                    .withKind("DaemonSet")
                    .withName(daemonSet.getMetadata().getName())
                    .withUid(daemonSet.getMetadata().getUid())
                    .withController(true)
                    .withBlockOwnerDeletion(true)
                    .build())
            .endMetadata()
            .withSpec(daemonSet.getSpec().getTemplate().getSpec())
            .editSpec()
            .withNodeName(node)
            .endSpec()
            .build();
    // The sim's kubelet reports it Running and Ready, as for any pod bound to its nodes.
    admin.pods().inNamespace(NAMESPACE).resource(pod).create();
    daemonPods.incrementAndGet();
  }

  private String statusPatch(Object status) {
    return admin.getKubernetesSerialization().asJson(Map.of("status", status));
  }

  /**
   * The DaemonSet's status as its controller would write it, once the sim made its pods: every
   * scheduled pod current, updated, ready and available, so that {@code kubectl get ds} reads N/N
   * and {@code kubectl rollout status ds/ocelot-daemon} completes (no DaemonSet controller runs).
   */
  void publishDaemonSetStatus() {
    if (!plane.authenticates()) {
      return;
    }
    int n = daemonPods.get();
    DaemonSet ds =
        admin
            .apps()
            .daemonSets()
            .inNamespace(NAMESPACE)
            .withName(daemonSet.getMetadata().getName())
            .get();
    DaemonSetStatus status =
        new DaemonSetStatusBuilder()
            .withObservedGeneration(ds.getMetadata().getGeneration())
            .withDesiredNumberScheduled(n)
            .withCurrentNumberScheduled(n)
            .withUpdatedNumberScheduled(n)
            .withNumberReady(n)
            .withNumberAvailable(n)
            .withNumberMisscheduled(0)
            .build();
    admin
        .apps()
        .daemonSets()
        .inNamespace(NAMESPACE)
        .withName(ds.getMetadata().getName())
        .subresource("status")
        .patch(PatchContext.of(PatchType.JSON_MERGE), statusPatch(status));
  }

  /**
   * A client for a daemon starting on {@code node}: a fresh token bound to its pod, as the kubelet
   * projects one into a starting container. Close it with {@link #logout}.
   */
  KubernetesClient daemon(String node) {
    if (!plane.authenticates()) {
      return shared;
    }
    Pod pod = admin.pods().inNamespace(NAMESPACE).withName(podName(node)).get();
    return plane.newTokenClient(
        token(DAEMON_SA, pod), Optional.of(daemons), Optional.of(daemonSharing.member(node)));
  }

  /** The requests Ocelot's daemons and its controller sent so far, each apart. */
  Map<String, RequestCounts> ocelotRequests() {
    Map<String, RequestCounts> out = new LinkedHashMap<>();
    out.put("daemons", daemons.counts());
    out.put("controller", controllers.counts());
    return out;
  }

  /**
   * A kubeconfig for a daemon on {@code node} running in another process (a benchmark's): the
   * server, its CA and a fresh token bound to the node's daemon pod, as {@link #daemon} logs in.
   */
  String daemonKubeconfig(String node) {
    Pod pod = admin.pods().inNamespace(NAMESPACE).withName(podName(node)).get();
    return kubeconfig(DAEMON_SA, () -> token(DAEMON_SA, pod));
  }

  /** A kubeconfig for a controller in another process: a token of its ServiceAccount. */
  String controllerKubeconfig() {
    return kubeconfig(CONTROLLER_SA, () -> token(CONTROLLER_SA, null));
  }

  private String kubeconfig(String serviceAccount, Supplier<String> token) {
    if (!plane.authenticates()) {
      throw new IllegalStateException("a process of its own needs the real control plane");
    }
    io.fabric8.kubernetes.client.Config server =
        io.fabric8.kubernetes.client.Config.fromKubeconfig(plane.kubeconfig());
    return """
        apiVersion: v1
        kind: Config
        clusters:
        - name: sim
          cluster: {server: "%s", certificate-authority-data: "%s"}
        users:
        - name: %s
          user: {token: "%s"}
        contexts:
        - name: ocelot
          context: {cluster: sim, user: %s}
        current-context: ocelot
        """
        .formatted(
            server.getMasterUrl().replaceAll("/$", ""),
            server.getCaCertData(),
            serviceAccount,
            token.get(),
            serviceAccount);
  }

  void logout(KubernetesClient daemonClient) {
    if (daemonClient != shared) {
      daemonClient.close();
    }
  }

  static String podName(String node) {
    return "ocelot-daemon-" + node;
  }

  private String token(String serviceAccount, Pod boundTo) {
    TokenRequestBuilder request =
        new TokenRequestBuilder().withNewSpec().withExpirationSeconds(TOKEN_SECONDS).endSpec();
    if (boundTo != null) {
      request
          .editSpec()
          .withNewBoundObjectRef()
          .withApiVersion("v1")
          .withKind("Pod")
          .withName(boundTo.getMetadata().getName())
          .withUid(boundTo.getMetadata().getUid())
          .endBoundObjectRef()
          .endSpec();
    }
    TokenRequest issued =
        admin
            .serviceAccounts()
            .inNamespace(NAMESPACE)
            .withName(serviceAccount)
            .tokenRequest(request.build());
    return issued.getStatus().getToken();
  }

  private List<HasMetadata> load(String name) {
    try (InputStream in = ClusterAccess.class.getResourceAsStream("deploy/" + name)) {
      if (in == null) {
        throw new IllegalStateException("missing resource io/ocelot/sim/deploy/" + name);
      }
      return admin.load(in).items();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Override
  public void close() {
    if (shared != null) {
      shared.close();
    }
    daemonSharing.close();
  }
}

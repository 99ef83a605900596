package io.ocelot.apiserver;

import io.fabric8.kubernetes.client.KubernetesClient;

/**
 * The Kubernetes API the simulator, the tests and the benchmark stand on: the real control plane
 * ({@link KubeControlPlane}: kube-apiserver, etcd and the controllers Ocelot relies on, in one
 * process) or the embedded fallback ({@link EmbeddedApiServer}: fabric8's mock, in this JVM, that
 * authenticates and authorizes nothing).
 */
public interface ControlPlane extends AutoCloseable {
  /**
   * The field manager of what Ocelot applies server-side (CRDs, deploy/'s objects): a name an admin
   * reads in managedFields, rather than the client library's default "fabric8".
   */
  String FIELD_MANAGER = "ocelot";

  /** {@code kube} or {@code embedded}, as {@code --control-plane} names them. */
  String kind();

  /** The server's base URL. */
  String url();

  /** A kubeconfig for {@code kubectl} with the admin identity. */
  String kubeconfig();

  /** Whether the server checks who calls (false: every client is an admin). */
  boolean authenticates();

  /** A fresh admin client; the caller closes it. */
  KubernetesClient newAdminClient();

  /**
   * A fresh client that presents {@code bearerToken} (a ServiceAccount token); where the server
   * authenticates nobody, a plain client. The caller closes it.
   */
  default KubernetesClient newTokenClient(String bearerToken) {
    return newTokenClient(bearerToken, java.util.Optional.empty());
  }

  /** The same, counting every request it sends in {@code tally}. */
  default KubernetesClient newTokenClient(
      String bearerToken, java.util.Optional<RequestTally> tally) {
    return newTokenClient(bearerToken, tally, java.util.Optional.empty());
  }

  /**
   * The same, sharing connections, JSON mapper and threads with the other members of {@code shared}
   * where given ({@link ClientSharing}) instead of having its own.
   */
  KubernetesClient newTokenClient(
      String bearerToken,
      java.util.Optional<RequestTally> tally,
      java.util.Optional<ClientSharing.Member> shared);

  /** Registers Ocelot's CustomResourceDefinitions and waits until they are served; returns this. */
  ControlPlane installCrds();

  /** Requests served so far, by verb and resource (for benchmarks). */
  RequestCounts requests();

  /** The server's own process, where it runs apart from this JVM (benchmarks read its memory). */
  default java.util.OptionalLong processId() {
    return java.util.OptionalLong.empty();
  }

  @Override
  void close();
}

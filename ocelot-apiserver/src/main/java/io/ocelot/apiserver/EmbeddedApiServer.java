package io.ocelot.apiserver;

import io.fabric8.kubernetes.api.model.apiextensions.v1.CustomResourceDefinition;
import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.ConfigBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import io.fabric8.kubernetes.client.utils.Serialization;
import io.fabric8.mockwebserver.Context;
import io.fabric8.mockwebserver.MockWebServer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.HashMap;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * fabric8's kubernetes-server-mock in CRUD mode, over plain HTTP on 127.0.0.1. Clients talk to it
 * through its real HTTP interface, as {@code kubectl} does. The store outlives {@link #restart}, as
 * etcd outlives an API server restart.
 */
public final class EmbeddedApiServer implements ControlPlane {
  // Kept referenced: java.util.logging forgets the level of a logger nobody holds.
  private final Logger quiet = Logger.getLogger("io.fabric8.mockwebserver");

  private final StoreDispatcher store = new StoreDispatcher(java.time.Clock.systemUTC());
  private final int port;
  private KubernetesMockServer server;
  private final KubernetesClient client;

  private EmbeddedApiServer(int port) {
    quiet.setLevel(Level.WARNING);
    this.port = port;
    this.server = serve();
    this.client = newClient();
  }

  /** Starts on a free port. */
  public static EmbeddedApiServer start() {
    return new EmbeddedApiServer(freePort());
  }

  /** Starts on {@code port}; fails if it is taken. */
  public static EmbeddedApiServer start(int port) {
    return new EmbeddedApiServer(port);
  }

  private KubernetesMockServer serve() {
    KubernetesMockServer s =
        new KubernetesMockServer(
            new Context(Serialization.jsonMapper()),
            new MockWebServer(),
            new HashMap<>(),
            store,
            false);
    try {
      s.init(InetAddress.getByName("127.0.0.1"), port);
    } catch (IOException | IllegalStateException e) {
      // The mock reports a port in use as IllegalStateException("Unable to start MockWebServer").
      throw new UncheckedIOException(
          new IOException("cannot serve the API on 127.0.0.1:" + port, e));
    }
    return s;
  }

  /**
   * Registers Ocelot's CRDs, as installing them on a cluster would: discovery then lists the kinds
   * with their short names, and status becomes a subresource (a write to the main endpoint leaves
   * it alone).
   */
  @Override
  public EmbeddedApiServer installCrds() {
    for (CustomResourceDefinition crd : OcelotCrds.load(client)) {
      client
          .apiextensions()
          .v1()
          .customResourceDefinitions()
          .resource(crd)
          .createOr(c -> c.update());
    }
    return this;
  }

  /** Stops serving for {@code millis}, then serves the same objects on the same port again. */
  public synchronized void restart(long millis) throws InterruptedException {
    server.destroy();
    Thread.sleep(millis);
    server = serve();
  }

  @Override
  public RequestCounts requests() {
    return new RequestCounts(store.requestsByKind());
  }

  @Override
  public String kind() {
    return "embedded";
  }

  @Override
  public boolean authenticates() {
    return false;
  }

  public int port() {
    return port;
  }

  @Override
  public String url() {
    return "http://127.0.0.1:" + port;
  }

  /** A kubeconfig for {@code kubectl} (plain HTTP, no credentials: there is no authorization). */
  @Override
  public String kubeconfig() {
    return "apiVersion: v1\n"
        + "kind: Config\n"
        + "clusters:\n"
        + "- name: ocelot-sim\n"
        + "  cluster:\n"
        + "    server: "
        + url()
        + "\n"
        + "contexts:\n"
        + "- name: ocelot-sim\n"
        + "  context:\n"
        + "    cluster: ocelot-sim\n"
        + "    user: admin\n"
        + "    namespace: default\n"
        + "current-context: ocelot-sim\n"
        + "users:\n"
        + "- name: admin\n"
        + "  user: {}\n";
  }

  /** The server's own client (closed with the server). */
  public KubernetesClient client() {
    return client;
  }

  @Override
  public KubernetesClient newAdminClient() {
    return newClient();
  }

  /** No one is authenticated here: the token is not sent. */
  @Override
  public KubernetesClient newTokenClient(
      String bearerToken,
      java.util.Optional<RequestTally> tally,
      java.util.Optional<ClientSharing.Member> shared) {
    return newClient(tally, shared);
  }

  /** A fresh client; the caller closes it. Short timeouts so a stopped server is noticed fast. */
  public KubernetesClient newClient() {
    return newClient(java.util.Optional.empty(), java.util.Optional.empty());
  }

  private KubernetesClient newClient(
      java.util.Optional<RequestTally> tally, java.util.Optional<ClientSharing.Member> shared) {
    KubernetesClientBuilder builder =
        new KubernetesClientBuilder()
            .withConfig(
                new ConfigBuilder(Config.empty())
                    .withMasterUrl(url())
                    .withNamespace("default")
                    .withRequestTimeout(5000)
                    .withConnectionTimeout(2000)
                    .build());
    return RequestTally.install(shared.map(m -> m.applyTo(builder)).orElse(builder), tally).build();
  }

  private static int freePort() {
    try (ServerSocket s = new ServerSocket(0)) {
      return s.getLocalPort();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Override
  public synchronized void close() {
    client.close();
    server.destroy();
  }
}

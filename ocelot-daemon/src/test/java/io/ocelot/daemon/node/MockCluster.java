package io.ocelot.daemon.node;

import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.NodeBuilder;
import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.ConfigBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.fabric8.kubernetes.client.server.mock.KubernetesCrudDispatcher;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import io.fabric8.kubernetes.client.utils.Serialization;
import io.fabric8.mockwebserver.Context;
import io.fabric8.mockwebserver.MockWebServer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.HashMap;
import java.util.Map;
import java.util.logging.Level;
import java.util.logging.Logger;

/** The embedded API server (CRUD mode) over plain HTTP on a free port, and a client for it. */
final class MockCluster implements AutoCloseable {
  // Kept referenced: java.util.logging forgets levels of loggers nobody holds.
  private static final Logger QUIET = Logger.getLogger("io.fabric8.mockwebserver");

  static {
    QUIET.setLevel(Level.WARNING);
  }

  private final KubernetesCrudDispatcher store = new KubernetesCrudDispatcher();
  KubernetesMockServer server;
  final KubernetesClient client;
  final int port;

  MockCluster() {
    this(freePort());
  }

  MockCluster(int port) {
    this.port = port;
    server = serve();
    client = newClient();
  }

  /** A server on the port, over the same store (the objects survive a restart, as with etcd). */
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
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return s;
  }

  /** Stops the API server for {@code millis}, then starts it again on the same port. */
  void restart(long millis) throws InterruptedException {
    server.destroy();
    Thread.sleep(millis);
    server = serve();
  }

  KubernetesClient newClient() {
    return new KubernetesClientBuilder()
        .withConfig(
            new ConfigBuilder(Config.empty())
                .withMasterUrl("http://127.0.0.1:" + port)
                .withNamespace("default")
                .withRequestTimeout(5000)
                .withConnectionTimeout(2000)
                .build())
        .build();
  }

  Node node(String name, Map<String, String> annotations) {
    return client
        .nodes()
        .resource(
            new NodeBuilder()
                .withNewMetadata()
                .withName(name)
                .withAnnotations(annotations)
                .endMetadata()
                .build())
        .create();
  }

  static int freePort() {
    try (ServerSocket s = new ServerSocket(0)) {
      return s.getLocalPort();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Override
  public void close() {
    client.close();
    server.destroy();
  }
}

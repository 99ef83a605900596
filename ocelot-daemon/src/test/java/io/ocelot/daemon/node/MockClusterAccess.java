package io.ocelot.daemon.node;

import io.fabric8.kubernetes.client.KubernetesClient;

/** Lets tests outside this package start the embedded API server. */
public final class MockClusterAccess implements AutoCloseable {
  private final MockCluster cluster;

  private MockClusterAccess(MockCluster cluster) {
    this.cluster = cluster;
  }

  public static MockClusterAccess start() {
    return new MockClusterAccess(new MockCluster());
  }

  public KubernetesClient client() {
    return cluster.client;
  }

  public int port() {
    return cluster.port;
  }

  public void restart(long millis) throws InterruptedException {
    cluster.restart(millis);
  }

  @Override
  public void close() {
    cluster.close();
  }
}

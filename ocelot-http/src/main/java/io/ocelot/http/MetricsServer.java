package io.ocelot.http;

import com.sun.net.httpserver.HttpServer;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import java.io.IOException;
import java.net.InetSocketAddress;

/** {@code /metrics} and {@code /healthz} of the daemon and controller ({@link HttpEndpoint}). */
public final class MetricsServer implements AutoCloseable {
  private final HttpServer server;

  private MetricsServer(HttpServer server) {
    this.server = server;
  }

  /** Starts serving {@code registry}; port 0 picks a free port. */
  public static MetricsServer start(String host, int port, PrometheusRegistry registry)
      throws IOException {
    return new MetricsServer(HttpEndpoint.serve(new InetSocketAddress(host, port), registry, 1));
  }

  public int port() {
    return server.getAddress().getPort();
  }

  @Override
  public void close() {
    server.stop(0);
  }
}

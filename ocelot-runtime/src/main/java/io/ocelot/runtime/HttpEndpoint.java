package io.ocelot.runtime;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.prometheus.metrics.expositionformats.PrometheusTextFormatWriter;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import java.util.concurrent.Executors;

/**
 * The JDK-server endpoint of the simulator and the console: {@code /metrics} (Prometheus text
 * format) and {@code /healthz}, beside which they mount their fault API and pages. The daemon and
 * the controller serve theirs on {@link MetricsServer}, which costs nothing while idle.
 */
public final class HttpEndpoint {
  private HttpEndpoint() {}

  /** Serves {@code registry} on {@code address} (port 0 picks a free port), started. */
  public static HttpServer serve(
      InetSocketAddress address, PrometheusRegistry registry, int threads) throws IOException {
    HttpServer server = HttpServer.create(address, 0);
    PrometheusTextFormatWriter writer = PrometheusTextFormatWriter.create();
    server.createContext(
        "/metrics",
        exchange -> {
          ByteArrayOutputStream body = new ByteArrayOutputStream();
          writer.write(body, registry.scrape());
          respond(exchange, 200, writer.getContentType(), body.toByteArray());
        });
    server.createContext(
        "/healthz",
        exchange -> respond(exchange, 200, "text/plain", "ok\n".getBytes(StandardCharsets.UTF_8)));
    server.setExecutor(
        Executors.newFixedThreadPool(threads, BackgroundThreads.named("ocelot-runtime")));
    server.start();
    return server;
  }

  /**
   * {@code host:port} as an address to serve on (port 0 picks a free one), or empty when it is not
   * that or the host is unknown.
   */
  public static Optional<InetSocketAddress> address(String hostPort) {
    int colon = hostPort.lastIndexOf(':');
    if (colon <= 0) {
      return Optional.empty();
    }
    try {
      int port = Integer.parseInt(hostPort.substring(colon + 1));
      if (port < 0 || port > 65535) {
        return Optional.empty();
      }
      // Resolved: a server cannot bind an unresolved address ("Unresolved address").
      InetSocketAddress a = new InetSocketAddress(hostPort.substring(0, colon), port);
      return a.isUnresolved() ? Optional.empty() : Optional.of(a);
    } catch (NumberFormatException e) {
      return Optional.empty();
    }
  }

  public static void respond(HttpExchange exchange, int code, String type, byte[] body)
      throws IOException {
    exchange.getResponseHeaders().set("Content-Type", type);
    exchange.getResponseHeaders().set("Cache-Control", "no-store");
    exchange.sendResponseHeaders(code, body.length);
    try (OutputStream out = exchange.getResponseBody()) {
      out.write(body);
    }
  }
}

package io.ocelot.cli;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.prometheus.metrics.expositionformats.PrometheusTextFormatWriter;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.Executors;

/** {@code /metrics} (Prometheus text format) and {@code /healthz} on one address. */
public final class MetricsServer implements AutoCloseable {
  private final HttpServer server;

  private MetricsServer(HttpServer server) {
    this.server = server;
  }

  /** Starts serving {@code registry}; port 0 picks a free port. */
  public static MetricsServer start(String host, int port, PrometheusRegistry registry)
      throws IOException {
    HttpServer server = HttpServer.create(new InetSocketAddress(host, port), 0);
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
        Executors.newSingleThreadExecutor(
            r -> {
              Thread t = new Thread(r, "ocelot-metrics");
              t.setDaemon(true);
              return t;
            }));
    server.start();
    return new MetricsServer(server);
  }

  public int port() {
    return server.getAddress().getPort();
  }

  private static void respond(HttpExchange exchange, int code, String type, byte[] body)
      throws IOException {
    exchange.getResponseHeaders().set("Content-Type", type);
    exchange.sendResponseHeaders(code, body.length);
    try (OutputStream out = exchange.getResponseBody()) {
      out.write(body);
    }
  }

  @Override
  public void close() {
    server.stop(0);
  }
}

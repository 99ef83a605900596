package io.ocelot.console;

import com.fasterxml.jackson.databind.JsonNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.ocelot.runtime.HttpEndpoint;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.function.Supplier;

/**
 * The console on an HTTP server: {@code /} the page, {@code /api/state} the {@link ClusterSnapshot}
 * it polls every second, {@code /runbooks/NAME.md} the alerts' runbooks. Fault buttons appear when
 * the host (the simulator) serves {@code /faults}.
 */
public final class Console {
  private Console() {}

  /**
   * Mounts the page and its state on {@code server}, reading the cluster through {@code client}.
   */
  public static void mount(
      HttpServer server, KubernetesClient client, Supplier<List<Alert>> alerts, boolean faults) {
    mount(server, () -> read(client, alerts.get(), faults));
  }

  static void mount(HttpServer server, Supplier<JsonNode> state) {
    server.createContext(
        "/",
        exchange -> {
          String path = exchange.getRequestURI().getPath();
          if (!path.equals("/") && !path.equals("/index.html")) {
            respond(exchange, 404, "text/plain", ("no page " + path + "\n").getBytes());
            return;
          }
          respond(exchange, 200, "text/html; charset=utf-8", page());
        });
    server.createContext("/runbooks/", Runbooks::serve);
    server.createContext(
        "/api/state",
        exchange -> {
          byte[] body;
          int code = 200;
          try {
            body = state.get().toString().getBytes(StandardCharsets.UTF_8);
          } catch (RuntimeException e) {
            code = 503;
            body =
                ("{\"error\":"
                        + io.ocelot.api.json.Json.MAPPER.valueToTree(String.valueOf(e.getMessage()))
                        + "}")
                    .getBytes(StandardCharsets.UTF_8);
          }
          respond(exchange, code, "application/json", body);
        });
  }

  static JsonNode read(KubernetesClient client, List<Alert> alerts, boolean faults) {
    return ClusterSnapshot.of(ClusterObjects.read(client, true), alerts, Runbooks.NAMES, faults);
  }

  private static byte[] page() throws IOException {
    try (InputStream in = Console.class.getResourceAsStream("index.html")) {
      if (in == null) {
        throw new IOException("the console page is missing from the class path");
      }
      return in.readAllBytes();
    }
  }

  private static void respond(HttpExchange exchange, int code, String type, byte[] body)
      throws IOException {
    HttpEndpoint.respond(exchange, code, type, body);
  }
}

package io.ocelot.sim;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.ocelot.runtime.HttpEndpoint;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import java.io.IOException;
import java.net.BindException;
import java.net.InetSocketAddress;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * The sim's HTTP endpoint on 127.0.0.1: {@code /metrics} (every daemon's series labelled by node,
 * and the controller's), {@code /healthz}, {@code POST /faults/<name>?node=&image=&pool=&path=} for
 * {@code ocelot fault}, and the console at {@code /}.
 */
final class SimHttp implements AutoCloseable {
  interface FaultSink {
    String apply(Fault fault) throws SimException;
  }

  private final HttpServer server;

  private SimHttp(HttpServer server) {
    this.server = server;
  }

  static SimHttp start(
      int port, PrometheusRegistry registry, FaultSink faults, Consumer<HttpServer> console)
      throws SimException {
    HttpServer server;
    try {
      server = HttpEndpoint.serve(new InetSocketAddress("127.0.0.1", port), registry, 2);
    } catch (BindException e) {
      throw new SimException(
          "http port " + port + " is in use (another ocelot sim?); pass --http-port", e);
    } catch (IOException e) {
      throw new SimException("cannot serve http on 127.0.0.1:" + port + ": " + e.getMessage(), e);
    }
    server.createContext("/faults/", exchange -> fault(exchange, faults));
    console.accept(server);
    return new SimHttp(server);
  }

  int port() {
    return server.getAddress().getPort();
  }

  private static void fault(HttpExchange exchange, FaultSink faults) throws IOException {
    if (!exchange.getRequestMethod().equals("POST")) {
      text(exchange, 405, "use POST\n");
      return;
    }
    String name = exchange.getRequestURI().getPath().substring("/faults/".length());
    Map<String, String> query = query(exchange.getRequestURI().getRawQuery());
    String usage = Fault.USAGE.get(name);
    if (usage == null) {
      text(exchange, 404, "no fault " + name + "; faults:\n" + Fault.usage());
      return;
    }
    List<String> args = new ArrayList<>();
    for (String arg : usage.split(" ")) {
      String v = query.get(arg.toLowerCase(Locale.ROOT));
      if (v == null || v.isBlank()) {
        text(exchange, 400, "usage: " + name + " " + usage + "\n");
        return;
      }
      args.add(v);
    }
    try {
      text(exchange, 200, faults.apply(Fault.parse(name, args).orElseThrow()) + "\n");
    } catch (SimException e) {
      text(exchange, 400, e.getMessage() + "\n");
    }
  }

  private static Map<String, String> query(String raw) {
    Map<String, String> out = new HashMap<>();
    Optional.ofNullable(raw).stream()
        .flatMap(q -> Arrays.stream(q.split("&")))
        .map(p -> p.split("=", 2))
        .filter(kv -> kv.length == 2)
        .forEach(
            kv ->
                out.put(
                    URLDecoder.decode(kv[0], StandardCharsets.UTF_8),
                    URLDecoder.decode(kv[1], StandardCharsets.UTF_8)));
    return out;
  }

  private static void text(HttpExchange exchange, int code, String body) throws IOException {
    HttpEndpoint.respond(
        exchange, code, "text/plain; charset=utf-8", body.getBytes(StandardCharsets.UTF_8));
  }

  @Override
  public void close() {
    server.stop(0);
  }
}

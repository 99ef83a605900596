package io.ocelot.apiserver;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.ConfigBuilder;
import io.fabric8.kubernetes.client.internal.SSLUtils;
import io.ocelot.runtime.BackgroundThreads;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * A loopback HTTP proxy in front of the API server that injects faults (tests only): clients talk
 * plain HTTP to it, it forwards each request with the upstream client's credentials and streams the
 * answer back (watches included), unless a fault says otherwise — an error status, a late answer, a
 * cut watch, a 410 on a resumed watch. Faults are drawn from a seeded random and counted.
 */
public final class ApiFaultProxy implements AutoCloseable {
  private static final Set<String> HOP_BY_HOP =
      Set.of(
          "host",
          "connection",
          "content-length",
          "upgrade",
          "http2-settings",
          "transfer-encoding",
          "keep-alive",
          "expect",
          "te");

  private final HttpServer server;
  private final ExecutorService threads;
  private final HttpClient upstream;
  private final URI target;
  private final Random random;
  private final List<ApiFault> faults = new CopyOnWriteArrayList<>();
  private final Map<String, Integer> injected = new ConcurrentHashMap<>();
  private final ScheduledExecutorService cuts =
      Executors.newSingleThreadScheduledExecutor(BackgroundThreads.named("api-fault-proxy-cuts"));

  private ApiFaultProxy(
      HttpServer server, ExecutorService threads, HttpClient upstream, URI target, long seed) {
    this.server = server;
    this.threads = threads;
    this.upstream = upstream;
    this.target = target;
    this.random = new Random(seed);
  }

  /** Starts a proxy on a free loopback port for the server and credentials of {@code upstream}. */
  public static ApiFaultProxy start(Config upstream, long seed) throws IOException {
    HttpClient client;
    try {
      client =
          HttpClient.newBuilder()
              .version(HttpClient.Version.HTTP_1_1)
              .sslContext(SSLUtils.sslContext(upstream))
              .connectTimeout(Duration.ofSeconds(10))
              .build();
    } catch (Exception e) {
      throw new IOException("cannot use the upstream credentials: " + e.getMessage(), e);
    }
    HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 64);
    ExecutorService threads =
        Executors.newCachedThreadPool(BackgroundThreads.named("api-fault-proxy"));
    ApiFaultProxy proxy =
        new ApiFaultProxy(server, threads, client, URI.create(upstream.getMasterUrl()), seed);
    server.createContext("/", proxy::handle);
    server.setExecutor(threads);
    server.start();
    return proxy;
  }

  /** A client config for the proxy: plain HTTP, no credentials (the proxy presents its own). */
  public Config clientConfig() {
    return new ConfigBuilder(Config.empty())
        .withMasterUrl("http://127.0.0.1:" + server.getAddress().getPort())
        .withNamespace("default")
        .withRequestTimeout(30_000)
        .build();
  }

  public void inject(ApiFault fault) {
    faults.add(fault);
  }

  /** No more faults: every request is forwarded as it is. */
  public void clear() {
    faults.clear();
  }

  /** How many of each fault were injected, e.g. {@code 409 PATCH /api/v1/nodes}. */
  public Map<String, Integer> injected() {
    return Map.copyOf(injected);
  }

  private synchronized boolean draw(ApiFault f, String method, String path) {
    return (f.method().equals("*") || f.method().equals(method))
        && path.contains(f.pathPart())
        && random.nextDouble() < f.probability();
  }

  private void handle(HttpExchange ex) throws IOException {
    try (ex) {
      String method = ex.getRequestMethod();
      URI uri = ex.getRequestURI();
      String path = uri.getRawPath();
      String query = uri.getRawQuery() == null ? "" : uri.getRawQuery();
      boolean watch = query.contains("watch=true") || query.contains("watch=1");
      boolean websocket = "websocket".equalsIgnoreCase(ex.getRequestHeaders().getFirst("Upgrade"));
      byte[] body = ex.getRequestBody().readAllBytes();
      Duration cut = null;
      for (ApiFault f : faults) {
        if (!draw(f, method, path)) {
          continue;
        }
        if (f instanceof ApiFault.Status s) {
          count(s.code() + " " + method + " " + path);
          status(ex, s.code(), path);
          return;
        }
        if (f instanceof ApiFault.Gone && watch && query.contains("resourceVersion=")) {
          count("410 watch " + path);
          status(ex, 410, path);
          return;
        }
        if (f instanceof ApiFault.Slow s) {
          count("slow " + method + " " + path);
          Thread.sleep(s.delay().toMillis());
        }
        if (f instanceof ApiFault.DropWatch d && watch && !websocket) {
          count("cut watch " + path);
          cut = d.after();
        }
      }
      if (websocket) {
        // The JDK's HTTP server cannot carry a websocket. A 200 makes fabric8 fall back to an
        // HTTP watch at once (as behind `kubectl proxy`); streaming the watch as the answer would
        // hold the client's handshake until the stream ends, minutes later.
        ex.sendResponseHeaders(200, -1);
        return;
      }
      forward(ex, method, uri, body, watch, cut);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private void count(String what) {
    injected.merge(what.replaceAll("/[^/]*-[0-9]+$", "/…"), 1, Integer::sum);
  }

  private void forward(
      HttpExchange ex, String method, URI uri, byte[] body, boolean watch, Duration cut)
      throws IOException, InterruptedException {
    HttpRequest.Builder req =
        HttpRequest.newBuilder(
                target.resolve(
                    uri.getRawPath() + (uri.getRawQuery() == null ? "" : "?" + uri.getRawQuery())))
            .method(
                method,
                body.length == 0
                    ? HttpRequest.BodyPublishers.noBody()
                    : HttpRequest.BodyPublishers.ofByteArray(body));
    if (!watch) {
      req.timeout(Duration.ofSeconds(60));
    }
    ex.getRequestHeaders()
        .forEach(
            (name, values) -> {
              if (!HOP_BY_HOP.contains(name.toLowerCase(Locale.ROOT))
                  && !name.equalsIgnoreCase("authorization")) {
                values.forEach(v -> req.header(name, v));
              }
            });
    HttpResponse<InputStream> r =
        upstream.send(req.build(), HttpResponse.BodyHandlers.ofInputStream());
    r.headers()
        .map()
        .forEach(
            (name, values) -> {
              if (!HOP_BY_HOP.contains(name.toLowerCase(Locale.ROOT)) && !name.startsWith(":")) {
                ex.getResponseHeaders().put(name, values);
              }
            });
    try (InputStream in = r.body()) {
      if (!watch) {
        byte[] all = in.readAllBytes();
        ex.sendResponseHeaders(r.statusCode(), all.length == 0 ? -1 : all.length);
        if (all.length > 0) {
          ex.getResponseBody().write(all);
        }
        return;
      }
      ex.sendResponseHeaders(r.statusCode(), 0);
      OutputStream out = ex.getResponseBody();
      // The headers now, not with the first event: a quiet watch would leave the client waiting
      // for its answer until the server's first bookmark, a minute later.
      out.flush();
      // A cut happens on time even on a quiet watch: closing the upstream body ends the read.
      java.util.concurrent.Future<?> cutter =
          cut == null
              ? null
              : cuts.schedule(() -> close(in), cut.toMillis(), TimeUnit.MILLISECONDS);
      try {
        byte[] buf = new byte[8192];
        for (int n; (n = in.read(buf)) >= 0; ) {
          out.write(buf, 0, n);
          out.flush();
        }
      } catch (IOException e) {
        if (cutter == null || !cutter.isDone()) {
          throw e;
        }
      } finally {
        if (cutter != null) {
          cutter.cancel(false);
        }
      }
    }
  }

  private static void close(InputStream in) {
    try {
      in.close();
    } catch (IOException e) {
      // The stream is gone either way.
    }
  }

  private static void status(HttpExchange ex, int code, String path) throws IOException {
    String reason =
        switch (code) {
          case 409 -> "Conflict";
          case 410 -> "Expired";
          case 429 -> "TooManyRequests";
          default -> "InternalError";
        };
    String message =
        switch (code) {
          case 409 ->
              "Operation cannot be fulfilled on "
                  + path
                  + ": the object has been modified; please apply your changes to the latest"
                  + " version and try again";
          case 410 -> "too old resource version";
          case 429 -> "Too many requests, please try again later.";
          default -> "Internal error occurred: injected by ApiFaultProxy";
        };
    byte[] json =
        ("{\"kind\":\"Status\",\"apiVersion\":\"v1\",\"metadata\":{},\"status\":\"Failure\","
                + "\"message\":\""
                + message.replace("\"", "\\\"")
                + "\",\"reason\":\""
                + reason
                + "\",\"code\":"
                + code
                + "}")
            .getBytes(StandardCharsets.UTF_8);
    ex.getResponseHeaders().set("Content-Type", "application/json");
    if (code == 429) {
      ex.getResponseHeaders().set("Retry-After", "1");
    }
    ex.sendResponseHeaders(code, json.length);
    ex.getResponseBody().write(json);
  }

  @Override
  public void close() {
    server.stop(0);
    threads.shutdownNow();
    cuts.shutdownNow();
  }
}

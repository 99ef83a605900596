package io.ocelot.runtime;

import io.prometheus.metrics.expositionformats.PrometheusTextFormatWriter;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * {@code /metrics} and {@code /healthz} of the daemon and the controller, on a blocking socket: one
 * thread waits in {@code accept} and a request is answered by one of two handler threads, which end
 * ten seconds after their last request. An idle process spends nothing on it — the JDK's HttpServer
 * ({@link HttpEndpoint}, still the sim's and the console's) wakes its dispatcher every second, a
 * third to a half of an idle daemon's CPU (docs/performance.md). HTTP/1.1, GET and HEAD, one
 * request per connection: a scrape every 15 s or more needs no keep-alive.
 */
public final class MetricsServer implements AutoCloseable {
  /** The most a request's line and headers may take. */
  static final int MAX_HEAD = 16 * 1024;

  private static final int READ_TIMEOUT_MS = 10_000;
  private static final int HANDLERS = 2;
  private static final int WAITING = 16;

  /** What a path answers. */
  @FunctionalInterface
  interface Route {
    Response answer() throws IOException;
  }

  record Response(int code, String type, byte[] body) {}

  /** How long closing waits for the acceptor to leave accept. */
  private static final Duration CLOSE_WAIT = Duration.ofSeconds(5);

  private final ServerSocket socket;
  private final Map<String, Route> routes;
  private final ThreadPoolExecutor handlers;
  private final Thread acceptor;
  private volatile boolean closed;

  private MetricsServer(ServerSocket socket, Map<String, Route> routes) {
    this.socket = socket;
    this.routes = routes;
    this.handlers =
        new ThreadPoolExecutor(
            HANDLERS,
            HANDLERS,
            10,
            TimeUnit.SECONDS,
            new ArrayBlockingQueue<>(WAITING),
            BackgroundThreads.named("ocelot-metrics"));
    handlers.allowCoreThreadTimeOut(true);
    this.acceptor = BackgroundThreads.named("ocelot-metrics-accept").newThread(this::acceptAll);
    acceptor.start();
  }

  /** Starts serving {@code registry}; port 0 picks a free port. */
  public static MetricsServer start(String host, int port, PrometheusRegistry registry)
      throws IOException {
    PrometheusTextFormatWriter writer = PrometheusTextFormatWriter.create();
    Route metrics =
        () -> {
          ByteArrayOutputStream body = new ByteArrayOutputStream();
          writer.write(body, registry.scrape());
          return new Response(200, writer.getContentType(), body.toByteArray());
        };
    Route healthz = () -> new Response(200, "text/plain", "ok\n".getBytes(StandardCharsets.UTF_8));
    ServerSocket socket = new ServerSocket();
    try {
      socket.setReuseAddress(true);
      socket.bind(new InetSocketAddress(host, port), 50);
    } catch (IOException e) {
      socket.close();
      throw e;
    }
    return new MetricsServer(socket, Map.of("/metrics", metrics, "/healthz", healthz));
  }

  public int port() {
    return socket.getLocalPort();
  }

  private void acceptAll() {
    while (!closed) {
      Socket client;
      try {
        client = socket.accept();
      } catch (IOException e) {
        // Out of file descriptors, say: try again without spinning; interrupted, stop.
        if (!closed && !pause()) {
          return;
        }
        continue;
      }
      try {
        handlers.execute(() -> serve(client));
      } catch (RejectedExecutionException e) {
        closeQuietly(client); // more waiting than a scraper makes: it asks again next time
      }
    }
  }

  private void serve(Socket client) {
    try (client) {
      client.setSoTimeout(READ_TIMEOUT_MS);
      InputStream in = new BufferedInputStream(client.getInputStream(), 1024);
      HttpHead.Read head = HttpHead.read(in, MAX_HEAD);
      OutputStream out = client.getOutputStream();
      if (head instanceof HttpHead.TooLarge) {
        write(out, text(431, "request head too large\n"), true);
      } else if (head instanceof HttpHead.Malformed) {
        write(out, text(400, "not an HTTP/1.x request line\n"), true);
      } else if (head instanceof HttpHead.Request r) {
        write(out, answer(r), !r.method().equals("HEAD"));
      }
      boolean refused = head instanceof HttpHead.TooLarge || head instanceof HttpHead.Malformed;
      if (refused || head instanceof HttpHead.Request && in.available() > 0) {
        drainRest(client, in);
      }
    } catch (IOException e) {
      // The client went away or stayed silent past the timeout: nothing to answer.
    }
  }

  /**
   * Reads what the client sent beyond what was read (a refused head, a body) before closing:
   * closing with unread input resets the connection, and the client may lose the answer with it.
   */
  private static void drainRest(Socket client, InputStream in) throws IOException {
    client.shutdownOutput();
    client.setSoTimeout(1000);
    byte[] sink = new byte[4096];
    int total = 0;
    try {
      for (int n = in.read(sink); n > 0 && total < MAX_HEAD * 4; n = in.read(sink)) {
        total += n;
      }
    } catch (SocketTimeoutException e) {
      // the client keeps its side open: it has the answer, the close may go ahead
    }
  }

  private Response answer(HttpHead.Request r) throws IOException {
    if (!r.method().equals("GET") && !r.method().equals("HEAD")) {
      return text(405, "only GET and HEAD\n");
    }
    Route route = routes.get(r.path());
    if (route == null) {
      return text(404, "not found: " + r.path() + "\n");
    }
    try {
      return route.answer();
    } catch (RuntimeException e) {
      return text(500, "could not answer " + r.path() + ": " + e + "\n");
    }
  }

  private static Response text(int code, String body) {
    return new Response(code, "text/plain", body.getBytes(StandardCharsets.UTF_8));
  }

  private static void write(OutputStream out, Response r, boolean withBody) throws IOException {
    String head =
        "HTTP/1.1 "
            + r.code()
            + " "
            + HttpHead.reason(r.code())
            + "\r\nContent-Type: "
            + r.type()
            + "\r\nContent-Length: "
            + r.body().length
            + "\r\nCache-Control: no-store\r\n"
            + (r.code() == 405 ? "Allow: GET, HEAD\r\n" : "")
            + "Connection: close\r\n\r\n";
    out.write(head.getBytes(StandardCharsets.ISO_8859_1));
    if (withBody) {
      out.write(r.body());
    }
    out.flush();
  }

  /** Waits a little; false when interrupted (the flag kept). */
  private static boolean pause() {
    try {
      Thread.sleep(100);
      return true;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    }
  }

  private static void closeQuietly(Socket s) {
    try {
      s.close();
    } catch (IOException e) {
      // nothing more to do with it
    }
  }

  @Override
  public void close() {
    closed = true;
    try {
      socket.close(); // ends the acceptor's accept
    } catch (IOException e) {
      // closed either way
    }
    // The JDK closes a socket that a thread is accepting on only once that thread leaves accept:
    // until then the port still takes connections. Returning after the acceptor ended means the
    // port is free (MetricsServerTest saw a connect succeed right after close, 2 runs in 8).
    try {
      acceptor.join(CLOSE_WAIT.toMillis());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    handlers.shutdownNow();
  }
}

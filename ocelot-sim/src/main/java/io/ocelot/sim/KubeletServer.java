package io.ocelot.sim;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpsConfigurator;
import com.sun.net.httpserver.HttpsServer;
import io.ocelot.runtime.BackgroundThreads;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;

/**
 * The simulated nodes' kubelet API, the part an admin's habits need: {@code GET
 * /containerLogs/<namespace>/<pod>/<container>} (with {@code tailLines}, {@code timestamps} and
 * {@code follow}), which the API server calls for {@code kubectl logs} of a pod on the node, as
 * kwok serves it. A daemon pod's log is what its node's daemon logged ({@link NodeLogs}); other
 * pods on simulated nodes run nothing and have an empty log. HTTPS on 127.0.0.1 with a self-signed
 * certificate (made once by the JDK's keytool, kept in the user's cache): the API server does not
 * check a kubelet's certificate unless told to.
 */
final class KubeletServer implements AutoCloseable {
  static final String PASSWORD = "ocelot-sim-kubelet";
  private static final long FOLLOW_POLL_MILLIS = 250;

  private final HttpsServer server;
  private final ExecutorService threads;
  private final NodeLogs logs;
  private volatile boolean closed;

  private KubeletServer(HttpsServer server, ExecutorService threads, NodeLogs logs) {
    this.server = server;
    this.threads = threads;
    this.logs = logs;
  }

  /** Serves {@code logs} on a free port of 127.0.0.1 with the certificate in {@code keyStore}. */
  static KubeletServer start(Path keyStore, NodeLogs logs) throws SimException {
    try {
      KeyStore store = KeyStore.getInstance("PKCS12");
      try (InputStream in = Files.newInputStream(keyStore)) {
        store.load(in, PASSWORD.toCharArray());
      }
      KeyManagerFactory keys =
          KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
      keys.init(store, PASSWORD.toCharArray());
      SSLContext tls = SSLContext.getInstance("TLS");
      tls.init(keys.getKeyManagers(), null, null);
      HttpsServer server = HttpsServer.create(new InetSocketAddress("127.0.0.1", 0), 16);
      server.setHttpsConfigurator(new HttpsConfigurator(tls));
      // A thread per request: `kubectl logs -f` holds one for as long as it follows.
      ExecutorService threads =
          Executors.newCachedThreadPool(BackgroundThreads.numbered("ocelot-sim-kubelet"));
      server.setExecutor(threads);
      KubeletServer kubelet = new KubeletServer(server, threads, logs);
      server.createContext("/containerLogs/", kubelet::containerLogs);
      server.createContext(
          "/", exchange -> respond(exchange, 404, "not served by the simulated kubelet\n"));
      server.start();
      return kubelet;
    } catch (IOException | GeneralSecurityException e) {
      throw new SimException("cannot serve the simulated kubelet: " + e.getMessage(), e);
    }
  }

  /**
   * The sim's kubelet certificate, made once per user with the JDK's keytool under {@code cache}
   * ({@code ~/.cache/ocelot}); a sim start then costs nothing for it.
   */
  static Path keyStore(Path cache) throws SimException {
    Path store = cache.resolve("sim-kubelet.p12");
    if (Files.isRegularFile(store)) {
      return store;
    }
    try {
      Files.createDirectories(cache);
      Path made = Files.createTempFile(cache, "sim-kubelet", ".p12");
      Files.delete(made); // keytool makes the file itself
      Path keytool = Path.of(System.getProperty("java.home"), "bin", "keytool");
      Process p =
          new ProcessBuilder(
                  keytool.toString(),
                  "-genkeypair",
                  "-keystore",
                  made.toString(),
                  "-storetype",
                  "PKCS12",
                  "-storepass",
                  PASSWORD,
                  "-alias",
                  "kubelet",
                  "-keyalg",
                  "EC",
                  "-groupname",
                  "secp256r1",
                  "-dname",
                  "CN=ocelot-sim-kubelet",
                  "-ext",
                  "SAN=dns:localhost,ip:127.0.0.1",
                  "-validity",
                  "3650")
              .redirectErrorStream(true)
              .start();
      String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      if (!p.waitFor(60, TimeUnit.SECONDS) || p.exitValue() != 0) {
        throw new SimException(
            "keytool could not make the simulated kubelet's certificate: " + out);
      }
      Files.move(made, store, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
      return store;
    } catch (IOException e) {
      throw new SimException(
          "cannot make the simulated kubelet's certificate: " + e.getMessage(), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new SimException("interrupted making the simulated kubelet's certificate", e);
    }
  }

  int port() {
    return server.getAddress().getPort();
  }

  /** The node whose daemon a pod is: the DaemonSet's pod {@code ocelot-daemon-<node>}. */
  static Optional<String> daemonNode(String namespace, String pod) {
    String prefix = ClusterAccess.podName("");
    if (namespace.equals(ClusterAccess.NAMESPACE) && pod.startsWith(prefix)) {
      return Optional.of(pod.substring(prefix.length()));
    }
    return Optional.empty();
  }

  private void containerLogs(HttpExchange exchange) throws IOException {
    String[] parts = exchange.getRequestURI().getPath().split("/");
    // "", "containerLogs", namespace, pod, container
    if (parts.length != 5 || !exchange.getRequestMethod().equals("GET")) {
      respond(exchange, 404, "expected GET /containerLogs/<namespace>/<pod>/<container>\n");
      return;
    }
    Map<String, String> query = query(exchange.getRequestURI().getRawQuery());
    Optional<String> node = daemonNode(parts[2], parts[3]);
    boolean timestamps = "true".equals(query.get("timestamps"));
    boolean follow = "true".equals(query.get("follow"));
    List<NodeLogs.Line> lines = node.map(n -> logs.since(n, 0)).orElse(List.of());
    if (query.containsKey("tailLines")) {
      int tail;
      try {
        tail = Math.max(0, Integer.parseInt(query.get("tailLines")));
      } catch (NumberFormatException e) {
        respond(exchange, 400, "tailLines must be a number, got " + query.get("tailLines") + "\n");
        return;
      }
      lines = lines.subList(Math.max(0, lines.size() - tail), lines.size());
    }
    exchange.getResponseHeaders().set("Content-Type", "text/plain; charset=utf-8");
    exchange.sendResponseHeaders(200, 0);
    try (OutputStream out = exchange.getResponseBody()) {
      long last = write(out, lines, timestamps, 0);
      while (follow && node.isPresent() && !closed) {
        Thread.sleep(FOLLOW_POLL_MILLIS);
        last = write(out, logs.since(node.get(), last), timestamps, last);
      }
    } catch (IOException gone) {
      // the follower hung up
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private static long write(
      OutputStream out, List<NodeLogs.Line> lines, boolean timestamps, long last)
      throws IOException {
    for (NodeLogs.Line l : lines) {
      String text = timestamps ? l.at() + " " + l.text() : l.text();
      out.write(text.getBytes(StandardCharsets.UTF_8));
      last = l.sequence();
    }
    out.flush();
    return last;
  }

  private static Map<String, String> query(String raw) {
    Map<String, String> q = new HashMap<>();
    if (raw != null) {
      for (String pair : raw.split("&")) {
        int eq = pair.indexOf('=');
        String key = eq < 0 ? pair : pair.substring(0, eq);
        String value = eq < 0 ? "" : pair.substring(eq + 1);
        q.put(
            URLDecoder.decode(key, StandardCharsets.UTF_8),
            URLDecoder.decode(value, StandardCharsets.UTF_8));
      }
    }
    return q;
  }

  private static void respond(HttpExchange exchange, int code, String text) throws IOException {
    byte[] body = text.getBytes(StandardCharsets.UTF_8);
    exchange.getResponseHeaders().set("Content-Type", "text/plain; charset=utf-8");
    exchange.sendResponseHeaders(code, body.length);
    try (OutputStream out = exchange.getResponseBody()) {
      out.write(body);
    }
  }

  @Override
  public void close() {
    closed = true;
    server.stop(0);
    threads.shutdownNow();
  }
}

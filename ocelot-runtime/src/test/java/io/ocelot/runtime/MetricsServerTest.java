package io.ocelot.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import io.prometheus.metrics.core.metrics.Counter;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.ConnectException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.assertj.core.api.Assertions;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class MetricsServerTest {
  final PrometheusRegistry registry = new PrometheusRegistry();
  final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
  final List<Socket> sockets = new ArrayList<>();
  MetricsServer server;

  @BeforeEach
  void start() throws IOException {
    Counter.builder().name("mcd_reboots_failed_total").register(registry).inc(2);
    server = MetricsServer.start("127.0.0.1", 0, registry);
  }

  @AfterEach
  void stop() throws IOException {
    server.close();
    for (Socket s : sockets) {
      s.close();
    }
  }

  @Test
  void aScrapeGetsTheRegistryInPrometheusTextFormat() throws Exception {
    // The JDK's client asks to upgrade to HTTP/2 over plain HTTP; the server answers in HTTP/1.1.
    HttpResponse<String> r = get("/metrics?name[]=x", "GET");
    assertThat(r.statusCode()).isEqualTo(200);
    assertThat(r.headers().firstValue("Content-Type"))
        .hasValueSatisfying(t -> assertThat(t).startsWith("text/plain; version=0.0.4"));
    assertThat(r.headers().firstValue("Cache-Control")).contains("no-store");
    assertThat(r.body()).contains("mcd_reboots_failed_total 2.0");
    assertThat(get("/healthz", "GET").body()).isEqualTo("ok\n");
  }

  @Test
  void headAnswersTheHeadersAlone() throws Exception {
    String raw = exchange("HEAD /metrics HTTP/1.1\r\nHost: x\r\n\r\n");
    assertThat(raw).startsWith("HTTP/1.1 200 OK\r\n").endsWith("\r\n\r\n");
    assertThat(raw).containsPattern("Content-Length: [1-9][0-9]*\r\n");
  }

  @Test
  void unknownPathsMethodsAndLinesAreRefusedByName() throws Exception {
    assertThat(get("/nope", "GET").statusCode()).isEqualTo(404);
    HttpResponse<String> post = get("/metrics", "POST");
    assertThat(post.statusCode()).isEqualTo(405);
    assertThat(post.headers().firstValue("Allow")).contains("GET, HEAD");
    assertThat(exchange("hello\r\n\r\n")).startsWith("HTTP/1.1 400 Bad Request\r\n");
    assertThat(exchange("GET /metrics HTTP/1.1\r\nX: " + "a".repeat(MetricsServer.MAX_HEAD)))
        .startsWith("HTTP/1.1 431 ");
  }

  @Test
  void aSilentClientDoesNotHoldUpAScrape() throws Exception {
    Socket silent = connect();
    silent.getOutputStream().write("GET /metrics HTTP/1.1\r\n".getBytes(StandardCharsets.UTF_8));
    assertThat(get("/metrics", "GET").statusCode()).isEqualTo(200);
  }

  @Test
  void closingFreesThePort() throws Exception {
    int port = server.port();
    server.close();
    Assertions.assertThatThrownBy(() -> new Socket("127.0.0.1", port).close())
        .isInstanceOf(ConnectException.class);
    server = MetricsServer.start("127.0.0.1", port, registry);
    assertThat(get("/healthz", "GET").statusCode()).isEqualTo(200);
  }

  private HttpResponse<String> get(String path, String method) throws Exception {
    return http.send(
        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.port() + path))
            .method(method, HttpRequest.BodyPublishers.noBody())
            .timeout(Duration.ofSeconds(5))
            .build(),
        HttpResponse.BodyHandlers.ofString());
  }

  private Socket connect() throws IOException {
    Socket s = new Socket();
    s.connect(new InetSocketAddress("127.0.0.1", server.port()), 5000);
    s.setSoTimeout(5000);
    sockets.add(s);
    return s;
  }

  /** Sends {@code request} as is and reads the answer until the server closes. */
  private String exchange(String request) throws IOException {
    Socket s = connect();
    OutputStream out = s.getOutputStream();
    out.write(request.getBytes(StandardCharsets.ISO_8859_1));
    out.flush();
    InputStream in = s.getInputStream();
    return new String(in.readAllBytes(), StandardCharsets.ISO_8859_1);
  }
}

package io.ocelot.controller.imagebuild;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.time.Duration;
import java.time.Instant;
import java.util.HexFormat;

/**
 * A real OCI registry for tests: Debian's {@code docker-registry} (distribution 2.8) on a free
 * loopback port, storage in a temp dir, deletion enabled or not. Fails, never skips, when the
 * program is missing: .ci/run installs it.
 */
final class RealRegistry implements AutoCloseable {
  static final String PROGRAM = "/usr/bin/docker-registry";
  private final Process process;
  final String host;
  private final HttpClient http = HttpClient.newHttpClient();

  private RealRegistry(Process process, String host) {
    this.process = process;
    this.host = host;
  }

  static RealRegistry start(Path dir, boolean deletion) throws Exception {
    assertThat(Path.of(PROGRAM))
        .as("the registry tests need docker-registry (apt-get install docker-registry)")
        .isExecutable();
    int port;
    try (ServerSocket s = new ServerSocket(0)) {
      port = s.getLocalPort();
    }
    Path config = dir.resolve("registry.yml");
    Files.writeString(
        config,
        """
        version: 0.1
        log: {level: warn}
        storage:
          filesystem: {rootdirectory: %s}
          delete: {enabled: %s}
        http: {addr: "127.0.0.1:%d"}
        """
            .formatted(dir.resolve("storage"), deletion, port));
    Process p =
        new ProcessBuilder(PROGRAM, "serve", config.toString())
            .redirectErrorStream(true)
            .redirectOutput(dir.resolve("registry.log").toFile())
            .start();
    RealRegistry r = new RealRegistry(p, "127.0.0.1:" + port);
    Instant deadline = Instant.now().plus(Duration.ofSeconds(20));
    while (true) {
      try {
        if (r.get("/v2/").statusCode() == 200) {
          return r;
        }
      } catch (IOException notYet) {
        // not listening yet
      }
      if (Instant.now().isAfter(deadline) || !p.isAlive()) {
        r.close();
        throw new IllegalStateException(
            "docker-registry did not start: " + Files.readString(dir.resolve("registry.log")));
      }
      Thread.sleep(100);
    }
  }

  /** Pushes a one-layer image to {@code repo}; returns {@code host/repo@sha256:...}. */
  String push(String repo, String content) throws Exception {
    String layer = blob(repo, content.getBytes(StandardCharsets.UTF_8));
    byte[] configBytes =
        "{\"architecture\":\"amd64\",\"os\":\"linux\",\"rootfs\":{\"type\":\"layers\",\"diff_ids\":[]}}"
            .getBytes(StandardCharsets.UTF_8);
    String config = blob(repo, configBytes);
    String manifest =
        """
        {"schemaVersion":2,"mediaType":"application/vnd.oci.image.manifest.v1+json",
         "config":{"mediaType":"application/vnd.oci.image.config.v1+json","digest":"%s","size":%d},
         "layers":[{"mediaType":"application/vnd.oci.image.layer.v1.tar","digest":"%s","size":%d}]}
        """
            .formatted(config, configBytes.length, layer, content.length());
    HttpResponse<String> r =
        http.send(
            HttpRequest.newBuilder(URI.create("http://" + host + "/v2/" + repo + "/manifests/v1"))
                .header("Content-Type", "application/vnd.oci.image.manifest.v1+json")
                .PUT(HttpRequest.BodyPublishers.ofString(manifest))
                .build(),
            HttpResponse.BodyHandlers.ofString());
    assertThat(r.statusCode()).as("manifest push: %s", r.body()).isEqualTo(201);
    return host + "/" + repo + "@" + r.headers().firstValue("Docker-Content-Digest").orElseThrow();
  }

  /** The status of a GET of the image's manifest (200 there, 404 gone). */
  int manifest(String image) throws Exception {
    String repoAndDigest = image.substring(host.length() + 1);
    String repo = repoAndDigest.substring(0, repoAndDigest.indexOf('@'));
    String digest = repoAndDigest.substring(repoAndDigest.indexOf('@') + 1);
    return http.send(
            HttpRequest.newBuilder(
                    URI.create("http://" + host + "/v2/" + repo + "/manifests/" + digest))
                .header("Accept", "application/vnd.oci.image.manifest.v1+json")
                .GET()
                .build(),
            HttpResponse.BodyHandlers.discarding())
        .statusCode();
  }

  private String blob(String repo, byte[] data) throws Exception {
    String digest =
        "sha256:" + HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(data));
    // distribution 2.8 takes no monolithic POST: open an upload, then PUT the bytes to it.
    HttpResponse<String> open =
        http.send(
            HttpRequest.newBuilder(URI.create("http://" + host + "/v2/" + repo + "/blobs/uploads/"))
                .POST(HttpRequest.BodyPublishers.noBody())
                .build(),
            HttpResponse.BodyHandlers.ofString());
    assertThat(open.statusCode()).as("upload start: %s", open.body()).isEqualTo(202);
    URI location =
        URI.create("http://" + host).resolve(open.headers().firstValue("Location").orElseThrow());
    String sep = location.toString().contains("?") ? "&" : "?";
    HttpResponse<String> r =
        http.send(
            HttpRequest.newBuilder(URI.create(location + sep + "digest=" + digest))
                .header("Content-Type", "application/octet-stream")
                .PUT(HttpRequest.BodyPublishers.ofByteArray(data))
                .build(),
            HttpResponse.BodyHandlers.ofString());
    assertThat(r.statusCode()).as("blob push: %s", r.body()).isEqualTo(201);
    return digest;
  }

  private HttpResponse<String> get(String path) throws IOException, InterruptedException {
    return http.send(
        HttpRequest.newBuilder(URI.create("http://" + host + path)).GET().build(),
        HttpResponse.BodyHandlers.ofString());
  }

  @Override
  public void close() {
    process.destroy();
  }
}

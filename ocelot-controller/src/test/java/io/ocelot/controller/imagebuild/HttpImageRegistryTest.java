package io.ocelot.controller.imagebuild;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The registry client's side of authentication, which the real registry of {@link
 * HttpImageRegistryIT} (no token server) cannot show: the push secret's credentials per host, and
 * the bearer token a 401 challenge points to, fetched with them.
 */
class HttpImageRegistryTest {
  static final String AUTH =
      Base64.getEncoder().encodeToString("builder:s3cret".getBytes(StandardCharsets.UTF_8));
  static final String CONFIG =
      "{\"auths\":{\"quay.example.com\":{\"auth\":\"other\"},\"%s\":{\"auth\":\"" + AUTH + "\"}}}";

  @Test
  void takesTheCredentialsOfTheImagesHost() {
    assertThat(
            HttpImageRegistry.basicAuth(
                CONFIG.formatted("r.example.com:5000"), "r.example.com:5000"))
        .contains(AUTH);
    assertThat(
            HttpImageRegistry.basicAuth(CONFIG.formatted("https://r.example.com"), "r.example.com"))
        .contains(AUTH);
    assertThat(HttpImageRegistry.basicAuth(CONFIG.formatted("x"), "r.example.com")).isEmpty();
    assertThat(HttpImageRegistry.basicAuth("not json", "r.example.com")).isEmpty();
  }

  @Test
  void answersABearerChallengeWithATokenFetchedWithTheSecret() throws Exception {
    HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    List<String> seen = new ArrayList<>();
    String host = "127.0.0.1:" + server.getAddress().getPort();
    server.createContext(
        "/token",
        x -> {
          seen.add(
              "token "
                  + x.getRequestURI().getQuery()
                  + " "
                  + x.getRequestHeaders().getFirst("Authorization"));
          byte[] body = "{\"token\":\"t0k\"}".getBytes(StandardCharsets.UTF_8);
          x.sendResponseHeaders(200, body.length);
          x.getResponseBody().write(body);
          x.close();
        });
    server.createContext(
        "/v2/",
        x -> {
          String auth = x.getRequestHeaders().getFirst("Authorization");
          seen.add(x.getRequestMethod() + " " + auth);
          if ("Bearer t0k".equals(auth)) {
            x.sendResponseHeaders(202, -1);
          } else {
            x.getResponseHeaders()
                .add(
                    "WWW-Authenticate",
                    "Bearer realm=\"http://"
                        + host
                        + "/token\",service=\"reg\","
                        + "scope=\"repository:ocelot/layered:delete\"");
            x.sendResponseHeaders(401, -1);
          }
          x.close();
        });
    server.start();
    try {
      ImageRegistry.Deletion d =
          new HttpImageRegistry(Set.of(host))
              .delete(
                  host + "/ocelot/layered@sha256:" + "b".repeat(64),
                  Optional.of(CONFIG.formatted(host)));
      assertThat(d).isEqualTo(new ImageRegistry.Deleted());
      assertThat(seen)
          .containsExactly(
              "DELETE Basic " + AUTH,
              "token service=reg&scope=repository:ocelot/layered:delete Basic " + AUTH,
              "DELETE Bearer t0k");
    } finally {
      server.stop(0);
    }
  }
}

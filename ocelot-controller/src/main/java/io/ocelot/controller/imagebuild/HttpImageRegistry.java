package io.ocelot.controller.imagebuild;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Deletes images through the registry's HTTP API (the OCI distribution API: {@code DELETE
 * /v2/<repo>/manifests/<digest>}), with the push secret's credentials: basic, or the bearer token
 * the registry's challenge asks for. HTTPS, but plain HTTP for the hosts named insecure.
 */
public final class HttpImageRegistry implements ImageRegistry {
  private static final Pattern IMAGE = Pattern.compile("^([^/]+)/(.+)@(sha256:[a-f0-9]{64})$");
  private static final Pattern PARAM = Pattern.compile("(\\w+)=\"([^\"]*)\"");
  private static final ObjectMapper JSON = new ObjectMapper();

  private final HttpClient http;
  private final Set<String> insecureHosts;

  public HttpImageRegistry(Set<String> insecureHosts) {
    this.http =
        HttpClient.newBuilder()
            .connectTimeout(Duration.ofSeconds(10))
            .followRedirects(HttpClient.Redirect.NORMAL)
            .build();
    this.insecureHosts = Set.copyOf(insecureHosts);
  }

  @Override
  public Deletion delete(String image, Optional<String> dockerConfigJson) {
    Matcher m = IMAGE.matcher(image);
    if (!m.matches()) {
      return new Refused(image + " is not an image by digest on a registry host");
    }
    String host = m.group(1);
    URI uri =
        URI.create(
            (insecureHosts.contains(host) ? "http" : "https")
                + "://"
                + host
                + "/v2/"
                + m.group(2)
                + "/manifests/"
                + m.group(3));
    Optional<String> basic = dockerConfigJson.flatMap(j -> basicAuth(j, host));
    try {
      HttpResponse<String> r = send(uri, basic.map(b -> "Basic " + b));
      if (r.statusCode() == 401) {
        Optional<String> token = token(r, basic);
        if (token.isPresent()) {
          r = send(uri, token.map(t -> "Bearer " + t));
        }
      }
      return outcome(r);
    } catch (IOException e) {
      return new Failed("cannot reach " + host + ": " + e.getMessage());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return new Failed("interrupted");
    }
  }

  private HttpResponse<String> send(URI uri, Optional<String> authorization)
      throws IOException, InterruptedException {
    HttpRequest.Builder b =
        HttpRequest.newBuilder(uri)
            .timeout(Duration.ofSeconds(30))
            .DELETE()
            .header("Accept", "application/vnd.oci.image.manifest.v1+json");
    authorization.ifPresent(a -> b.header("Authorization", a));
    return http.send(b.build(), HttpResponse.BodyHandlers.ofString());
  }

  static Deletion outcome(HttpResponse<String> r) {
    int code = r.statusCode();
    if (code == 202 || code == 200 || code == 204) {
      return new Deleted();
    }
    if (code == 404) {
      return new Absent();
    }
    String words = "HTTP " + code + (r.body().isBlank() ? "" : ": " + r.body().strip());
    if (code == 401 || code == 403 || code == 405) {
      return new Refused(words); // no right, or deletion disabled: asking again will not help
    }
    return new Failed(words);
  }

  /** The bearer token the 401's challenge points to, fetched with the basic credentials. */
  private Optional<String> token(HttpResponse<String> challenge, Optional<String> basic)
      throws IOException, InterruptedException {
    Optional<String> header = challenge.headers().firstValue("WWW-Authenticate");
    if (header.isEmpty() || !header.get().startsWith("Bearer ")) {
      return Optional.empty();
    }
    Map<String, String> p = params(header.get());
    if (!p.containsKey("realm")) {
      return Optional.empty();
    }
    StringBuilder q = new StringBuilder(p.get("realm"));
    String sep = p.get("realm").contains("?") ? "&" : "?";
    for (String k : new String[] {"service", "scope"}) {
      if (p.containsKey(k)) {
        q.append(sep)
            .append(k)
            .append('=')
            .append(URLEncoder.encode(p.get(k), StandardCharsets.UTF_8));
        sep = "&";
      }
    }
    HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(q.toString())).GET();
    basic.ifPresent(x -> b.header("Authorization", "Basic " + x));
    HttpResponse<String> r = http.send(b.build(), HttpResponse.BodyHandlers.ofString());
    if (r.statusCode() != 200) {
      return Optional.empty();
    }
    JsonNode body = JSON.readTree(r.body());
    String token = body.path("token").asText(body.path("access_token").asText(""));
    return token.isEmpty() ? Optional.empty() : Optional.of(token);
  }

  static Map<String, String> params(String challenge) {
    Map<String, String> p = new LinkedHashMap<>();
    Matcher m = PARAM.matcher(challenge);
    while (m.find()) {
      p.put(m.group(1), m.group(2));
    }
    return p;
  }

  /** The {@code auth} (base64 user:password) a docker config holds for {@code host}. */
  static Optional<String> basicAuth(String dockerConfigJson, String host) {
    try {
      JsonNode auths = JSON.readTree(dockerConfigJson).path("auths");
      for (String key : new String[] {host, "https://" + host, "http://" + host}) {
        String auth = auths.path(key).path("auth").asText("");
        if (!auth.isEmpty()) {
          return Optional.of(auth);
        }
      }
      return Optional.empty();
    } catch (IOException e) {
      return Optional.empty();
    }
  }
}

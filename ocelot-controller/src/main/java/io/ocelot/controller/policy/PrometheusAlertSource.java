package io.ocelot.controller.policy;

import com.fasterxml.jackson.databind.JsonNode;
import io.ocelot.api.json.Json;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Prometheus's {@code /api/v1/alerts}, the firing ones, each answer reused for a few seconds: a
 * pool is reconciled on every node event, and its gate must not turn into a request per event. (A
 * clock that stands still reuses an answer until it moves; tests that move it by hand move it.)
 */
public final class PrometheusAlertSource implements AlertSource {
  private static final Duration REUSE = Duration.ofSeconds(5);
  private static final Duration TIMEOUT = Duration.ofSeconds(5);

  private final HttpClient http = HttpClient.newBuilder().connectTimeout(TIMEOUT).build();
  private final Map<String, Answer> answers = new ConcurrentHashMap<>();
  private final Clock clock;

  private record Answer(Instant at, List<Firing> firing) {}

  public PrometheusAlertSource(Clock clock) {
    this.clock = clock;
  }

  @Override
  public List<Firing> firing(String baseUrl) throws IOException {
    Instant now = clock.instant();
    Answer a = answers.get(baseUrl);
    if (a != null && Duration.between(a.at(), now).compareTo(REUSE) < 0) {
      return a.firing();
    }
    List<Firing> firing = ask(baseUrl);
    answers.put(baseUrl, new Answer(now, firing));
    return firing;
  }

  private List<Firing> ask(String baseUrl) throws IOException {
    String url = baseUrl.replaceAll("/+$", "") + "/api/v1/alerts";
    HttpResponse<String> r;
    try {
      r =
          http.send(
              HttpRequest.newBuilder(URI.create(url)).timeout(TIMEOUT).GET().build(),
              HttpResponse.BodyHandlers.ofString());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted asking " + url, e);
    } catch (IllegalArgumentException e) {
      throw new IOException("not a URL: " + url, e);
    }
    if (r.statusCode() != 200) {
      throw new IOException(url + " answered " + r.statusCode());
    }
    JsonNode alerts = Json.MAPPER.readTree(r.body()).path("data").path("alerts");
    List<Firing> out = new ArrayList<>();
    for (JsonNode alert : alerts) {
      if ("firing".equals(alert.path("state").asText())) {
        out.add(
            new Firing(
                alert.path("labels").path("alertname").asText(),
                alert.path("labels").path("node").asText("")));
      }
    }
    return out;
  }
}

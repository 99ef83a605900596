package io.ocelot.console;

import com.fasterxml.jackson.databind.JsonNode;
import io.ocelot.api.json.Json;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/** The firing alerts of a Prometheus server ({@code GET /api/v1/alerts}). */
public final class PrometheusAlerts implements Supplier<List<Alert>> {
  private final URI alerts;
  private final HttpClient http =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(3)).build();

  public PrometheusAlerts(String baseUrl) {
    this.alerts = URI.create(baseUrl.replaceAll("/+$", "") + "/api/v1/alerts");
  }

  @Override
  public List<Alert> get() {
    try {
      HttpResponse<String> r =
          http.send(
              HttpRequest.newBuilder(alerts).timeout(Duration.ofSeconds(5)).build(),
              HttpResponse.BodyHandlers.ofString());
      if (r.statusCode() != 200) {
        throw new IllegalStateException("Prometheus at " + alerts + " answered " + r.statusCode());
      }
      return parse(Json.MAPPER.readTree(r.body()));
    } catch (IOException e) {
      throw new IllegalStateException(
          "cannot reach Prometheus at " + alerts + ": " + e.getMessage(), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted", e);
    }
  }

  /** Firing alerts only; pending ones have not met their {@code for:} yet. */
  static List<Alert> parse(JsonNode body) {
    List<Alert> out = new ArrayList<>();
    for (JsonNode a : body.path("data").path("alerts")) {
      if ("firing".equals(a.path("state").asText())) {
        JsonNode labels = a.path("labels");
        out.add(
            new Alert(
                labels.path("alertname").asText(),
                labels.has("node") || !labels.has("pool")
                    ? labels.path("node").asText("")
                    : Alert.onPool(labels.path("pool").asText()),
                labels.path("severity").asText("")));
      }
    }
    return out;
  }
}

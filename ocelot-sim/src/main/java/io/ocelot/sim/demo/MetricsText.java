package io.ocelot.sim.demo;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads a sample from a {@code /metrics} page in the Prometheus text format, as a scraper would.
 */
public final class MetricsText {
  private static final Pattern LINE =
      Pattern.compile("^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\\{(.*)\\})? (\\S+)");
  private static final Pattern LABEL =
      Pattern.compile("([a-zA-Z_][a-zA-Z0-9_]*)=\"((?:[^\"\\\\]|\\\\.)*)\"");

  private final String text;

  public MetricsText(String text) {
    this.text = text;
  }

  public static MetricsText scrape(String url) {
    try {
      HttpResponse<String> r =
          HttpClient.newHttpClient()
              .send(
                  HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(5)).build(),
                  HttpResponse.BodyHandlers.ofString());
      if (r.statusCode() != 200) {
        throw new IllegalStateException(url + " answered " + r.statusCode());
      }
      return new MetricsText(r.body());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  /** The value of the first sample of {@code name} whose labels include all of {@code labels}. */
  public Optional<Double> value(String name, Map<String, String> labels) {
    for (String line : text.split("\n")) {
      Matcher m = LINE.matcher(line);
      if (!m.find() || !m.group(1).equals(name)) {
        continue;
      }
      Map<String, String> found = new LinkedHashMap<>();
      if (m.group(2) != null) {
        Matcher l = LABEL.matcher(m.group(2));
        while (l.find()) {
          found.put(l.group(1), l.group(2));
        }
      }
      if (found.entrySet().containsAll(labels.entrySet())) {
        return Optional.of(Double.parseDouble(m.group(3)));
      }
    }
    return Optional.empty();
  }
}

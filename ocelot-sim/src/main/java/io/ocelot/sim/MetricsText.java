package io.ocelot.sim;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
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

  /** One sample line: its name, labels and value. */
  public record Sample(String name, Map<String, String> labels, double value) {}

  /** The value of the first sample of {@code name} whose labels include all of {@code labels}. */
  public Optional<Double> value(String name, Map<String, String> labels) {
    return samples().stream()
        .filter(s -> s.name().equals(name))
        .filter(s -> s.labels().entrySet().containsAll(labels.entrySet()))
        .map(Sample::value)
        .findFirst();
  }

  /** Every sample line, in order. */
  public List<Sample> samples() {
    List<Sample> out = new ArrayList<>();
    for (String line : text.split("\n")) {
      Matcher m = LINE.matcher(line);
      if (!m.find()) {
        continue;
      }
      Map<String, String> found = new LinkedHashMap<>();
      if (m.group(2) != null) {
        Matcher l = LABEL.matcher(m.group(2));
        while (l.find()) {
          found.put(l.group(1), unescape(l.group(2)));
        }
      }
      out.add(new Sample(m.group(1), Map.copyOf(found), Double.parseDouble(m.group(3))));
    }
    return out;
  }

  /** Each family's type, from the {@code # TYPE <name> <type>} lines. */
  public Map<String, String> types() {
    Map<String, String> out = new LinkedHashMap<>();
    for (String line : text.split("\n")) {
      String[] f = line.split(" ");
      if (f.length == 4 && f[0].equals("#") && f[1].equals("TYPE")) {
        out.put(f[2], f[3]);
      }
    }
    return out;
  }

  /** A label value's escapes: {@code \\}, {@code \"} and {@code \n}. */
  private static String unescape(String v) {
    StringBuilder b = new StringBuilder(v.length());
    for (int i = 0; i < v.length(); i++) {
      char c = v.charAt(i);
      if (c == '\\' && i + 1 < v.length()) {
        char next = v.charAt(++i);
        b.append(next == 'n' ? '\n' : next);
      } else {
        b.append(c);
      }
    }
    return b.toString();
  }
}

package io.ocelot.sim;

import io.prometheus.metrics.model.registry.MultiCollector;
import io.prometheus.metrics.model.snapshots.CounterSnapshot;
import io.prometheus.metrics.model.snapshots.CounterSnapshot.CounterDataPointSnapshot;
import io.prometheus.metrics.model.snapshots.GaugeSnapshot;
import io.prometheus.metrics.model.snapshots.GaugeSnapshot.GaugeDataPointSnapshot;
import io.prometheus.metrics.model.snapshots.Labels;
import io.prometheus.metrics.model.snapshots.MetricMetadata;
import io.prometheus.metrics.model.snapshots.MetricSnapshot;
import io.prometheus.metrics.model.snapshots.MetricSnapshots;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The metrics of a daemon in a process of its own (a machine's), read from its {@code /metrics}
 * page at each collection as Prometheus would: counters and gauges; nothing while the daemon is
 * down (a reboot), as a failed scrape has no series.
 */
final class ScrapedMetrics implements MultiCollector {
  private static final Duration TIMEOUT = Duration.ofSeconds(2);

  private final URI url;
  private final HttpClient http;

  ScrapedMetrics(URI url, HttpClient http) {
    this.url = url;
    this.http = http;
  }

  @Override
  public MetricSnapshots collect() {
    try {
      HttpResponse<String> r =
          http.send(
              HttpRequest.newBuilder(url).timeout(TIMEOUT).build(),
              HttpResponse.BodyHandlers.ofString());
      return r.statusCode() == 200 ? snapshots(new MetricsText(r.body())) : MetricSnapshots.of();
    } catch (IOException e) {
      return MetricSnapshots.of();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return MetricSnapshots.of();
    }
  }

  /** The counter and gauge families of a page ({@code <family>_total} samples for counters). */
  static MetricSnapshots snapshots(MetricsText page) {
    List<MetricSnapshot> out = new ArrayList<>();
    List<MetricsText.Sample> samples = page.samples();
    for (Map.Entry<String, String> type : page.types().entrySet()) {
      String family = type.getKey().replaceFirst("_total$", "");
      if (type.getValue().equals("counter")) {
        List<CounterDataPointSnapshot> points = new ArrayList<>();
        for (MetricsText.Sample s : samples) {
          if (s.name().equals(family + "_total")) {
            points.add(new CounterDataPointSnapshot(s.value(), labels(s), null, 0L));
          }
        }
        out.add(new CounterSnapshot(new MetricMetadata(family), points));
      } else if (type.getValue().equals("gauge")) {
        List<GaugeDataPointSnapshot> points = new ArrayList<>();
        for (MetricsText.Sample s : samples) {
          if (s.name().equals(family)) {
            points.add(new GaugeDataPointSnapshot(s.value(), labels(s), null));
          }
        }
        out.add(new GaugeSnapshot(new MetricMetadata(family), points));
      }
    }
    return new MetricSnapshots(out);
  }

  private static Labels labels(MetricsText.Sample s) {
    Labels.Builder b = Labels.builder();
    s.labels().forEach(b::label);
    return b.build();
  }
}

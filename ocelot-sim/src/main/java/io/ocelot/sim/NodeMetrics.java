package io.ocelot.sim;

import io.prometheus.metrics.model.registry.MultiCollector;
import io.prometheus.metrics.model.snapshots.CounterSnapshot;
import io.prometheus.metrics.model.snapshots.CounterSnapshot.CounterDataPointSnapshot;
import io.prometheus.metrics.model.snapshots.GaugeSnapshot;
import io.prometheus.metrics.model.snapshots.GaugeSnapshot.GaugeDataPointSnapshot;
import io.prometheus.metrics.model.snapshots.MetricMetadata;
import io.prometheus.metrics.model.snapshots.MetricSnapshot;
import io.prometheus.metrics.model.snapshots.MetricSnapshots;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * Every daemon's metrics as one family per name, each series labelled {@code node="<name>"}, as a
 * Prometheus scraping every daemon with a node target label would store them. The daemons' metrics
 * are counters and gauges; any other type is left out rather than mislabelled.
 */
final class NodeMetrics implements MultiCollector {
  private final Supplier<Collection<SimNode>> nodes;

  NodeMetrics(Supplier<Collection<SimNode>> nodes) {
    this.nodes = nodes;
  }

  @Override
  public MetricSnapshots collect() {
    Map<String, MetricMetadata> metadata = new LinkedHashMap<>();
    Map<String, List<CounterDataPointSnapshot>> counters = new LinkedHashMap<>();
    Map<String, List<GaugeDataPointSnapshot>> gauges = new LinkedHashMap<>();
    for (SimNode node : nodes.get()) {
      for (MetricSnapshot family : node.registry().scrape()) {
        String name = family.getMetadata().getPrometheusName();
        metadata.putIfAbsent(name, family.getMetadata());
        if (family instanceof CounterSnapshot c) {
          List<CounterDataPointSnapshot> out =
              counters.computeIfAbsent(name, k -> new ArrayList<>());
          for (CounterDataPointSnapshot p : c.getDataPoints()) {
            out.add(
                new CounterDataPointSnapshot(
                    p.getValue(),
                    p.getLabels().add("node", node.name()),
                    p.getExemplar(),
                    p.hasCreatedTimestamp() ? p.getCreatedTimestampMillis() : 0L));
          }
        } else if (family instanceof GaugeSnapshot g) {
          List<GaugeDataPointSnapshot> out = gauges.computeIfAbsent(name, k -> new ArrayList<>());
          for (GaugeDataPointSnapshot p : g.getDataPoints()) {
            out.add(
                new GaugeDataPointSnapshot(
                    p.getValue(), p.getLabels().add("node", node.name()), p.getExemplar()));
          }
        }
      }
    }
    List<MetricSnapshot> families = new ArrayList<>();
    counters.forEach((n, points) -> families.add(new CounterSnapshot(metadata.get(n), points)));
    gauges.forEach((n, points) -> families.add(new GaugeSnapshot(metadata.get(n), points)));
    return new MetricSnapshots(families);
  }
}

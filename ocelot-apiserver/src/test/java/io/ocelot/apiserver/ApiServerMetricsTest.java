package io.ocelot.apiserver;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

class ApiServerMetricsTest {
  static final String TEXT =
      """
      # HELP apiserver_request_total [STABLE] Counter of apiserver requests
      # TYPE apiserver_request_total counter
      apiserver_request_total{code="200",component="apiserver",dry_run="",group="",resource="nodes",scope="resource",subresource="",verb="GET",version="v1"} 12
      apiserver_request_total{code="200",component="apiserver",dry_run="",group="",resource="nodes",scope="cluster",subresource="",verb="LIST",version="v1"} 3
      apiserver_request_total{code="409",component="apiserver",dry_run="",group="",resource="nodes",scope="resource",subresource="",verb="PUT",version="v1"} 2
      apiserver_request_total{code="200",component="apiserver",dry_run="",group="",resource="nodes",scope="resource",subresource="",verb="PUT",version="v1"} 5
      apiserver_request_total{code="201",component="apiserver",dry_run="",group="",resource="pods",scope="resource",subresource="eviction",verb="POST",version="v1"} 1
      apiserver_request_total{code="200",component="apiserver",dry_run="",group="",resource="",scope="",subresource="/readyz",verb="GET",version=""} 40
      apiserver_request_duration_seconds_count{resource="nodes",verb="GET"} 99
      """;

  @Test
  void countsByVerbAndResourceWithRefusalsApartAndNonResourceRequestsLeftOut() {
    RequestCounts c = ApiServerMetrics.parse(TEXT);
    assertThat(c.byKind())
        .isEqualTo(
            Map.of(
                "GET nodes", 12L,
                "LIST nodes", 3L,
                "UPDATE nodes", 7L,
                "UPDATE nodes 409", 2L,
                "CREATE pods/eviction", 1L));
    assertThat(c.total()).isEqualTo(23);
    assertThat(c.writes()).isEqualTo(8);
  }

  @Test
  void sinceKeepsOnlyWhatGrew() {
    RequestCounts before = new RequestCounts(Map.of("GET nodes", 10L, "LIST nodes", 3L));
    RequestCounts after = ApiServerMetrics.parse(TEXT);
    assertThat(after.since(before).byKind())
        .containsEntry("GET nodes", 2L)
        .doesNotContainKey("LIST nodes")
        .containsEntry("UPDATE nodes 409", 2L);
  }

  @Test
  void writesToOneResourceCountNeitherReadsNorRefusalsNorOtherResources() {
    RequestCounts c =
        new RequestCounts(
            Map.of(
                "PATCH machineconfignodes/status", 4L,
                "PATCH machineconfignodes/status 422", 1L,
                "GET machineconfignodes", 2L,
                "UPDATE machineconfignodes", 3L,
                "PATCH nodes", 5L));
    assertThat(c.writesTo("machineconfignodes/status")).isEqualTo(4);
    assertThat(c.writesTo("machineconfignodes")).isEqualTo(3);
  }
}

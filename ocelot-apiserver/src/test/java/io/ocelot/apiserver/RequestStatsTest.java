package io.ocelot.apiserver;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class RequestStatsTest {
  @Test
  void classifiesByVerbAndResource() {
    assertThat(RequestStats.classify("GET", "/api/v1/nodes/worker-0")).isEqualTo("GET nodes");
    assertThat(RequestStats.classify("GET", "/api/v1/nodes")).isEqualTo("LIST nodes");
    assertThat(RequestStats.classify("GET", "/api/v1/nodes?watch=true&fieldSelector=x"))
        .isEqualTo("WATCH nodes");
    assertThat(RequestStats.classify("GET", "/api/v1/namespaces/default/events"))
        .isEqualTo("LIST events");
    assertThat(RequestStats.classify("GET", "/api/v1/namespaces/default"))
        .isEqualTo("GET namespaces");
    assertThat(RequestStats.classify("POST", "/api/v1/namespaces/a/pods/p/eviction"))
        .isEqualTo("CREATE pods/eviction");
    assertThat(
            RequestStats.classify(
                "PATCH", "/apis/machineconfiguration.openshift.io/v1/machineconfigpools/worker"))
        .isEqualTo("PATCH machineconfigpools");
    assertThat(RequestStats.classify("PUT", "/api/v1/nodes/a/status"))
        .isEqualTo("UPDATE nodes/status");
    assertThat(RequestStats.classify("GET", "/apis")).isEqualTo("GET other");
    assertThat(RequestStats.classify("GET", "/openapi/v3")).isEqualTo("GET other");
  }

  @Test
  void countsEachRequest() {
    RequestStats s = new RequestStats();
    s.record("GET", "/api/v1/nodes/a", 200);
    s.record("GET", "/api/v1/nodes/b", 404);
    s.record("PATCH", "/api/v1/nodes/a", 200);
    s.record("PATCH", "/api/v1/nodes/a", 409);
    assertThat(s.snapshot())
        .containsEntry("GET nodes", 2L)
        .containsEntry("PATCH nodes", 2L)
        .containsEntry("PATCH nodes 409", 1L)
        .hasSize(3);
  }
}

package io.ocelot.apiserver;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.fabric8.kubernetes.client.utils.Serialization;
import java.util.List;
import org.junit.jupiter.api.Test;

class DiscoveryTest {
  static final JsonNode CRD =
      Serialization.unmarshal(
          "{\"spec\":{\"group\":\"example.com\",\"scope\":\"Namespaced\","
              + "\"names\":{\"kind\":\"Widget\",\"plural\":\"widgets\",\"singular\":\"widget\","
              + "\"shortNames\":[\"wd\"]},"
              + "\"versions\":[{\"name\":\"v1\",\"served\":true,\"subresources\":{\"status\":{}}},"
              + "{\"name\":\"v0\",\"served\":false}]}}",
          JsonNode.class);

  @Test
  void aCrdAppearsInItsGroupWithShortNamesAndStatus() {
    JsonNode list =
        Discovery.answer("/apis/example.com/v1", Discovery.resources(List.of(CRD))).orElseThrow();
    assertThat(list.path("groupVersion").asText()).isEqualTo("example.com/v1");
    assertThat(list.path("resources").findValuesAsText("name"))
        .containsExactly("widgets", "widgets/status");
    assertThat(list.path("resources").get(0).path("shortNames").get(0).asText()).isEqualTo("wd");
    assertThat(list.path("resources").get(0).path("namespaced").asBoolean()).isTrue();
    assertThat(
            Discovery.answer("/apis/example.com/v0", Discovery.resources(List.of(CRD)))
                .orElseThrow()
                .path("resources"))
        .isEmpty();
  }

  @Test
  void groupsListBuiltinsAndCrdGroupsOnce() {
    JsonNode groups =
        Discovery.answer("/apis", Discovery.resources(List.of(CRD, CRD))).orElseThrow();
    List<String> names = groups.path("groups").findValuesAsText("name");
    assertThat(names).contains("apps", "policy", "example.com").doesNotHaveDuplicates();
    assertThat(
            Discovery.answer("/api/v1", Discovery.resources(List.of()))
                .orElseThrow()
                .path("resources")
                .findValuesAsText("name"))
        .contains("nodes", "pods", "pods/eviction", "events");
  }

  @Test
  void objectPathsAreNotDiscovery() {
    assertThat(Discovery.answer("/api/v1/nodes", Discovery.resources(List.of()))).isEmpty();
    assertThat(Discovery.answer("/apis/example.com/v1/widgets", Discovery.resources(List.of(CRD))))
        .isEmpty();
    assertThat(Discovery.answer("/apis/nope.example.com/v1", Discovery.resources(List.of(CRD))))
        .isEmpty();
  }

  @Test
  void openApiDeclaresFieldValidationForEachKind() {
    List<ApiResource> all = Discovery.resources(List.of(CRD));
    JsonNode root = OpenApiV3.answer("/openapi/v3", all).orElseThrow();
    assertThat(root.path("paths").has("apis/example.com/v1")).isTrue();
    JsonNode doc = OpenApiV3.answer("/openapi/v3/apis/example.com/v1?hash=x", all).orElseThrow();
    JsonNode patch =
        doc.path("paths")
            .path("/apis/example.com/v1/namespaces/{namespace}/widgets/{name}")
            .path("patch");
    assertThat(patch.path("x-kubernetes-group-version-kind").path("kind").asText())
        .isEqualTo("Widget");
    assertThat(patch.path("parameters").get(0).path("name").asText()).isEqualTo("fieldValidation");
  }
}

package io.ocelot.apiserver;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.fabric8.kubernetes.client.utils.Serialization;
import java.time.Instant;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class TablesTest {
  static final JsonNode POOL =
      Serialization.unmarshal(
          "{\"kind\":\"MachineConfigPool\",\"metadata\":{\"name\":\"worker\","
              + "\"creationTimestamp\":\"2026-12-02T10:00:00Z\","
              + "\"annotations\":{\"a.b/c\":\"dotted\"}},"
              + "\"status\":{\"machineCount\":3,\"conditions\":["
              + "{\"type\":\"Updated\",\"status\":\"False\"},{\"type\":\"Degraded\",\"status\":\"True\"}]}}",
          JsonNode.class);

  @Test
  void jsonPathsOfPrinterColumns() {
    assertThat(JsonPaths.text(POOL, ".status.machineCount")).isEqualTo("3");
    assertThat(JsonPaths.text(POOL, ".status.conditions[?(@.type==\"Degraded\")].status"))
        .isEqualTo("True");
    assertThat(JsonPaths.text(POOL, ".status.conditions[0].type")).isEqualTo("Updated");
    assertThat(JsonPaths.text(POOL, ".metadata.annotations.a\\.b/c")).isEqualTo("dotted");
    assertThat(JsonPaths.text(POOL, ".status.nothing.here")).isEmpty();
    assertThat(JsonPaths.text(POOL, ".status.conditions[?(@.type==\"Nope\")].status")).isEmpty();
  }

  @Test
  void aCrdsPrinterColumnsMakeTheTable() {
    JsonNode crd =
        Serialization.unmarshal(
            "{\"spec\":{\"versions\":[{\"additionalPrinterColumns\":["
                + "{\"name\":\"Degraded\",\"type\":\"string\","
                + "\"jsonPath\":\".status.conditions[?(@.type==\\\"Degraded\\\")].status\"},"
                + "{\"name\":\"Hidden\",\"type\":\"string\",\"priority\":1,\"jsonPath\":\".x\"}]}]}}",
            JsonNode.class);
    JsonNode table =
        Tables.of(
            POOL, "MachineConfigPool", Optional.of(crd), Instant.parse("2026-12-02T10:05:00Z"));
    assertThat(table.path("kind").asText()).isEqualTo("Table");
    assertThat(table.path("columnDefinitions").findValuesAsText("name"))
        .containsExactly("Name", "Degraded", "Age");
    assertThat(table.path("rows").get(0).path("cells").toString())
        .isEqualTo("[\"worker\",\"True\",\"5m\"]");
  }

  @Test
  void agesAsKubectlPrintsThem() {
    Instant now = Instant.parse("2026-12-10T00:00:00Z");
    assertThat(Tables.age("2026-12-09T23:59:15Z", now)).isEqualTo("45s");
    assertThat(Tables.age("2026-12-09T23:00:00Z", now)).isEqualTo("60m");
    assertThat(Tables.age("2026-12-09T12:00:00Z", now)).isEqualTo("12h");
    assertThat(Tables.age("2026-12-01T00:00:00Z", now)).isEqualTo("9d");
    assertThat(Tables.age("", now)).isEqualTo("<unknown>");
  }
}

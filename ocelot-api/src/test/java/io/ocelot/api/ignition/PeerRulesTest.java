package io.ocelot.api.ignition;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.ocelot.api.json.Json;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Ignition's own tables for the sections a running node never applies (disks, partitions,
 * filesystems, RAID, LUKS with clevis/tang/cex, the {@code ignition} section: merge, TLS, proxy,
 * URLs, hashes, HTTP headers), ported into {@code ignition/peer-rules.jsonl}: one config per line,
 * the peer file and test it comes from, and every problem Ignition reports for it (severity, field
 * path, words). Rules without a test table upstream are ported from the code and name it.
 */
class PeerRulesTest {
  static List<JsonNode> rows() throws IOException {
    List<JsonNode> rows = new ArrayList<>();
    try (BufferedReader in =
        new BufferedReader(
            new InputStreamReader(
                PeerRulesTest.class.getResourceAsStream("/ignition/peer-rules.jsonl"),
                StandardCharsets.UTF_8))) {
      for (String line = in.readLine(); line != null; line = in.readLine()) {
        if (!line.isBlank()) {
          rows.add(Json.MAPPER.readTree(line));
        }
      }
    }
    return rows;
  }

  static Stream<Arguments> cases() throws IOException {
    return rows().stream()
        .map(r -> Arguments.of(r.get("source").asText(), r.get("config"), r.get("problems")));
  }

  @ParameterizedTest(name = "[{index}] {0}")
  @MethodSource("cases")
  void answersAsIgnitionDoes(String source, JsonNode config, JsonNode expected) {
    List<String> want = new ArrayList<>();
    expected.forEach(p -> want.add(p.asText()));
    List<String> got =
        IgnitionParser.parse(config).problems().stream()
            .map(p -> p.severity().name().toLowerCase(java.util.Locale.ROOT) + " " + p)
            .toList();
    assertThat(got).as(source + ": " + config).containsExactlyInAnyOrderElementsOf(want);
  }

  @Test
  void everyRowNamesItsSourceAndTheTableIsWhole() throws IOException {
    List<JsonNode> rows = rows();
    assertThat(rows).hasSizeGreaterThanOrEqualTo(150);
    assertThat(rows).allMatch(r -> r.path("source").asText().contains(".go"));
    // Both outcomes are held: rows that must pass, and rows with Ignition's errors.
    assertThat(rows).anyMatch(r -> r.get("problems").isEmpty());
    assertThat(rows.stream().filter(r -> !r.get("problems").isEmpty()).count()).isGreaterThan(80);
  }
}

package io.ocelot.apiserver;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The embedded fallback gets no new features (docs/control-plane.md, "The embedded fallback"): its
 * layer over fabric8's mock is these classes, each there because kubectl or the sim's own clients
 * break without it, and it uses no other class of this module but the ones shared with the real
 * control plane. A fix fits in the slack; a feature goes to the real control plane.
 */
class FallbackFrozenTest {
  static final Path SOURCES = Path.of("src/main/java/io/ocelot/apiserver");

  /** The layer, and why each piece stays (what breaks on the fallback without it). */
  static final Set<String> LAYER =
      Set.of(
          "EmbeddedApiServer", // the mock on a port, its store kept across restarts
          "StoreDispatcher", // routes requests to the pieces below
          "Discovery", // kubectl resolves no resource (get mcp, describe) without it
          "OpenApiV3", // kubectl create/apply's validation asks it; without it they fail
          "Tables", // kubectl get prints NAME/AGE only: no pool or node columns
          "JsonPaths", // the CRDs' printer columns for Tables
          "FieldSelectors", // the daemon's and the drain's lists by node come back empty
          "Evictions", // drains: the Eviction API and PodDisruptionBudgets
          "ListKinds", // kubectl describe reads an untyped list as empty
          "MergePatches"); // the mock merges lists and keeps nulls: objects corrupted

  /** Classes the layer shares with the real control plane's side of the module. */
  static final Set<String> SHARED =
      Set.of(
          "ApiResource",
          "ClientSharing",
          "ControlPlane",
          "OcelotCrds",
          "RequestCounts",
          "RequestStats",
          "RequestTally");

  /** 1266 lines on 2026-12-06, when the rule was made. */
  static final int MAX_LINES = 1330;

  @Test
  void theLayerStaysItsSizeAndUsesNothingNew() throws IOException {
    List<String> classes = new ArrayList<>();
    try (Stream<Path> files = Files.list(SOURCES)) {
      files
          .map(p -> p.getFileName().toString())
          .filter(n -> n.endsWith(".java") && !n.equals("package-info.java"))
          .forEach(n -> classes.add(n.substring(0, n.length() - ".java".length())));
    }
    assertThat(classes).containsAll(LAYER);
    int lines = 0;
    List<String> reachedOut = new ArrayList<>();
    for (String layer : LAYER) {
      String text = Files.readString(SOURCES.resolve(layer + ".java"));
      lines += (int) text.lines().count();
      for (String other : classes) {
        if (!LAYER.contains(other)
            && !SHARED.contains(other)
            && Pattern.compile("\\b" + other + "\\b").matcher(text).find()) {
          reachedOut.add(layer + " uses " + other);
        }
      }
    }
    assertThat(reachedOut)
        .as("the embedded fallback gets no new features (docs/control-plane.md)")
        .isEmpty();
    assertThat(lines)
        .as(
            "lines of the embedded fallback's layer; it gets no new features (docs/control-plane.md)")
        .isLessThanOrEqualTo(MAX_LINES);
  }

  @Test
  void onlyTheLayerTalksToTheMock() throws IOException {
    List<String> talk = new ArrayList<>();
    try (Stream<Path> files = Files.list(SOURCES)) {
      for (Path p : files.toList()) {
        String name = p.getFileName().toString().replace(".java", "");
        String text = Files.readString(p);
        if (!LAYER.contains(name)
            && (text.contains("server.mock") || text.contains("mockwebserver"))) {
          talk.add(name);
        }
      }
    }
    assertThat(talk).as("classes outside the fallback's layer that use the mock").isEmpty();
  }
}

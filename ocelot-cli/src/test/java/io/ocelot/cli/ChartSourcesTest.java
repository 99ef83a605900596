package io.ocelot.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.ocelot.runtime.OcelotVersion;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The Helm chart's files that are copies have one source: its crds/ are deploy/crds (the build
 * writes both from the model), its PrometheusRule is monitoring/'s, and the kustomize base lists
 * every manifest of deploy/. Versions: the chart, its appVersion and the images deploy/ pins follow
 * the project's version, never {@code latest}. (HelmChartIT compares what helm and kustomize
 * render.)
 */
class ChartSourcesTest {
  static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
  static final Path CHART = ROOT.resolve("charts/ocelot");

  @Test
  void theChartsCrdsAreDeploysByteForByte() throws IOException {
    List<String> deploy = names(ROOT.resolve("deploy/crds"));
    assertThat(names(CHART.resolve("crds"))).isEqualTo(deploy).isNotEmpty();
    for (String crd : deploy) {
      assertThat(Files.readString(CHART.resolve("crds").resolve(crd)))
          .as(crd)
          .isEqualTo(Files.readString(ROOT.resolve("deploy/crds").resolve(crd)));
    }
  }

  @Test
  void theChartsAlertRulesAreMonitorings() throws IOException {
    assertThat(Files.readString(CHART.resolve("files/prometheus-rule.yaml")))
        .isEqualTo(Files.readString(ROOT.resolve("monitoring/prometheus-rule.yaml")));
  }

  @Test
  void theKustomizeBaseListsEveryManifestOfDeploy() throws IOException {
    String kustomization = Files.readString(ROOT.resolve("deploy/kustomization.yaml"));
    try (Stream<Path> files = Files.walk(ROOT.resolve("deploy"))) {
      List<String> manifests =
          files
              .filter(f -> f.toString().matches(".*\\.ya?ml$"))
              .map(f -> ROOT.resolve("deploy").relativize(f).toString())
              .filter(f -> !f.equals("kustomization.yaml"))
              .sorted()
              .toList();
      assertThat(manifests).hasSize(21);
      manifests.forEach(m -> assertThat(kustomization).contains("  - " + m + "\n"));
    }
  }

  @Test
  void chartAndImagesFollowTheProjectsVersion() throws IOException {
    String version = OcelotVersion.release();
    String chart = Files.readString(CHART.resolve("Chart.yaml"));
    assertThat(chart).contains("\nversion: " + version + "\n");
    assertThat(chart).contains("\nappVersion: \"" + version + "\"\n");
    assertThat(Files.readString(ROOT.resolve("deploy/daemon/03-daemonset.yaml")))
        .contains("image: quay.io/ocelot/ocelot-daemon:" + version + "\n");
    assertThat(Files.readString(ROOT.resolve("deploy/controller/02-deployment.yaml")))
        .contains("image: quay.io/ocelot/ocelot:" + version + "\n");
  }

  private static List<String> names(Path dir) throws IOException {
    try (Stream<Path> files = Files.list(dir)) {
      return files.map(f -> f.getFileName().toString()).sorted().toList();
    }
  }
}

package io.ocelot.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.fabric8.kubernetes.client.utils.Serialization;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The alert rules, checked and unit-tested by the real {@code promtool} (Debian package {@code
 * prometheus}; {@code .ci/run} installs it): each alert fires and resolves on test series.
 */
class AlertRulesTest {
  static final Path DIR = Path.of("..", "monitoring");

  record Run(int exit, String out) {}

  static Run promtool(String... args) throws Exception {
    List<String> cmd = new ArrayList<>(List.of("promtool"));
    cmd.addAll(List.of(args));
    Process p = new ProcessBuilder(cmd).directory(DIR.toFile()).redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
    return new Run(p.exitValue(), out);
  }

  static JsonNode yaml(Path file) throws Exception {
    return Serialization.unmarshal(Files.readString(file), JsonNode.class);
  }

  @Test
  void promtoolChecksTheRules() throws Exception {
    Run r = promtool("check", "rules", "rules.yml");
    assertThat(r.exit()).as(r.out()).isZero();
    assertThat(r.out()).contains("SUCCESS: 12 rules found");
  }

  @Test
  void everyAlertFiresAndResolvesInTheUnitTests() throws Exception {
    Run r = promtool("test", "rules", "rules-test.yml");
    assertThat(r.exit()).as(r.out()).isZero();
    String tests = Files.readString(DIR.resolve("rules-test.yml"));
    for (JsonNode group : yaml(DIR.resolve("rules.yml")).path("groups")) {
      for (JsonNode rule : group.path("rules")) {
        String alert = rule.path("alert").asText();
        Matcher m =
            Pattern.compile("alertname: " + alert + "\\n    exp_alerts: \\[\\]").matcher(tests);
        assertThat(m.find()).as("%s has a case where it does not fire", alert).isTrue();
        assertThat(tests)
            .as("%s has a case where it fires", alert)
            .containsPattern("alertname: " + alert + "\\n    exp_alerts:\\n    - exp_labels");
      }
    }
  }

  @Test
  void thePrometheusRuleShipsTheSameGroups() throws Exception {
    JsonNode rule = yaml(Path.of("..", "monitoring", "prometheus-rule.yaml"));
    assertThat(rule.path("kind").asText()).isEqualTo("PrometheusRule");
    assertThat(rule.path("spec").path("groups"))
        .isEqualTo(yaml(DIR.resolve("rules.yml")).path("groups"));
  }

  @Test
  void everyAlertHasARunbookAndEveryMetricIsDocumented() throws Exception {
    String metrics = Files.readString(Path.of("..", "docs", "metrics.md"));
    for (JsonNode group : yaml(DIR.resolve("rules.yml")).path("groups")) {
      for (JsonNode rule : group.path("rules")) {
        String alert = rule.path("alert").asText();
        assertThat(Path.of("..", "docs", "runbooks", alert + ".md")).exists();
        assertThat(rule.path("annotations").path("runbook_url").asText())
            .endsWith("docs/runbooks/" + alert + ".md");
        Matcher metric =
            Pattern.compile("^(?:[a-z_]+\\()*([a-z_]+)").matcher(rule.path("expr").asText());
        assertThat(metric.find()).isTrue();
        assertThat(metrics).contains("`" + metric.group(1) + "`");
      }
    }
  }
}

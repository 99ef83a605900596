package io.ocelot.runtime.logging;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.AppenderBase;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.slf4j.MDC;
import org.slf4j.event.Level;

class LogSetupTest {
  private static final Logger LOG = LoggerFactory.getLogger("io.ocelot.daemon.txn.UpdateEngine");

  @TempDir Path dir;

  @AfterEach
  void backToTheDefaults() {
    MDC.clear();
    LogSetup.apply(LogSettings.defaults());
  }

  @Test
  void everyProcessLogsThroughLogbackConfiguredByOcelot() {
    assertThat(LoggerFactory.getILoggerFactory()).isInstanceOf(LoggerContext.class);
    // The configurator ran at start: JOSDK and fabric8's alpha-version warning are quiet.
    assertThat(LoggerFactory.getLogger("io.javaoperatorsdk.operator.Operator").isInfoEnabled())
        .isFalse();
    assertThat(LoggerFactory.getLogger("io.javaoperatorsdk.operator.Operator").isWarnEnabled())
        .isTrue();
    assertThat(
            LoggerFactory.getLogger("io.fabric8.kubernetes.client.dsl.internal.VersionUsageUtils")
                .isWarnEnabled())
        .isFalse();
    assertThat(LOG.isInfoEnabled()).isTrue();
    assertThat(LOG.isDebugEnabled()).isFalse();
  }

  @Test
  void jsonIsOneObjectPerLineWithTheContextAndTheCallsKeys() throws IOException {
    Path file = dir.resolve("json.log");
    LogSetup.apply(LogSettings.defaults().withFormat(LogFormat.JSON).toFile(file));
    MDC.put("node", "worker-0");
    LOG.atInfo()
        .addKeyValue("step", "apply-files")
        .addKeyValue("attempt", 2)
        .log("wrote {} files", 3);
    LOG.warn("reboot failed", new IllegalStateException("systemd-run: not found"));

    List<String> lines = Files.readAllLines(file);
    assertThat(lines).hasSize(2);
    JsonNode info = new ObjectMapper().readTree(lines.get(0));
    assertThat(info.get("time").asText()).matches("\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d.*Z");
    assertThat(info.get("level").asText()).isEqualTo("INFO");
    assertThat(info.get("logger").asText()).isEqualTo("io.ocelot.daemon.txn.UpdateEngine");
    assertThat(info.get("message").asText()).isEqualTo("wrote 3 files");
    assertThat(info.get("node").asText()).isEqualTo("worker-0");
    assertThat(info.get("step").asText()).isEqualTo("apply-files");
    assertThat(info.get("attempt").asInt()).isEqualTo(2);
    assertThat(info.has("@version")).isFalse();
    assertThat(info.has("level_value")).isFalse();
    JsonNode warn = new ObjectMapper().readTree(lines.get(1));
    assertThat(warn.get("level").asText()).isEqualTo("WARN");
    assertThat(warn.get("stack_trace").asText())
        .startsWith("java.lang.IllegalStateException: systemd-run: not found");
  }

  @Test
  void textIsTheTerminalsLineAndKeepsQuietLoggersQuiet() throws IOException {
    Path file = dir.resolve("text.log");
    LogSetup.apply(LogSettings.defaults().toFile(file));
    LOG.atInfo().addKeyValue("phase", "Done").log("node phase Working -> Done");
    LoggerFactory.getLogger("io.javaoperatorsdk.operator.Operator").info("Registered reconciler");

    assertThat(Files.readAllLines(file))
        .singleElement(org.assertj.core.api.InstanceOfAssertFactories.STRING)
        .matches("\\d\\d:\\d\\d:\\d\\d\\.\\d{3} INFO UpdateEngine - node phase Working -> Done");
  }

  @Test
  void aQuieterLevelQuietsEverythingAndEachRunReplacesTheFile() throws IOException {
    Path file = dir.resolve("demo.log");
    Files.writeString(file, "the last run's lines\n");
    LogSetup.apply(LogSettings.defaults().withLevel(Level.WARN).toFile(file));
    LOG.info("not shown");
    LoggerFactory.getLogger("io.javaoperatorsdk.operator.Operator").warn("shown");
    LOG.warn("shown too");

    assertThat(Files.readAllLines(file)).hasSize(2).allMatch(l -> l.contains("WARN"));
  }

  @Test
  void anAttachedAppenderHearsInfoWhileTheProcessPrintsOnlyWarnings() throws IOException {
    Path file = dir.resolve("quiet.log");
    LogSetup.apply(LogSettings.defaults().withLevel(Level.WARN).toFile(file));
    List<String> heard = new java.util.ArrayList<>();
    AppenderBase<ILoggingEvent> nodeLog =
        new AppenderBase<>() {
          @Override
          protected void append(ILoggingEvent e) {
            heard.add(e.getLevel() + " " + e.getFormattedMessage());
          }
        };
    LogSetup.attach(nodeLog);
    LOG.info("stage OS image");
    LOG.debug("not heard");
    LoggerFactory.getLogger("io.javaoperatorsdk.operator.Operator").info("not heard either");
    LogSetup.detach(nodeLog);
    LOG.info("after detach");

    assertThat(heard).containsExactly("INFO stage OS image");
    assertThat(Files.readAllLines(file)).isEmpty();
  }

  @Test
  void theFormatIsTextOrJsonAndABadOneSaysSo() {
    assertThat(LogFormat.parse("JSON")).isEqualTo(LogFormat.JSON);
    assertThat(LogFormat.parse(" text ")).isEqualTo(LogFormat.TEXT);
    assertThat(LogFormat.fromEnvironment(Map.of())).isEqualTo(LogFormat.TEXT);
    assertThat(LogFormat.fromEnvironment(Map.of(LogFormat.ENV, ""))).isEqualTo(LogFormat.TEXT);
    assertThat(LogFormat.fromEnvironment(Map.of(LogFormat.ENV, "json"))).isEqualTo(LogFormat.JSON);
    assertThatThrownBy(() -> LogFormat.parse("yaml"))
        .hasMessage("unknown log format 'yaml': choose text or json");
    assertThat(LogFormat.JSON.flag()).isEqualTo("json");
  }
}

package io.ocelot.cli;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.OutputStreamAppender;
import io.ocelot.runtime.logging.LogFormat;
import io.ocelot.runtime.logging.LogSettings;
import io.ocelot.runtime.logging.LogSetup;
import net.logstash.logback.encoder.LogstashEncoder;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

/** What the CLI's logging keeps quiet at every start, and its {@code --log-format} option. */
class LogLevelsTest {
  @AfterEach
  void backToText() {
    LogSetup.apply(LogSettings.defaults());
  }

  @Test
  void fabric8sWarningAboutOurAlphaKindIsSilenced() {
    assertThat(
            LoggerFactory.getLogger("io.fabric8.kubernetes.client.dsl.internal.VersionUsageUtils")
                .isWarnEnabled())
        .isFalse();
  }

  @Test
  void josdkSaysOnlyWarningsAndOursStillInforms() {
    assertThat(LoggerFactory.getLogger("io.javaoperatorsdk.operator.Operator").isInfoEnabled())
        .isFalse();
    assertThat(LoggerFactory.getLogger("io.javaoperatorsdk.operator.Operator").isWarnEnabled())
        .isTrue();
    assertThat(LoggerFactory.getLogger("io.ocelot.controller.ControllerOperator").isInfoEnabled())
        .isTrue();
  }

  @Test
  void everyCommandTakesTheLogFormatBeforeOrAfterItsName() {
    CliTest.Run after =
        CliTest.run("validate", "--log-format", "json", CliTest.ex("70-core-ssh.yaml"));
    assertThat(after.code()).as(after.err()).isZero();
    assertThat(rootEncoder("json")).isInstanceOf(LogstashEncoder.class);

    CliTest.Run before =
        CliTest.run("--log-format=text", "validate", CliTest.ex("70-core-ssh.yaml"));
    assertThat(before.code()).as(before.err()).isZero();
    assertThat(rootEncoder("text")).isNotInstanceOf(LogstashEncoder.class);

    assertThat(CliTest.run("daemon", "--help").out()).contains("--log-format=text|json");
  }

  @Test
  void anUnknownFormatIsRefusedWithTheChoices() {
    CliTest.Run r = CliTest.run("validate", "--log-format", "yaml", CliTest.ex("70-core-ssh.yaml"));
    assertThat(r.code()).isEqualTo(ExitCodes.UNREADABLE);
    assertThat(r.err()).contains("--log-format: unknown log format 'yaml': choose text or json");
  }

  @Test
  void theDaemonCommandPassesTheFormatOn() {
    // Refused past the option parsing (no host root): the format reached the daemon's options.
    CliTest.Run r =
        CliTest.run(
            "--log-format",
            "json",
            "daemon",
            "--node",
            "worker-0",
            "--host-root",
            "/nonexistent-ocelot-root");
    assertThat(r.err()).contains("host root /nonexistent-ocelot-root is not a directory");
    assertThat(rootEncoder(LogFormat.JSON.flag())).isInstanceOf(LogstashEncoder.class);
  }

  @SuppressWarnings("unchecked")
  private static Object rootEncoder(String appender) {
    LoggerContext context = (LoggerContext) LoggerFactory.getILoggerFactory();
    OutputStreamAppender<ILoggingEvent> a =
        (OutputStreamAppender<ILoggingEvent>)
            context.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME).getAppender(appender);
    assertThat(a).as("the root logger's %s appender", appender).isNotNull();
    return a.getEncoder();
  }
}

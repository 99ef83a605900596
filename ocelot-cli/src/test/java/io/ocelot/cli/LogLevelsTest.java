package io.ocelot.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

/** What the CLI's logging (simplelogger.properties) keeps quiet at every start. */
class LogLevelsTest {
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
  }
}

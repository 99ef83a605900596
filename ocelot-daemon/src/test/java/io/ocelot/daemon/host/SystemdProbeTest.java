package io.ocelot.daemon.host;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** {@code systemctl is-enabled}: every answer is one of systemctl's, or a fault. */
class SystemdProbeTest {
  private static Systemd answering(int exit, String stdout, String stderr) {
    return new Systemd(command -> new CommandResult(command, exit, stdout, stderr));
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "0|enabled||ENABLED",
        "0|static||STATIC",
        "1|disabled||DISABLED",
        "1|masked||MASKED",
        "4|not-found||UNKNOWN",
        "1||Failed to get unit file state for a.service: No such file or directory|UNKNOWN",
      })
  void systemctlsWordsAreRead(int exit, String stdout, String stderr, Systemd.Enablement e)
      throws Exception {
    assertThat(
            answering(exit, stdout == null ? "" : stdout, stderr == null ? "" : stderr)
                .isEnabled("a.service"))
        .isEqualTo(e);
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "4||Failed to get unit file state for a.service: Input/output error",
        "0|||",
        "0|enabled-ish||",
      })
  void anythingElseIsAFaultThatNamesTheCommand(int exit, String stdout, String stderr) {
    Systemd systemd = answering(exit, stdout == null ? "" : stdout, stderr == null ? "" : stderr);
    assertThatThrownBy(() -> systemd.isEnabled("a.service"))
        .isInstanceOf(HostException.class)
        .hasMessageStartingWith(
            "systemctl is-enabled a.service answered what the engine cannot interpret: systemctl");
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {"127|systemctl: command not found", "124|"})
  void failingToAskIsAFaultToo(int exit, String stderr) {
    Systemd systemd = answering(exit, "", stderr == null ? "" : stderr);
    assertThatThrownBy(() -> systemd.isEnabled("a.service"))
        .isInstanceOf(HostException.class)
        .hasMessageStartingWith("systemctl is-enabled a.service: systemctl");
  }
}

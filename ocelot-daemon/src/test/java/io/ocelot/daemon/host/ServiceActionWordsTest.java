package io.ocelot.daemon.host;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A service action that fails quotes the unit's own words from its journal. */
class ServiceActionWordsTest {
  private final List<String> asked = new ArrayList<>();

  /** systemctl fails as on a host; journalctl answers {@code journal} by its first argument. */
  private Systemd systemd(Map<String, String> journal) {
    return new Systemd(
        c -> {
          asked.add(c.display());
          if (c.program().equals("systemctl")) {
            return new CommandResult(
                c,
                1,
                "",
                "Job for chronyd.service failed because the control process exited with error"
                    + " code.\nSee \"systemctl status chronyd.service\" for details.");
          }
          return new CommandResult(c, 0, journal.getOrDefault(c.args().get(0), ""), "");
        });
  }

  @Test
  void theServicesOwnLastLines() {
    Systemd s =
        systemd(
            Map.of(
                "_SYSTEMD_UNIT=chronyd.service",
                "starting\nchronyd: Could not parse \"pool x\" at line 3 of /etc/chrony.conf\n"));

    assertThatThrownBy(() -> s.serviceAction("restart", "chronyd.service"))
        .hasMessage(
            "restarting chronyd.service failed: systemctl exited 1: \"Job for chronyd.service"
                + " failed because the control process exited with error code.\nSee"
                + " \\\"systemctl status chronyd.service\\\" for details.\"; its journal:"
                + " \"starting / chronyd: Could not parse \\\"pool x\\\" at line 3 of"
                + " /etc/chrony.conf\"");
    assertThat(asked.get(1))
        .isEqualTo(
            "journalctl _SYSTEMD_UNIT=chronyd.service --boot=0 --output=cat --lines=3 --no-pager"
                + " --quiet");
  }

  @Test
  void whatSystemdSaidOfTheUnitWhenItSaidNothingItself() {
    Systemd s =
        systemd(
            Map.of(
                "--unit=chronyd.service",
                "chronyd.service: Failed to locate executable /usr/sbin/chronyd: No such file"));

    assertThatThrownBy(() -> s.serviceAction("restart", "chronyd.service"))
        .hasMessageEndingWith(
            "; its journal: \"chronyd.service: Failed to locate executable /usr/sbin/chronyd: No"
                + " such file\"");
  }

  @Test
  void noJournalNoWords() {
    assertThatThrownBy(() -> systemd(Map.of()).serviceAction("reload", "crio.service"))
        .hasMessageEndingWith("for details.\"");
  }
}

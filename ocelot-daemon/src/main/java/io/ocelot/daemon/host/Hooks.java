package io.ocelot.daemon.host;

import java.util.List;

/**
 * Lifecycle hooks an admin (or the image) puts on the host, run by the daemon at points of an
 * update, as flightctl's {@code hooks.d}: a failing {@code before-update} or {@code before-reboot}
 * hook fails the update, which is rolled back naming the hook and its words; {@code after-update}
 * hooks are told after an update is done and only reported. (After a boot, hooks run as the health
 * checks do: {@code after-reboot/required.d} and {@code wanted.d}.)
 */
public interface Hooks {
  /** Where in an update hooks run, and the directory name they live under. */
  enum Point {
    BEFORE_UPDATE("before-update"),
    BEFORE_REBOOT("before-reboot"),
    AFTER_UPDATE("after-update");

    private final String dir;

    Point(String dir) {
      this.dir = dir;
    }

    public String dir() {
      return dir;
    }
  }

  /** No hooks. */
  Hooks NONE = (point, changed) -> List.of();

  /**
   * Runs the hooks of {@code point} in name order, each once, all of them even after one failed; a
   * hook that names the paths it cares about runs only when {@code changed} touches one.
   */
  List<HealthChecks.Outcome> run(Point point, List<String> changed) throws HostException;
}

package io.ocelot.daemon.host;

import java.util.ArrayList;
import java.util.List;

/** Unit enablement through {@code systemctl}. Unit files themselves are written with HostFiles. */
public final class Systemd {
  /** Where units and dropins written by configs live. */
  public static final String UNIT_DIR = "/etc/systemd/system";

  private final CommandRunner runner;

  public Systemd(CommandRunner runner) {
    this.runner = runner;
  }

  /** Enablement of a unit as {@code systemctl is-enabled} reports it. */
  public enum Enablement {
    ENABLED,
    DISABLED,
    STATIC,
    MASKED,
    UNKNOWN;

    static Enablement parse(String word) {
      return switch (word.strip()) {
        case "enabled", "enabled-runtime", "alias", "indirect", "generated" -> ENABLED;
        case "disabled" -> DISABLED;
        case "static" -> STATIC;
        case "masked", "masked-runtime" -> MASKED;
        default -> UNKNOWN;
      };
    }
  }

  /**
   * The unit's enablement. A unit systemd does not know is {@link Enablement#UNKNOWN}; a failure to
   * ask (systemctl missing, timing out) is an error, never a guess.
   */
  public Enablement isEnabled(String unit) throws HostException {
    CommandResult r = runner.run(Command.of("systemctl", "is-enabled", unit));
    if (r.exitCode() == CommandResult.NOT_FOUND || r.exitCode() == CommandResult.TIMED_OUT) {
      throw new HostException("systemctl is-enabled " + unit, r);
    }
    return Enablement.parse(r.stdout());
  }

  public void enable(List<String> units) throws HostException {
    if (!units.isEmpty()) {
      HostException.check(
          runner, Command.of("systemctl", args("enable", units)), "error enabling units");
    }
  }

  public void disable(List<String> units) throws HostException {
    if (!units.isEmpty()) {
      HostException.check(
          runner, Command.of("systemctl", args("disable", units)), "error disabling unit");
    }
  }

  /** Applies presets; MCO ignores its errors, and so does this. */
  public void preset(String unit) {
    runner.run(Command.of("systemctl", "preset", unit));
  }

  /** Reloads or restarts a service (the rebootless post-config actions). */
  public void serviceAction(String verb, String unit) throws HostException {
    HostException.check(
        runner, Command.of("systemctl", verb, unit), verb + "ing " + unit + " service failed");
  }

  public void daemonReload() throws HostException {
    HostException.check(
        runner, Command.of("systemctl", "daemon-reload"), "systemctl daemon-reload");
  }

  private static List<String> args(String verb, List<String> units) {
    List<String> out = new ArrayList<>();
    out.add(verb);
    out.addAll(units);
    return out;
  }
}

package io.ocelot.daemon.host;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** Unit enablement through {@code systemctl}. Unit files themselves are written with HostFiles. */
public final class Systemd {
  /** Where units and dropins written by configs live. */
  public static final String UNIT_DIR = "/etc/systemd/system";

  /** Where the image's own units are. */
  public static final String VENDOR_UNIT_DIR = "/usr/lib/systemd/system";

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

    /** The enablement systemctl printed, or empty for a word it never prints. */
    static Optional<Enablement> parse(String word) {
      return Optional.ofNullable(
          switch (word) {
            case "enabled", "enabled-runtime", "alias", "indirect", "generated" -> ENABLED;
            case "disabled" -> DISABLED;
            case "static" -> STATIC;
            case "masked", "masked-runtime" -> MASKED;
            case "linked", "linked-runtime", "transient", "bad", "not-found" -> UNKNOWN;
            default -> null;
          });
    }
  }

  /**
   * The unit's enablement. A unit systemd does not know is {@link Enablement#UNKNOWN}. Any other
   * answer that is not one of systemctl's words — it failed to ask ({@code Failed to get unit file
   * state … Input/output error}), it is missing, it timed out, it printed nothing — is a fault that
   * stops the update: the undo of an enable or disable is only right when the state before it is
   * known.
   */
  public Enablement isEnabled(String unit) throws HostException {
    CommandResult r = runner.run(Command.of("systemctl", "is-enabled", unit));
    if (r.exitCode() == CommandResult.NOT_FOUND || r.exitCode() == CommandResult.TIMED_OUT) {
      throw new HostException("systemctl is-enabled " + unit, r);
    }
    String word = r.stdout().strip();
    Optional<Enablement> known = Enablement.parse(word);
    if (known.isPresent()) {
      return known.get();
    }
    if (word.isEmpty()
        && r.exitCode() == 1
        && r.stderrTail().contains("No such file or directory")) {
      return Enablement.UNKNOWN;
    }
    throw new HostException(
        "systemctl is-enabled " + unit + " answered what the engine cannot interpret", r);
  }

  /**
   * Enables the units and checks that they are: a {@code systemctl} that exits 0 and creates no
   * link would otherwise pass as success. A static unit (no [Install] section) has nothing to
   * enable, as systemctl itself says.
   */
  public void enable(List<String> units) throws HostException {
    if (!units.isEmpty()) {
      HostException.check(
          runner, Command.of("systemctl", args("enable", units)), "error enabling units");
      for (String unit : units) {
        Enablement now = isEnabled(unit);
        if (now != Enablement.ENABLED && now != Enablement.STATIC) {
          throw new HostException(noEffect("enable", unit, now));
        }
      }
    }
  }

  /** Disables the units and checks that they are no longer enabled. */
  public void disable(List<String> units) throws HostException {
    if (!units.isEmpty()) {
      HostException.check(
          runner, Command.of("systemctl", args("disable", units)), "error disabling unit");
      for (String unit : units) {
        Enablement now = isEnabled(unit);
        if (now == Enablement.ENABLED) {
          throw new HostException(noEffect("disable", unit, now));
        }
      }
    }
  }

  private static String noEffect(String verb, String unit, Enablement now) {
    return "systemctl "
        + verb
        + " "
        + unit
        + " exited 0 but did not take: systemctl is-enabled says "
        + now.name().toLowerCase(java.util.Locale.ROOT);
  }

  /** Applies presets; MCO ignores its errors, and so does this. */
  public void preset(String unit) {
    runner.run(Command.of("systemctl", "preset", unit));
  }

  /**
   * Reloads or restarts a service (the rebootless post-config actions). A failure reads {@code
   * restarting chronyd.service failed: systemctl exited 1: "Job for chronyd.service failed …"} and,
   * where the unit's journal has them, its own last words ({@code ; its journal: "…"}): systemctl
   * only says that the job failed, the service says why.
   */
  public void serviceAction(String verb, String unit) throws HostException {
    CommandResult r = runner.run(Command.of("systemctl", verb, unit));
    if (!r.ok()) {
      String said = lastWords(unit);
      throw new HostException(
          verb + "ing " + unit + " failed",
          r,
          said.isEmpty() ? "" : "; its journal: \"" + said.replace("\"", "\\\"") + "\"");
    }
  }

  /** Lines of the unit's journal a failure quotes at most. */
  static final int JOURNAL_LINES = 3;

  /**
   * The last lines the unit's own processes logged in this boot ({@code _SYSTEMD_UNIT=}), else what
   * systemd logged about it; empty without a journal. Joined with {@code " / "}, at most 300
   * characters.
   */
  String lastWords(String unit) {
    for (String match : List.of("_SYSTEMD_UNIT=" + unit, "--unit=" + unit)) {
      CommandResult r =
          runner.run(
              Command.of(
                  "journalctl",
                  match,
                  "--boot=0",
                  "--output=cat",
                  "--lines=" + JOURNAL_LINES,
                  "--no-pager",
                  "--quiet"));
      String text =
          r.ok()
              ? String.join(
                  " / ", r.stdout().lines().map(String::strip).filter(l -> !l.isEmpty()).toList())
              : "";
      if (!text.isEmpty()) {
        return text.length() <= 300 ? text : "..." + text.substring(text.length() - 297);
      }
    }
    return "";
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

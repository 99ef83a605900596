package io.ocelot.api.disruption;

/**
 * A rebootless post-config action on a systemd unit: reload or restart a service, or reload the
 * manager's configuration ({@code daemon-reload}, whose unit is empty).
 */
public record ServiceAction(Kind kind, String unit) {

  /** What systemctl is asked to do. */
  public enum Kind {
    RELOAD("reload"),
    RESTART("restart"),
    DAEMON_RELOAD("daemon-reload");

    private final String verb;

    Kind(String verb) {
      this.verb = verb;
    }

    /** systemctl's verb. */
    public String verb() {
      return verb;
    }
  }

  public static ServiceAction reload(String unit) {
    return new ServiceAction(Kind.RELOAD, unit);
  }

  public static ServiceAction restart(String unit) {
    return new ServiceAction(Kind.RESTART, unit);
  }

  public static ServiceAction daemonReload() {
    return new ServiceAction(Kind.DAEMON_RELOAD, "");
  }

  /** One line a person reads: {@code restart chronyd.service}, {@code systemctl daemon-reload}. */
  public String summary() {
    return kind == Kind.DAEMON_RELOAD ? "systemctl daemon-reload" : kind.verb() + " " + unit;
  }
}

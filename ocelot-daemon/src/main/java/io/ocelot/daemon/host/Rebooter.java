package io.ocelot.daemon.host;

/**
 * Requests the reboot exactly as MCO does: a transient unit ordered after {@code
 * ostree-finalize-staged.service}, so the staged deployment is finalized before the reboot.
 */
public final class Rebooter {
  public static final String UNIT = "machine-config-daemon-reboot";

  private final CommandRunner runner;

  public Rebooter(CommandRunner runner) {
    this.runner = runner;
  }

  public static Command command(String rationale) {
    return Command.of(
        "systemd-run",
        "--unit",
        UNIT,
        "-p",
        "Requires=ostree-finalize-staged.service",
        "-p",
        "After=ostree-finalize-staged.service",
        "--description",
        "machine-config-daemon: " + rationale,
        "/bin/sh",
        "-c",
        "systemctl reboot");
  }

  /** Runs the reboot command; the result says whether systemd accepted it. */
  public CommandResult requestReboot(String rationale) {
    return runner.run(command(rationale));
  }
}

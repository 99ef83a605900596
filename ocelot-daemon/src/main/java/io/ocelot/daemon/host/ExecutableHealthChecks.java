package io.ocelot.daemon.host;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Health checks as executables in the host's check directories — greenboot's (those the image ships
 * under {@code /usr/lib}, those an admin adds under {@code /etc}) and Ocelot's own — run in name
 * order with a timeout each (a check that hangs must not hold the node forever). MachineConfigs
 * ship them like any other file.
 */
public final class ExecutableHealthChecks implements HealthChecks {
  /** Directories searched, with whether their checks are required. */
  public static final List<Directory> DIRECTORIES =
      List.of(
          new Directory("/usr/lib/greenboot/check/required.d", true),
          new Directory("/etc/greenboot/check/required.d", true),
          new Directory("/etc/ocelot/health.d/required.d", true),
          // Lifecycle hooks after a boot into an update run as its checks (docs/daemon.md).
          new Directory(ExecutableHooks.IMAGE_DIR + "/after-reboot/required.d", true),
          new Directory(ExecutableHooks.ADMIN_DIR + "/after-reboot/required.d", true),
          new Directory("/usr/lib/greenboot/check/wanted.d", false),
          new Directory("/etc/greenboot/check/wanted.d", false),
          new Directory("/etc/ocelot/health.d/wanted.d", false),
          new Directory(ExecutableHooks.IMAGE_DIR + "/after-reboot/wanted.d", false),
          new Directory(ExecutableHooks.ADMIN_DIR + "/after-reboot/wanted.d", false));

  public static final Duration DEFAULT_TIMEOUT = Duration.ofMinutes(2);

  /** A check directory and whether a failing check in it fails the boot. */
  public record Directory(String path, boolean required) {}

  private final HostFiles files;
  private final CommandRunner runner;
  private final Duration timeout;

  public ExecutableHealthChecks(HostFiles files, CommandRunner runner, Duration timeout) {
    this.files = files;
    this.runner = runner;
    this.timeout = timeout;
  }

  /** The executable regular files in the check directories, required ones first. */
  public List<Check> checks() throws HostException {
    List<Check> out = new ArrayList<>();
    for (Directory d : DIRECTORIES) {
      for (String name : files.list(d.path())) {
        String path = d.path() + "/" + name;
        if (files.stat(path).orElse(null) instanceof FileState.Regular r
            && (r.mode() & 0111) != 0) {
          out.add(new Check(name, path, d.required()));
        }
      }
    }
    return out;
  }

  @Override
  public List<Outcome> run() throws HostException {
    List<Outcome> out = new ArrayList<>();
    for (Check c : checks()) {
      out.add(new Outcome(c, runner.run(new Command(c.path(), List.of(), timeout))));
    }
    return out;
  }
}

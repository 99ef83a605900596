package io.ocelot.daemon.host;

import io.ocelot.daemon.host.HealthChecks.Check;
import io.ocelot.daemon.host.HealthChecks.Outcome;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Hooks as executables in {@code /usr/lib/ocelot/hooks.d/<point>/} (the image's) and {@code
 * /etc/ocelot/hooks.d/<point>/} (the admin's; one of the same name replaces the image's, as
 * systemd's drop-ins do), run in name order with a timeout each. A hook that says, in a line of its
 * first 20, {@code # ocelot-hook-paths: /etc/chrony.conf /etc/crio/}, runs only when the update
 * changes one of those files or a file under one of those directories.
 */
public final class ExecutableHooks implements Hooks {
  public static final String IMAGE_DIR = "/usr/lib/ocelot/hooks.d";
  public static final String ADMIN_DIR = "/etc/ocelot/hooks.d";
  public static final String PATHS = "# ocelot-hook-paths:";
  public static final Duration DEFAULT_TIMEOUT = Duration.ofMinutes(2);

  private final HostFiles files;
  private final CommandRunner runner;
  private final Duration timeout;

  public ExecutableHooks(HostFiles files, CommandRunner runner, Duration timeout) {
    this.files = files;
    this.runner = runner;
    this.timeout = timeout;
  }

  @Override
  public List<Outcome> run(Point point, List<String> changed) throws HostException {
    List<Outcome> out = new ArrayList<>();
    for (Map.Entry<String, FileState.Regular> hook : hooks(point).entrySet()) {
      String path = hook.getKey();
      if (concerns(hook.getValue(), changed)) {
        String name = path.substring(path.lastIndexOf('/') + 1);
        out.add(
            new Outcome(
                new Check(point.dir() + "/" + name, path, true),
                runner.run(new Command(path, List.of(), timeout))));
      }
    }
    return out;
  }

  /** The executable hooks of {@code point} by path, the admin's replacing the image's by name. */
  private Map<String, FileState.Regular> hooks(Point point) throws HostException {
    Map<String, String> byName = new TreeMap<>();
    for (String dir : List.of(IMAGE_DIR, ADMIN_DIR)) {
      String where = dir + "/" + point.dir();
      for (String name : files.list(where)) {
        byName.put(name, where + "/" + name);
      }
    }
    Map<String, FileState.Regular> out = new java.util.LinkedHashMap<>();
    for (String path : byName.values()) {
      if (files.stat(path).orElse(null) instanceof FileState.Regular r && (r.mode() & 0111) != 0) {
        out.put(path, r);
      }
    }
    return out;
  }

  /** Whether a hook runs for {@code changed}: always, unless it names the paths it cares about. */
  static boolean concerns(FileState.Regular hook, List<String> changed) {
    String text = new String(hook.contents().toArray(), StandardCharsets.UTF_8);
    String[] lines = text.split("\n", 21);
    for (int i = 0; i < Math.min(20, lines.length); i++) {
      String line = lines[i].strip();
      if (line.startsWith(PATHS)) {
        for (String wanted : line.substring(PATHS.length()).trim().split("\\s+")) {
          for (String c : changed) {
            if (!wanted.isEmpty()
                && (c.equals(wanted)
                    || c.startsWith(wanted.endsWith("/") ? wanted : wanted + "/"))) {
              return true;
            }
          }
        }
        return false;
      }
    }
    return true;
  }
}

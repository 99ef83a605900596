package io.ocelot.sim.machine;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * A machine's own control groups, one in each hierarchy a machine's systemd tracks its units in
 * (the named {@code systemd} one and the unified one). Without them every machine started from this
 * computer's cgroup gets the same {@code payload} group below it, so two machines share one cgroup
 * per unit name (measured: both journalds in {@code /payload/system.slice/
 * systemd-journald.service}); one machine then sees the other's processes in its units' groups and
 * {@code systemctl kill} fails ("Failed to send signal SIGKILL to auxiliary processes: Input/output
 * error"), a stopped unit's group never empties.
 */
record MachineCgroups(List<Path> dirs) {

  /**
   * The groups named {@code id} below this process's own in each tracked hierarchy, as {@code
   * /proc/self/cgroup} ({@code procCgroup}) and the mounts place them.
   */
  static MachineCgroups of(String id, String procCgroup, Mounts mounts) {
    List<Path> dirs = new ArrayList<>();
    for (String line : procCgroup.split("\n")) {
      String[] f = line.strip().split(":", 3);
      if (f.length < 3) {
        continue;
      }
      String own = f[2].startsWith("/") ? f[2].substring(1) : f[2];
      mountOf(f[1], mounts)
          .map(point -> own.isEmpty() ? point : point.resolve(own))
          .map(group -> group.resolve("ocelot-machine-" + id))
          .ifPresent(dirs::add);
    }
    return new MachineCgroups(List.copyOf(dirs));
  }

  /** Where the hierarchy of a {@code /proc/self/cgroup} line's controllers field is mounted. */
  private static Optional<Path> mountOf(String controllers, Mounts mounts) {
    return mounts.all().stream()
        .filter(
            m ->
                controllers.isEmpty()
                    ? m.type().equals("cgroup2")
                    : controllers.equals("name=systemd")
                        && m.type().equals("cgroup")
                        && List.of(m.options().split(",")).contains("name=systemd"))
        .map(Mounts.Mount::point)
        .findFirst();
  }

  static MachineCgroups read(String id) throws IOException {
    String own = String.join("\n", Files.readAllLines(Path.of("/proc/self/cgroup")));
    return of(id, own, Mounts.read());
  }

  void create() throws IOException {
    for (Path dir : dirs) {
      Files.createDirectories(dir);
    }
  }

  /**
   * {@code argv} run from inside the groups: a shell moves itself into them, then becomes the
   * program, whose children (the machine) start there.
   */
  List<String> enter(List<String> argv) {
    if (dirs.isEmpty()) {
      return argv;
    }
    StringBuilder script = new StringBuilder();
    for (Path dir : dirs) {
      script.append("echo $$ > ").append(quoted(dir.resolve("cgroup.procs"))).append(" && ");
    }
    script.append("exec \"$@\"");
    List<String> out = new ArrayList<>(List.of("/bin/sh", "-c", script.toString(), "sh"));
    out.addAll(argv);
    return out;
  }

  /** Removes the groups (and what the machine's systemd left below them), deepest first. */
  void remove() throws IOException {
    for (Path dir : dirs) {
      if (!Files.isDirectory(dir)) {
        continue;
      }
      try (Stream<Path> walk = Files.walk(dir)) {
        for (Path d : walk.filter(Files::isDirectory).sorted(Comparator.reverseOrder()).toList()) {
          Files.delete(d); // rmdir: a group's control files go with it
        }
      }
    }
  }

  private static String quoted(Path p) {
    return "'" + p.toString().replace("'", "'\\''") + "'";
  }
}

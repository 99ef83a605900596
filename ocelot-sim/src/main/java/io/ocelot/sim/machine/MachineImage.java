package io.ocelot.sim.machine;

import io.ocelot.daemon.host.Command;
import io.ocelot.daemon.host.CommandResult;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * The daemon's image for the machines, as its Containerfile makes it: the launcher and class path
 * Maven laid out (ocelot-daemon/target/image) and a class-data sharing archive dumped by the
 * image's own {@code bin/build-cds-archive} — in a throwaway container on the machines' base with
 * the image at {@code /opt/ocelot}, so that the archive's paths and JVM are the machines'. The
 * machines get it read-only at {@code /opt/ocelot}.
 */
public final class MachineImage {
  /** Where the image is in a machine. */
  public static final String MOUNT = "/opt/ocelot";

  private static final Duration DUMP_TIMEOUT = Duration.ofMinutes(3);

  private MachineImage() {}

  /**
   * Lays the image out in {@code target} from {@code built}; the bind that gives it to machines.
   */
  public static Machine.Bind prepare(
      Path built, Path target, Path base, List<Machine.Bind> jdk, Path javaHome, Programs programs)
      throws MachineException {
    if (!Files.isRegularFile(built.resolve("bin/ocelot-daemon"))
        || !Files.isDirectory(built.resolve("lib"))) {
      throw new MachineException(
          "no daemon image at "
              + built
              + " (machines run the daemon from its image: build it with mvn -B package"
              + " -DskipTests)");
    }
    try {
      copy(built.resolve("bin"), target.resolve("bin"));
      copy(built.resolve("lib"), target.resolve("lib"));
      Files.copy(
          built.resolve("daemon.classlist"),
          target.resolve("daemon.classlist"),
          StandardCopyOption.REPLACE_EXISTING);
      try (Stream<Path> launchers = Files.list(target.resolve("bin"))) {
        for (Path p : launchers.toList()) {
          Files.setPosixFilePermissions(p, PosixFilePermissions.fromString("rwxr-xr-x"));
        }
      }
    } catch (IOException e) {
      throw new MachineException("cannot lay out the daemon image in " + target + ": " + e, e);
    }
    List<String> argv =
        new ArrayList<>(
            List.of(
                "--quiet",
                "--register=no",
                "--keep-unit",
                "--volatile=overlay",
                "--directory=" + base,
                "--bind=" + target + ":" + MOUNT,
                "--setenv=PATH=" + javaHome.resolve("bin") + ":/usr/bin:/bin"));
    jdk.forEach(b -> argv.add(b.option()));
    argv.addAll(List.of("/bin/sh", MOUNT + "/bin/build-cds-archive"));
    CommandResult dump = programs.run(Command.of("systemd-nspawn", argv).withTimeout(DUMP_TIMEOUT));
    if (!dump.ok()) {
      throw new MachineException(
          "cannot dump the daemon image's class-data sharing archive: " + dump.describeFailure());
    }
    return new Machine.Bind(target, MOUNT);
  }

  private static void copy(Path from, Path to) throws IOException {
    Files.createDirectories(to);
    try (Stream<Path> files = Files.list(from)) {
      for (Path f : files.toList()) {
        Files.copy(f, to.resolve(f.getFileName().toString()), StandardCopyOption.REPLACE_EXISTING);
      }
    }
  }
}

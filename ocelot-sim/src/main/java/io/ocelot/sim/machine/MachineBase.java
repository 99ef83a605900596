package io.ocelot.sim.machine;

import io.ocelot.daemon.host.Command;
import io.ocelot.daemon.host.CommandResult;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.stream.Stream;

/**
 * The Debian root every machine node boots from, the lower layer of each machine's overlay: built
 * once with debootstrap from Debian's packages (about two minutes here), kept in the user's cache
 * under the hash of its recipe, and built anew when the recipe changes. Bases of older recipes are
 * removed once no overlay uses them.
 */
public final class MachineBase {
  static final String SUITE = "bookworm";

  /**
   * What a node needs beyond minbase: an init system, D-Bus, shadow-utils, ostree, ps, and ostree's
   * API for Python (the rpm-ostree stand-in's rollback on a machine booted from ostree).
   */
  static final List<String> PACKAGES =
      List.of(
          "systemd",
          "systemd-sysv",
          "dbus",
          "passwd",
          "ostree",
          "procps",
          "python3-gi",
          "gir1.2-ostree-1.0");

  public static final String DEFAULT_MIRROR = "http://deb.debian.org/debian";

  /** Where a unit of the base lives in it. */
  static final String DAEMON_UNIT = "usr/lib/systemd/system/ocelot-daemon.service";

  private static final Duration BUILD_TIMEOUT = Duration.ofMinutes(20);
  private static final Duration PROGRESS_EVERY = Duration.ofSeconds(15);

  /** What the base is made of; its hash names the base in the cache. */
  record Recipe(String suite, List<String> packages, String setup, String daemonUnit) {
    String text() {
      return "suite "
          + suite
          + "\npackages "
          + String.join(",", packages)
          + "\n--- setup\n"
          + setup
          + "\n--- "
          + DAEMON_UNIT
          + "\n"
          + daemonUnit;
    }

    String id() {
      try {
        byte[] sum =
            MessageDigest.getInstance("SHA-256").digest(text().getBytes(StandardCharsets.UTF_8));
        return SUITE + "-" + HexFormat.of().formatHex(sum).substring(0, 12);
      } catch (NoSuchAlgorithmException e) {
        throw new IllegalStateException(e);
      }
    }
  }

  private final Path cache;
  private final String mirror;
  private final Programs programs;
  private final Clock clock;

  public MachineBase(Path cache, String mirror, Programs programs, Clock clock) {
    this.cache = cache;
    this.mirror = mirror;
    this.programs = programs;
    this.clock = clock;
  }

  /** {@code $XDG_CACHE_HOME/ocelot/machine-base}, else {@code ~/.cache/ocelot/machine-base}. */
  public static Path defaultCache(Map<String, String> env) {
    String xdg = env.get("XDG_CACHE_HOME");
    Path base =
        xdg != null && !xdg.isBlank()
            ? Path.of(xdg)
            : Path.of(env.getOrDefault("HOME", System.getProperty("user.home")), ".cache");
    return base.resolve("ocelot").resolve("machine-base");
  }

  static Recipe recipe() {
    return new Recipe(
        SUITE, PACKAGES, resource("base-setup.sh"), resource("ocelot-daemon.service"));
  }

  /** Whether the base of the current recipe is built already. */
  public boolean isBuilt() {
    return Files.isRegularFile(cache.resolve(recipe().id()).resolve("recipe.txt"));
  }

  /** The base's root, built first when missing; {@code progress} hears the build's stages. */
  public Path ensure(Consumer<String> progress) throws MachineException {
    Recipe recipe = recipe();
    Path dir = cache.resolve(recipe.id());
    try {
      Files.createDirectories(cache);
      try (FileChannel lockFile =
              FileChannel.open(
                  cache.resolve(".lock"), StandardOpenOption.CREATE, StandardOpenOption.WRITE);
          FileLock lock = lockOrWait(lockFile, progress)) {
        if (!Files.isRegularFile(dir.resolve("recipe.txt"))) {
          build(recipe, dir, progress);
        }
        removeOthers(recipe.id(), progress);
      }
    } catch (IOException e) {
      throw new MachineException(
          "cannot build the machine base in " + dir + ": " + e.getMessage(), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new MachineException("interrupted while building the machine base", e);
    }
    return dir.resolve("root");
  }

  private static FileLock lockOrWait(FileChannel file, Consumer<String> progress)
      throws IOException {
    FileLock lock = file.tryLock();
    if (lock != null) {
      return lock;
    }
    progress.accept("machine base: another process is building it; waiting");
    return file.lock();
  }

  private void build(Recipe recipe, Path dir, Consumer<String> progress)
      throws IOException, InterruptedException, MachineException {
    Path partial = cache.resolve(recipe.id() + ".partial");
    remove(partial);
    Path root = partial.resolve("root");
    Files.createDirectories(root);
    Instant start = clock.instant();
    progress.accept(
        "machine base: building "
            + recipe.id()
            + " from Debian "
            + recipe.suite()
            + " ("
            + mirror
            + ") into "
            + dir
            + "; once, a few minutes");
    List<String> argv =
        List.of(
            "debootstrap",
            "--variant=minbase",
            "--include=" + String.join(",", recipe.packages()),
            recipe.suite(),
            root.toString(),
            mirror);
    DebootstrapProgress said = new DebootstrapProgress(progress, clock, start, PROGRESS_EVERY);
    int code = programs.stream(argv, BUILD_TIMEOUT, said);
    if (code != 0) {
      throw new MachineException(
          "machine base: debootstrap exited "
              + code
              + (code == 124 ? " (timed out)" : "")
              + ": "
              + said.last()
              + " (the whole log: "
              + root.resolve("debootstrap/debootstrap.log")
              + ")");
    }
    Files.writeString(root.resolve(DAEMON_UNIT), recipe.daemonUnit(), StandardCharsets.UTF_8);
    Files.writeString(root.resolve("tmp/ocelot-setup.sh"), recipe.setup(), StandardCharsets.UTF_8);
    CommandResult setup =
        programs.run(
            Command.of("chroot", root.toString(), "/bin/sh", "/tmp/ocelot-setup.sh")
                .withTimeout(Duration.ofMinutes(2)));
    if (!setup.ok()) {
      throw new MachineException("machine base: its setup failed: " + setup.describeFailure());
    }
    Files.delete(root.resolve("tmp/ocelot-setup.sh"));
    Files.writeString(partial.resolve("recipe.txt"), recipe.text(), StandardCharsets.UTF_8);
    Files.move(partial, dir);
    progress.accept(
        "machine base: built in "
            + Duration.between(start, clock.instant()).toSeconds()
            + " s ("
            + dir.resolve("root")
            + ")");
  }

  /** Bases of other recipes, and partial builds, that no overlay uses. */
  private void removeOthers(String keep, Consumer<String> progress)
      throws IOException, MachineException {
    Mounts mounts = Mounts.read();
    try (Stream<Path> dirs = Files.list(cache)) {
      for (Path d : dirs.filter(Files::isDirectory).toList()) {
        if (!d.getFileName().toString().equals(keep) && !mounts.layered(d.resolve("root"))) {
          progress.accept("machine base: removing " + d.getFileName() + " (an older recipe)");
          remove(d);
        }
      }
    }
  }

  /**
   * Removes a tree with {@code rm}: a Debian root holds device nodes and odd modes, and {@code
   * --one-file-system} never follows it into a mount.
   */
  private void remove(Path dir) throws MachineException {
    if (!Files.exists(dir)) {
      return;
    }
    CommandResult r =
        programs.run(
            Command.of("rm", "-rf", "--one-file-system", dir.toString())
                .withTimeout(Duration.ofMinutes(2)));
    if (!r.ok()) {
      throw new MachineException("machine base: cannot remove " + dir + ": " + r.describeFailure());
    }
  }

  private static String resource(String name) {
    try (InputStream in = MachineBase.class.getResourceAsStream(name)) {
      if (in == null) {
        throw new IllegalStateException("missing resource io/ocelot/sim/machine/" + name);
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}

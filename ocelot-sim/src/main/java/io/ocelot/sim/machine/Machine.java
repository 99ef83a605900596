package io.ocelot.sim.machine;

import io.ocelot.daemon.host.Command;
import io.ocelot.daemon.host.CommandResult;
import io.ocelot.daemon.host.CommandRunner;
import io.ocelot.runtime.BackgroundThreads;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One machine: a Debian root booted with real systemd as PID 1 in a systemd-nspawn container,
 * sharing this computer's network, its root an overlay of the shared base with a writable layer of
 * its own. A reboot inside ends the container's process with {@value #REBOOTED}; its owner boots it
 * again, as a bootloader would.
 */
public final class Machine implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(Machine.class);

  /** systemd-nspawn's exit status when the container's systemd rebooted. */
  public static final int REBOOTED = 133;

  private static final Duration SHORT = Duration.ofSeconds(30);

  /** A directory of this computer bound into the machine, read-only unless said otherwise. */
  public record Bind(Path source, String target, boolean writable) {
    public Bind(Path source, String target) {
      this(source, target, false);
    }

    String option() {
      return (writable ? "--bind=" : "--bind-ro=")
          + source
          + (target.equals(source.toString()) ? "" : ":" + target);
    }
  }

  private final String name;
  private final Path base;
  private final Path root;
  private final Path layer;
  private final List<Bind> binds;
  private final Programs programs;
  private final Clock clock;
  // The machines' parent thread: a process started by a thread gets its parent-death signal when
  // that thread ends (setpriv --pdeathsig), so one thread that lives as long as the machine starts
  // it every time.
  private final ExecutorService parent;
  private Process process;
  private Duration lastBoot = Duration.ZERO;
  private MachineCgroups cgroups;

  /**
   * {@code root}: where the machine's root is mounted (the node's host root); {@code layer}: its
   * writable layer and overlayfs's work directory, and its console log.
   */
  public Machine(
      String name,
      Path base,
      Path root,
      Path layer,
      List<Bind> binds,
      Programs programs,
      Clock clock) {
    this.name = name;
    this.clock = clock;
    this.base = base;
    this.root = root;
    this.layer = layer;
    this.binds = List.copyOf(binds);
    this.programs = programs;
    this.parent =
        Executors.newSingleThreadExecutor(BackgroundThreads.named("ocelot-machine-" + name));
  }

  public String name() {
    return name;
  }

  public Path root() {
    return root;
  }

  /** Mounts the machine's root: the base below, its own layer above (kept across reboots). */
  public void mount() throws MachineException {
    try {
      Files.createDirectories(layer.resolve("upper"));
      Files.createDirectories(layer.resolve("work"));
      Files.createDirectories(root);
    } catch (IOException e) {
      throw new MachineException("machine " + name + ": cannot lay out " + layer + ": " + e, e);
    }
    must(
        Command.of(
            "mount",
            "-t",
            "overlay",
            "overlay",
            "-o",
            "lowerdir="
                + base
                + ",upperdir="
                + layer.resolve("upper")
                + ",workdir="
                + layer.resolve("work"),
            root.toString()),
        "cannot mount its root");
  }

  /** The machine's control groups, made at its first boot (see {@link MachineCgroups}). */
  private MachineCgroups ownCgroups() throws MachineException {
    if (cgroups == null) {
      try {
        MachineCgroups made =
            MachineCgroups.read(name + "-" + Integer.toHexString(root.hashCode()));
        made.create();
        cgroups = made;
      } catch (IOException e) {
        throw new MachineException("machine " + name + ": cannot make its control groups: " + e, e);
      }
    }
    return cgroups;
  }

  /**
   * Starts the machine and waits until its systemd has finished starting up ({@code systemctl
   * is-system-running --wait}). A unit that failed leaves it {@code degraded}, which is up: the
   * units are named in the log.
   */
  public synchronized void boot(Duration timeout) throws MachineException {
    if (isRunning()) {
      throw new IllegalStateException("machine " + name + " is running");
    }
    List<String> argv =
        new ArrayList<>(
            List.of(
                "systemd-nspawn",
                "--quiet",
                "--directory=" + root,
                "--machine=" + name,
                "--register=no",
                "--keep-unit",
                "--console=passive"));
    binds.forEach(b -> argv.add(b.option()));
    argv.add("--boot");
    List<String> inGroups = ownCgroups().enter(argv);
    Instant started = clock.instant();
    try {
      process = parent.submit(() -> programs.start(inGroups, layer.resolve("console.log"))).get();
    } catch (ExecutionException e) {
      throw new MachineException(
          "machine " + name + ": cannot start systemd-nspawn: " + e.getCause());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new MachineException("interrupted while starting machine " + name, e);
    }
    String word = awaitStartup(timeout);
    synchronized (this) {
      lastBoot = Duration.between(started, clock.instant());
    }
    if (word.equals("degraded")) {
      LOG.warn(
          "machine {}: booted degraded; failed units: {}",
          name,
          exec(SHORT, "systemctl", "--failed", "--plain", "--no-legend")
              .map(CommandResult::stdout)
              .orElse("?")
              .strip());
    }
  }

  /**
   * Waits for systemd's start-up to end: {@code running} or {@code degraded}. Until its manager
   * listens, systemctl cannot ask it ({@code offline}, or nothing at all); it is asked again.
   */
  private String awaitStartup(Duration timeout) throws MachineException {
    Instant deadline = clock.instant().plus(timeout);
    CommandResult last = null;
    while (clock.instant().isBefore(deadline)) {
      Duration left = Duration.between(clock.instant(), deadline);
      last = exec(left, "systemctl", "is-system-running", "--wait").orElseThrow(this::noBoot);
      String word = last.stdout().strip();
      if (word.equals("running") || word.equals("degraded")) {
        return word;
      }
      if (!List.of("", "offline", "initializing", "starting").contains(word)) {
        break; // maintenance, stopping: it will not come up
      }
      sleep(Duration.ofMillis(200));
    }
    throw new MachineException(
        "machine "
            + name
            + " did not finish booting (waited up to "
            + timeout.toSeconds()
            + " s): systemctl is-system-running said \""
            + (last == null ? "" : (last.stdout() + last.stderrTail()).strip())
            + "\"; see its journal (journalctl -D "
            + root.resolve("var/log/journal")
            + ")");
  }

  private MachineException noBoot() {
    return new MachineException(
        "machine "
            + name
            + " ended while booting"
            + exitCode().stream()
                .mapToObj(c -> " (systemd-nspawn exited " + c + ")")
                .findAny()
                .orElse("")
            + "; see "
            + layer.resolve("console.log"));
  }

  /** How long its last boot took, from systemd-nspawn's start to systemd's start-up done. */
  public synchronized Duration lastBoot() {
    return lastBoot;
  }

  /** The machine's processes while it runs: systemd-nspawn and everything below it. */
  public List<ProcessHandle> processes() {
    Process p;
    synchronized (this) {
      p = process;
    }
    if (p == null || !p.isAlive()) {
      return List.of();
    }
    List<ProcessHandle> out = new ArrayList<>();
    out.add(p.toHandle());
    p.toHandle().descendants().forEach(out::add);
    return out;
  }

  public synchronized boolean isRunning() {
    return process != null && process.isAlive();
  }

  /** How its last run ended, once it has. */
  public synchronized OptionalInt exitCode() {
    return process == null || process.isAlive()
        ? OptionalInt.empty()
        : OptionalInt.of(process.exitValue());
  }

  /**
   * Runs a program inside the running machine (all its namespaces, as root); empty when the machine
   * is not running.
   */
  public Optional<CommandResult> exec(Duration timeout, String... argv) {
    Optional<ProcessHandle> init = init();
    if (init.isEmpty()) {
      return Optional.empty();
    }
    List<String> args = new ArrayList<>(List.of("-t", Long.toString(init.get().pid()), "-a"));
    args.addAll(List.of(argv));
    return Optional.of(programs.run(Command.of("nsenter", args).withTimeout(timeout)));
  }

  /**
   * The machine's PID 1 once it runs systemd: the descendant of systemd-nspawn that is PID 1 of a
   * PID namespace of its own ({@code NSpid: <ours> 1}) and whose program is systemd. systemd-nspawn
   * forks helpers first, which still share this computer's namespaces.
   */
  private Optional<ProcessHandle> init() {
    Process p;
    synchronized (this) {
      p = process;
    }
    for (int i = 0; p != null && p.isAlive() && i < 200; i++) {
      Optional<ProcessHandle> init = p.toHandle().descendants().filter(Machine::isInit).findFirst();
      if (init.isPresent()) {
        return init;
      }
      sleep(Duration.ofMillis(50));
    }
    return Optional.empty();
  }

  private static boolean isInit(ProcessHandle h) {
    Path proc = Path.of("/proc", Long.toString(h.pid()));
    try {
      boolean pidOne =
          Files.readAllLines(proc.resolve("status")).stream()
              .filter(l -> l.startsWith("NSpid:"))
              .anyMatch(l -> l.strip().endsWith("\t1") || l.strip().endsWith(" 1"));
      return pidOne && Files.readString(proc.resolve("comm")).strip().equals("systemd");
    } catch (IOException e) {
      return false; // it ended meanwhile
    }
  }

  /**
   * Commands run inside the running machine, as the daemon runs its host tools (a program that is
   * not there: exit 127, nsenter's words).
   */
  public CommandRunner commands() {
    return command -> {
      List<String> argv = command.argv();
      return exec(command.timeout(), argv.toArray(String[]::new))
          .map(r -> new CommandResult(command, r.exitCode(), r.stdout(), r.stderrTail()))
          .orElseGet(
              () ->
                  new CommandResult(
                      command, CommandResult.NOT_FOUND, "", "machine " + name + " is not running"));
    };
  }

  /** The kernel's boot id as the machine sees it (systemd-nspawn gives every boot its own). */
  public Optional<String> bootId() {
    return exec(SHORT, "cat", "/proc/sys/kernel/random/boot_id")
        .filter(CommandResult::ok)
        .map(r -> r.stdout().strip());
  }

  /**
   * Shuts the machine down (SIGTERM: systemd-nspawn halts it cleanly), killing what is left after
   * {@code timeout}.
   */
  public void stop(Duration timeout) {
    Process p;
    synchronized (this) {
      p = process;
    }
    if (p == null || !p.isAlive()) {
      return;
    }
    p.destroy();
    try {
      if (!p.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
        LOG.warn("machine {}: did not halt within {} s; killing it", name, timeout.toSeconds());
        p.descendants().forEach(ProcessHandle::destroyForcibly);
        p.destroyForcibly();
        p.waitFor(SHORT.toMillis(), TimeUnit.MILLISECONDS);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /**
   * Stops the machine and unmounts its root and what is mounted below it (its layer stays, for a
   * look afterwards).
   */
  @Override
  public void close() {
    stop(SHORT);
    parent.shutdownNow();
    try {
      for (Path point : Mounts.read().under(root)) {
        if (!point.equals(root)) {
          unmount(programs, point);
        }
      }
    } catch (IOException e) {
      LOG.warn("cannot read this computer's mounts: {}; unmounting {} alone", e, root);
    }
    unmount(programs, root);
    removeCgroups();
  }

  private synchronized void removeCgroups() {
    if (cgroups != null) {
      try {
        cgroups.remove();
      } catch (IOException e) {
        LOG.warn("machine {}: cannot remove its control groups: {}", name, e.toString());
      }
    }
  }

  /**
   * Unmounts whatever is mounted at or below {@code dir}, deepest first: the roots of machines a
   * killed simulator left mounted (its machines themselves got SIGTERM when it died).
   */
  public static void unmountAllUnder(Path dir, Programs programs) throws IOException {
    for (Path point : Mounts.read().under(dir)) {
      LOG.info("unmounting {}, left by an earlier run", point);
      unmount(programs, point);
    }
  }

  /** Unmounts {@code point}, lazily when something still holds it. */
  static void unmount(Programs programs, Path point) {
    CommandResult r = programs.run(Command.of("umount", point.toString()).withTimeout(SHORT));
    if (!r.ok()) {
      CommandResult lazy =
          programs.run(Command.of("umount", "--lazy", point.toString()).withTimeout(SHORT));
      if (!lazy.ok()) {
        LOG.warn("cannot unmount {}: {}", point, lazy.describeFailure());
      }
    }
  }

  private void must(Command command, String what) throws MachineException {
    CommandResult r = programs.run(command.withTimeout(SHORT));
    if (!r.ok()) {
      throw new MachineException("machine " + name + ": " + what + ": " + r.describeFailure());
    }
  }

  private static void sleep(Duration d) {
    try {
      Thread.sleep(d.toMillis());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}

package io.ocelot.sim.machine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.ocelot.daemon.host.BootLog;
import io.ocelot.daemon.host.Command;
import io.ocelot.daemon.host.CommandResult;
import io.ocelot.daemon.host.CommandRunner;
import io.ocelot.daemon.host.ExecutableHealthChecks;
import io.ocelot.daemon.host.HealthChecks;
import io.ocelot.daemon.host.ProcessCommandRunner;
import io.ocelot.daemon.host.RootedHostFiles;
import io.ocelot.daemon.host.Systemd;
import io.ocelot.daemon.host.Users;
import io.ocelot.fakehost.FakeHost;
import io.ocelot.fakehost.HostRootBuilder;
import io.ocelot.sim.TestFiles;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.function.Function;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The bash stand-ins held to the real tools: the same commands on a stand-in root and on a booted
 * systemd machine give the same exit codes, the same answers where the daemon reads them (through
 * the daemon's own host classes) and the same effect on the files.
 */
class StandInContractIT {
  @TempDir static Path dir;
  static Machine machine;
  static FakeHost standIn;

  /** One side of the contract: a root and how its tools are run. */
  record Side(String name, Path root, CommandRunner tools) {
    CommandResult run(String... argv) {
      return tools.run(Command.of(argv[0], List.of(argv).subList(1, argv.length)));
    }

    Path file(String path) {
      return root.resolve(path.substring(1));
    }
  }

  static Side real;
  static Side fake;

  @BeforeAll
  static void boot() throws Exception {
    machine = TestMachines.boot(dir, "contract", List.of());
    // The node image's own parts, as on a machine node (its preset policy among them).
    HostRootBuilder.at(machine.root()).buildOnRealRoot();
    standIn = HostRootBuilder.at(dir.resolve("stand-in")).build();
    real = new Side("machine", machine.root(), machine.commands());
    fake = new Side("stand-in", standIn.root(), ProcessCommandRunner.simulatedRoot(standIn.root()));
  }

  @AfterAll
  static void halt() {
    if (machine != null) {
      machine.close();
    }
  }

  /** The same on both sides. */
  static <T> void same(Function<Side, T> what) {
    assertThat(what.apply(fake)).as("stand-in vs machine").isEqualTo(what.apply(real));
  }

  static void onBoth(ThrowingConsumer<Side> step) throws Exception {
    step.accept(real);
    step.accept(fake);
  }

  interface ThrowingConsumer<T> {
    void accept(T t) throws Exception;
  }

  static void unit(Side s, String name, String text) throws Exception {
    TestFiles.write(s.file("/etc/systemd/system/" + name), text);
  }

  static Systemd.Enablement enablement(Side s, String unit) {
    try {
      return new Systemd(s.tools()).isEnabled(unit);
    } catch (Exception e) {
      throw new AssertionError(s.name() + ": " + e.getMessage(), e);
    }
  }

  static String link(Side s, String path) {
    try {
      Path p = s.file(path);
      return Files.isSymbolicLink(p) ? Files.readSymbolicLink(p).toString() : "(no link)";
    } catch (Exception e) {
      throw new AssertionError(e);
    }
  }

  static final String WANTED =
      "[Unit]\nDescription=contract\n[Service]\nExecStart=/bin/sleep infinity\n"
          + "[Install]\nWantedBy=multi-user.target\n";

  @Test
  void enableAndDisableAsSystemctlDoes() throws Exception {
    onBoth(s -> unit(s, "contract-a.service", WANTED));
    same(s -> enablement(s, "contract-a.service"));
    assertThat(enablement(real, "contract-a.service")).isEqualTo(Systemd.Enablement.DISABLED);

    same(s -> s.run("systemctl", "enable", "contract-a.service").exitCode());
    same(s -> link(s, "/etc/systemd/system/multi-user.target.wants/contract-a.service"));
    same(s -> enablement(s, "contract-a.service"));

    same(s -> s.run("systemctl", "disable", "contract-a.service").exitCode());
    same(s -> link(s, "/etc/systemd/system/multi-user.target.wants/contract-a.service"));
    same(s -> enablement(s, "contract-a.service"));
  }

  @Test
  void staticUnknownAndMaskedUnits() throws Exception {
    onBoth(
        s -> {
          unit(s, "contract-static.service", "[Service]\nExecStart=/bin/true\n");
          Files.createSymbolicLink(
              s.file("/etc/systemd/system/contract-masked.service"), Path.of("/dev/null"));
        });
    same(s -> enablement(s, "contract-static.service"));
    same(s -> enablement(s, "contract-unknown.service"));
    same(s -> enablement(s, "contract-masked.service"));
    assertThat(enablement(real, "contract-masked.service")).isEqualTo(Systemd.Enablement.MASKED);
    // Enabling a masked unit is refused, in the same words.
    same(s -> s.run("systemctl", "enable", "contract-masked.service").exitCode());
    same(s -> s.run("systemctl", "enable", "contract-masked.service").stderrLastLine());
    same(s -> s.run("systemctl", "enable", "contract-unknown.service").exitCode());
    same(s -> s.run("systemctl", "enable", "contract-unknown.service").stderrLastLine());
  }

  @Test
  void presetFollowsThePresetFiles() throws Exception {
    onBoth(
        s -> {
          unit(s, "contract-p1.service", WANTED);
          unit(s, "contract-p2.service", WANTED);
          unit(s, "contract-p3.service", WANTED);
          TestFiles.write(
              s.file("/etc/systemd/system-preset/10-contract.preset"),
              "enable contract-p1.service\ndisable contract-p2.service\n");
        });
    same(s -> s.run("systemctl", "preset", "contract-p1.service").exitCode());
    same(s -> s.run("systemctl", "preset", "contract-p2.service").exitCode());
    same(s -> enablement(s, "contract-p1.service"));
    same(s -> enablement(s, "contract-p2.service"));
    assertThat(enablement(real, "contract-p1.service")).isEqualTo(Systemd.Enablement.ENABLED);
    // Named nowhere: the image's "disable *" decides.
    same(s -> s.run("systemctl", "preset", "contract-p3.service").exitCode());
    same(s -> enablement(s, "contract-p3.service"));
  }

  @Test
  void theImagesCrioIsAUnitSystemdStartsAndReloads() {
    // The parts were laid out after this machine booted: systemd reads them, then starts crio as
    // a boot of the image would (its vendor wants link).
    assertThat(real.run("systemctl", "daemon-reload").exitCode()).isZero();
    CommandResult start = real.run("systemctl", "start", "crio.service");
    assertThat(start.exitCode()).as(start.stderrTail()).isZero();
    assertThat(real.run("systemctl", "is-active", "crio.service").stdout().strip())
        .isEqualTo("active");
    assertThat(real.run("systemctl", "is-enabled", "crio.service").stdout().strip())
        .isEqualTo("static");
    // What a pin of images and a ContainerRuntimeConfig run.
    same(s -> s.run("systemctl", "reload", "crio.service").exitCode());
    assertThat(real.run("systemctl", "reload", "crio.service").exitCode()).isZero();
  }

  @Test
  void serviceActionsRefuseUnitsSystemdCannotActOn() throws Exception {
    onBoth(
        s -> {
          unit(
              s,
              "contract-svc.service",
              "[Service]\nExecStart=/bin/sleep infinity\nExecReload=/bin/true\n");
          unit(s, "contract-noreload.service", "[Service]\nExecStart=/bin/sleep infinity\n");
          Files.createSymbolicLink(
              s.file("/etc/systemd/system/contract-hidden.service"), Path.of("/dev/null"));
        });
    assertThat(real.run("systemctl", "daemon-reload").exitCode()).isZero();
    // What the daemon runs for a node disruption policy's Reload and Restart, and a stop: a
    // running unit that can reload, one that cannot, a masked one and one that does not exist.
    List<String> script =
        List.of(
            "stop contract-hidden.service",
            "start contract-svc.service",
            "reload contract-svc.service",
            "restart contract-svc.service",
            "start contract-noreload.service",
            "reload contract-noreload.service",
            "restart contract-noreload.service",
            "reload contract-hidden.service",
            "restart contract-hidden.service",
            "start contract-nosuch.service",
            "reload contract-nosuch.service",
            "restart contract-nosuch.service",
            "reload-or-restart contract-nosuch.service",
            "stop contract-nosuch.service",
            "stop contract-svc.service",
            "stop contract-noreload.service");
    same(
        s ->
            script.stream()
                .map(
                    line -> {
                      String[] verbAndUnit = line.split(" ");
                      CommandResult r = s.run("systemctl", verbAndUnit[0], verbAndUnit[1]);
                      return line + " -> " + r.exitCode() + " " + r.stderrLastLine();
                    })
                .toList());
  }

  @Test
  void daemonReload() {
    same(s -> s.run("systemctl", "daemon-reload").exitCode());
  }

  @Test
  void transientUnitsOfSystemdRun() {
    same(s -> s.run("systemd-run", "--unit", "contract-run", "/bin/true").exitCode());
    // Once the unit ended its name is free again. systemd-run returns when the unit has started,
    // not ended: run again at once on a busy machine, real systemd refused the name (exit 1, "Unit
    // contract-run.service was already loaded or has a fragment file").
    await()
        .atMost(Duration.ofSeconds(30))
        .until(
            () ->
                real.run("systemctl", "show", "-P", "LoadState", "contract-run.service")
                    .stdout()
                    .strip()
                    .equals("not-found"));
    same(s -> s.run("systemd-run", "--unit", "contract-run", "/bin/true").exitCode());
    // A dependency that does not exist: MCO's reboot command on a host without ostree's unit.
    same(
        s -> {
          CommandResult r =
              s.run(
                  "systemd-run",
                  "--unit",
                  "contract-req",
                  "-p",
                  "Requires=contract-nosuch.service",
                  "-p",
                  "After=contract-nosuch.service",
                  "/bin/true");
          return r.exitCode() + " " + r.stderrLastLine();
        });
  }

  @Test
  void aMissingProgramIsExit127() {
    same(s -> s.run("contract-no-such-tool", "x").exitCode());
  }

  @Test
  void usermodSetsTheHashAndTheDayOfTheChange() throws Exception {
    String hash = "$6$contract$" + "x".repeat(20);
    byte[] realBefore = Files.readAllBytes(real.file("/etc/shadow"));
    byte[] fakeBefore = Files.readAllBytes(fake.file("/etc/shadow"));
    same(s -> s.run("usermod", "-p", hash, "core").exitCode());
    // shadow-utils keeps the previous file as shadow- and leaves its lock file.
    assertThat(Files.readAllBytes(real.file("/etc/shadow-"))).isEqualTo(realBefore);
    assertThat(Files.readAllBytes(fake.file("/etc/shadow-"))).isEqualTo(fakeBefore);
    same(s -> Files.exists(s.file("/etc/.pwd.lock")));
    same(s -> identical(s.file("/etc/passwd-"), s.file("/etc/passwd")));
    same(s -> shadowFields(s, "core", 3));
    // The hash the daemon reads back.
    same(s -> hashOf(s, "core"));
    same(s -> s.run("usermod", "-p", hash, "contract-nobody").exitCode());
    same(s -> s.run("usermod", "-p", hash, "contract-nobody").stderrLastLine());
    // shadow-utils' own checks accept what was written.
    assertThat(real.run("pwck", "-r", "-q").exitCode()).isZero();
    assertThat(real.run("passwd", "-S", "core").stdout()).startsWith("core P ");
  }

  static boolean identical(Path a, Path b) {
    try {
      return java.util.Arrays.equals(Files.readAllBytes(a), Files.readAllBytes(b));
    } catch (Exception e) {
      throw new AssertionError(e);
    }
  }

  static List<String> shadowFields(Side s, String user, int n) {
    try {
      for (String line : Files.readAllLines(s.file("/etc/shadow"))) {
        List<String> f = List.of(line.split(":", -1));
        if (f.get(0).equals(user)) {
          return f.subList(0, n);
        }
      }
      return List.of();
    } catch (Exception e) {
      throw new AssertionError(e);
    }
  }

  static String hashOf(Side s, String user) {
    try {
      return new Users(s.tools(), new RootedHostFiles(s.root())).passwordHash(user).orElse("");
    } catch (Exception e) {
      throw new AssertionError(e);
    }
  }

  @Test
  void greenbootChecksRunAndFailTheSameWay() throws Exception {
    onBoth(
        s -> {
          Path check = s.file("/etc/greenboot/check/required.d/10-contract.sh");
          TestFiles.executable(check, "#!/bin/sh\necho 'contract check failed' >&2\nexit 3\n");
        });
    same(s -> outcomes(s, "10-contract.sh"));
  }

  static List<String> outcomes(Side s, String name) {
    try {
      List<HealthChecks.Outcome> all =
          new ExecutableHealthChecks(
                  new RootedHostFiles(s.root()), s.tools(), Duration.ofSeconds(30))
              .run();
      return all.stream()
          .filter(o -> o.check().name().equals(name))
          .map(o -> o.result().exitCode() + " " + o.result().stderrLastLine())
          .toList();
    } catch (Exception e) {
      throw new AssertionError(e);
    }
  }

  @Test
  void thePreviousBootsFinalizationErrorsWithNoPreviousBoot() {
    same(s -> new BootLog(s.tools()).previousFinalizeFailure());
  }
}

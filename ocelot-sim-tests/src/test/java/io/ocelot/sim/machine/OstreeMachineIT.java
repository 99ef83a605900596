package io.ocelot.sim.machine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.ocelot.daemon.host.CommandResult;
import io.ocelot.daemon.host.Rebooter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A machine booted from a real ostree deployment of its base, as docs/simulator.md measured by
 * hand: the real {@code ostree admin} stages an update inside, MCO's exact reboot command makes
 * ostree's own unit finalize it at shutdown (the {@code /etc} three-way merge included), and the
 * next boot is the new deployment with the old one as rollback; a staged deployment is undone by
 * undeploying it, a booted one by queueing the rollback from outside and rebooting.
 */
class OstreeMachineIT {
  @TempDir static Path dir;
  static LocalPrograms programs = new LocalPrograms();
  static Path base;
  static OstreeSysroot sysroot;
  static Path root;

  @BeforeAll
  static void layOut() throws Exception {
    base = TestMachines.base(programs);
    sysroot =
        OstreeSysroot.create(dir.resolve("sysroot"), OstreeBase.ensure(base, programs), programs);
    root = dir.resolve("root");
    Files.createDirectories(dir.resolve("layer"));
  }

  @AfterAll
  static void remove() throws Exception {
    if (sysroot != null) {
      OstreeSysroot.remove(sysroot.path(), programs);
    }
  }

  @Test
  void anUpdateIsStagedFinalizedAtShutdownAndBootedNext() throws Exception {
    Path first = sysroot.defaultDeployment();
    try (Machine m = bootDefault()) {
      assertThat(in(m, "ostree", "admin", "status")).contains("* os " + first.getFileName());
      // The node's root is the booted deployment, and its /var the stateroot's.
      assertThat(root.resolve("usr/lib/os-release")).exists();
      assertThat(in(m, "stat", "-c", "%i", "/var/lib"))
          .isEqualTo(inode(sysroot.var().resolve("lib")));

      in(m, "sh", "-c", "echo kept > /etc/ocelot-hand-edit");
      in(m, "mkdir", "-p", "/var/tmp/layer/usr/share/ocelot");
      in(m, "sh", "-c", "echo quay.io/example/os@sha256:1 > /var/tmp/layer/usr/share/ocelot/image");
      in(
          m,
          "ostree",
          "commit",
          "--branch=os/image-1",
          "--tree=ref=" + OstreeSysroot.BASE_REF,
          "--tree=dir=/var/tmp/layer");

      // Staged, then undone as rpm-ostree cleanup -p undoes it.
      in(m, "ostree", "admin", "deploy", "--stage", "os/image-1");
      assertThat(in(m, "ostree", "admin", "status")).contains("(staged)");
      assertThat(in(m, "ostree", "admin", "undeploy", "0")).startsWith("Deleted deployment");
      assertThat(in(m, "ostree", "admin", "status")).doesNotContain("(staged)");
      assertThat(run(m, "test", "-e", "/run/ostree/staged-deployment").exitCode()).isEqualTo(1);

      // Staged again: ostree's path unit starts the finalizing unit, which runs when it stops.
      in(m, "ostree", "admin", "deploy", "--stage", "os/image-1");
      await()
          .atMost(Duration.ofSeconds(10))
          .until(
              () ->
                  run(m, "systemctl", "is-active", "ostree-finalize-staged.service")
                      .stdout()
                      .strip()
                      .equals("active"));
      CommandResult reboot = m.commands().run(Rebooter.command("ocelot test"));
      assertThat(reboot.exitCode()).as(reboot.stderrTail()).isZero();
      awaitReboot(m);
    }

    // The boot loader's view: the new deployment is the default, with the hand edit merged.
    Path second = sysroot.defaultDeployment();
    assertThat(second).isNotEqualTo(first);
    assertThat(second.resolve("etc/ocelot-hand-edit")).hasContent("kept");
    try (Machine m = bootDefault()) {
      assertThat(in(m, "ostree", "admin", "status"))
          .contains("* os " + second.getFileName())
          .contains(first.getFileName() + " (rollback)");
      assertThat(in(m, "cat", "/usr/share/ocelot/image")).isEqualTo("quay.io/example/os@sha256:1");
      assertThat(in(m, "journalctl", "-b", "-1", "-u", "ostree-finalize-staged.service"))
          .contains("Bootloader updated");
      assertThat(in(m, "journalctl", "--list-boots", "--no-pager").lines().count())
          .as("a header and two boots")
          .isEqualTo(3);

      // A rollback queued from outside while it runs, as the boot loader's side does it.
      sysroot.queueRollback();
      assertThat(in(m, "ostree", "admin", "status")).contains(first.getFileName() + " (pending)");
      in(m, "systemctl", "reboot");
      awaitReboot(m);
    }

    assertThat(sysroot.defaultDeployment()).isEqualTo(first);
    try (Machine m = bootDefault()) {
      assertThat(in(m, "ostree", "admin", "status"))
          .contains("* os " + first.getFileName())
          .contains(second.getFileName() + " (rollback)");
      assertThat(run(m, "test", "-e", "/usr/share/ocelot/image").exitCode()).isEqualTo(1);
    }
  }

  /** What the boot loader boots: the default entry's deployment at the root, a new run. */
  static Machine bootDefault() throws Exception {
    return TestMachines.bootDeployment("ostree-it", base, sysroot, root, dir.resolve("layer"));
  }

  static void awaitReboot(Machine m) {
    await().atMost(Duration.ofSeconds(60)).until(() -> m.exitCode().isPresent());
    assertThat(m.exitCode()).hasValue(Machine.REBOOTED);
  }

  static CommandResult run(Machine m, String... argv) {
    return m.exec(Duration.ofSeconds(60), argv)
        .orElseThrow(() -> new AssertionError("not running"));
  }

  /** stdout of a command that must succeed, stripped. */
  static String in(Machine m, String... argv) {
    CommandResult r = run(m, argv);
    assertThat(r.exitCode()).as(String.join(" ", argv) + ": " + r.stderrTail()).isZero();
    return r.stdout().strip();
  }

  static String inode(Path p) throws Exception {
    return Files.getAttribute(p, "unix:ino").toString();
  }
}

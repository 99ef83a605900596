package io.ocelot.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.ocelot.daemon.host.FileHostLock;
import io.ocelot.daemon.host.HostLock;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code ocelot host}: the engine on a simulated root, driven like a person would. */
class HostCliTest {
  static final String I1 = "registry.local/l@sha256:" + "1".repeat(64);
  static final String I2 = "registry.local/l@sha256:" + "2".repeat(64);

  @TempDir Path dir;

  CliTest.Run apply(Path root) {
    return CliTest.run(
        "host",
        "apply",
        "--root",
        root.toString(),
        "--current",
        CliTest.ex("00-worker.yaml"),
        "--current-image",
        I1,
        "--desired",
        CliTest.ex("00-worker.yaml"),
        CliTest.ex("50-chrony.yaml"),
        "--desired-image",
        I2);
  }

  /** A fresh root carries no config yet: apply the base config from an empty one first. */
  Path settledRoot() throws Exception {
    Path root = initRoot("root");
    Path empty =
        Files.writeString(
            dir.resolve("empty.yaml"),
            "apiVersion: machineconfiguration.openshift.io/v1\nkind: MachineConfig\n"
                + "metadata: {name: empty}\nspec: {}\n");
    CliTest.Run first =
        CliTest.run(
            "host",
            "apply",
            "--root",
            root.toString(),
            "--current",
            empty.toString(),
            "--current-image",
            I1,
            "--desired",
            CliTest.ex("00-worker.yaml"),
            "--desired-image",
            I1);
    assertThat(first.code()).as(first.out()).isZero();
    CliTest.run("host", "reboot", "--root", root.toString());
    assertThat(CliTest.run("host", "finalize", "--root", root.toString()).code()).isZero();
    return root;
  }

  @Test
  void brokenRebootRollsBackThenFixedItRebootsAndFinalizes() throws Exception {
    Path root = settledRoot();
    Files.move(root.resolve("usr/bin/systemd-run"), root.resolve("usr/bin/systemd-run2"));

    CliTest.Run failed = apply(root);
    assertThat(failed.code()).isEqualTo(1);
    assertThat(failed.out())
        .contains("   2. stage OS image " + I2 + "\n")
        .contains(
            "failed: reboot command failed: systemd-run exited 127: \"systemd-run: command not found\"; rolled back")
        .contains("\"exitCode\" : 127");
    assertThat(root.resolve("etc/chrony.conf")).doesNotExist();

    Files.move(root.resolve("usr/bin/systemd-run2"), root.resolve("usr/bin/systemd-run"));
    CliTest.Run ok = apply(root);
    assertThat(ok.code()).isZero();
    assertThat(ok.out()).contains("reboot requested: Node will reboot into image " + I2);

    assertThat(CliTest.run("host", "reboot", "--root", root.toString()).out())
        .contains("booted " + I2);
    CliTest.Run finalized = CliTest.run("host", "finalize", "--root", root.toString());
    assertThat(finalized.code()).isZero();
    assertThat(finalized.out())
        .startsWith("completed: the host is on MachineConfig rendered-worker-");

    CliTest.Run status = CliTest.run("host", "status", "--root", root.toString());
    assertThat(status.out())
        .contains("  booted   " + I2 + "\n")
        .contains("marker: STABLE MachineConfig rendered-worker-")
        .contains("journal: empty")
        .contains("last failure: none");
    CliTest.Run again =
        CliTest.run(
            "host",
            "apply",
            "--root",
            root.toString(),
            "--current",
            CliTest.ex("00-worker.yaml"),
            CliTest.ex("50-chrony.yaml"),
            "--current-image",
            I2,
            "--desired",
            CliTest.ex("00-worker.yaml"),
            CliTest.ex("50-chrony.yaml"),
            "--desired-image",
            I2);
    assertThat(again.out())
        .startsWith("nothing to do: the host is already on MachineConfig: rendered-worker-");
  }

  @Test
  void anEmptyPasswordHashLocksThePasswordInsteadOfClearingIt() throws Exception {
    Path root = settledRoot();
    Path withHash = passwordConfig("60-password", "$6$salt$hash");
    Path emptyHash = passwordConfig("61-password-empty", "");
    assertThat(CliTest.run("validate", emptyHash.toString()).code()).isZero();
    String worker = CliTest.ex("00-worker.yaml");
    CliTest.Run set = applyOnImageOne(root, List.of(worker), List.of(worker, withHash.toString()));
    assertThat(set.code()).as(set.out() + set.err()).isZero();
    assertThat(coreShadowField(root)).isEqualTo("$6$salt$hash");

    CliTest.Run cleared =
        applyOnImageOne(
            root, List.of(worker, withHash.toString()), List.of(worker, emptyHash.toString()));
    assertThat(cleared.code()).as(cleared.out() + cleared.err()).isZero();
    assertThat(coreShadowField(root)).isEqualTo("*");
  }

  @Test
  void aQuotedKernelArgumentWithASpaceIsAppliedAndValidatedAsOne() throws Exception {
    // Split on every space when read back from `rpm-ostree kargs`, foo="bar baz" never matched
    // after the boot and the update rolled back (issue 37).
    Path root = settledRoot();
    Path kargs =
        workerConfig("70-kargs", "  kernelArguments: ['foo=\"bar baz\"', \"x=1\\ty=2\"]\n");
    String worker = CliTest.ex("00-worker.yaml");
    CliTest.Run applied = applyOnImageOne(root, List.of(worker), List.of(worker, kargs.toString()));
    assertThat(applied.code()).as(applied.out() + applied.err()).isZero();
    CliTest.run("host", "reboot", "--root", root.toString());
    CliTest.Run finalized = CliTest.run("host", "finalize", "--root", root.toString());
    assertThat(finalized.code()).as(finalized.out() + finalized.err()).isZero();
    assertThat(finalized.out())
        .startsWith("completed: the host is on MachineConfig rendered-worker-");
  }

  @Test
  void anImageThatIsNoReferenceIsRefusedBeforeTheHostIsTouched() throws Exception {
    Path root = initRoot("untouched");
    String worker = CliTest.ex("00-worker.yaml");
    CliTest.Run r =
        CliTest.run(
            "host",
            "apply",
            "--root",
            root.toString(),
            "--current",
            worker,
            "--current-image",
            "quay.io/x@sha256:\u001b[2J",
            "--desired",
            worker);
    assertThat(r.code()).isEqualTo(2);
    assertThat(r.err()).startsWith("error: --current-image \"quay.io/x@sha256:\\u001b[2J\": ");
    assertThat(root.resolve("var/lib/ocelot/marker.json")).doesNotExist();
  }

  @Test
  // A hang fails the test instead of the whole run (a blocked read ignores interrupts).
  @org.junit.jupiter.api.Timeout(
      value = 60,
      threadMode = org.junit.jupiter.api.Timeout.ThreadMode.SEPARATE_THREAD)
  void aStateFileThatIsAFifoIsRefusedNotWaitedOn() throws Exception {
    Path root = initRoot("fifo");
    Files.createDirectories(root.resolve("var/lib/ocelot"));
    Process mkfifo =
        new ProcessBuilder("mkfifo", root.resolve("var/lib/ocelot/marker.json").toString()).start();
    assertThat(mkfifo.waitFor()).isZero();
    // Reading it blocked every command for ever.
    CliTest.Run status = CliTest.run("host", "status", "--root", root.toString());
    assertThat(status.out() + status.err())
        .contains("/var/lib/ocelot/marker.json is not a regular file, a directory or a symlink");
  }

  @Test
  void hostInitSaysWhatOfAConfigItWouldNotLayDown() throws Exception {
    Path links =
        workerConfig(
            "80-links",
            """
              config:
                ignition: {version: 3.4.0}
                storage:
                  links: [{path: /etc/localtime, target: /usr/share/zoneinfo/UTC}]
            """);
    Path root = dir.resolve("links-root");
    CliTest.Run r =
        CliTest.run(
            "host", "init", "--root", root.toString(), "--image", I1, "--config", links.toString());
    // It laid down the files and units and skipped the link without a word (issue 37).
    assertThat(r.code()).isEqualTo(1);
    assertThat(r.err())
        .contains("--config holds what host init does not lay down (only files and units):")
        .contains("storage.links");
  }

  /** {@code host apply} from {@code current} to {@code desired}, both on image I1. */
  private static CliTest.Run applyOnImageOne(
      Path root, List<String> current, List<String> desired) {
    List<String> args = new ArrayList<>(List.of("host", "apply", "--root", root.toString()));
    args.add("--current");
    args.addAll(current);
    args.addAll(List.of("--current-image", I1, "--desired"));
    args.addAll(desired);
    args.addAll(List.of("--desired-image", I1));
    return CliTest.run(args.toArray(String[]::new));
  }

  private Path passwordConfig(String name, String hash) throws IOException {
    return workerConfig(
        name,
        """
          config:
            ignition: {version: 3.4.0}
            passwd:
              users:
              - name: core
                passwordHash: "%s"
        """
            .formatted(hash));
  }

  /** {@code <name>.yaml}: a worker MachineConfig whose spec is {@code spec} (indented two). */
  private Path workerConfig(String name, String spec) throws IOException {
    return Files.writeString(
        dir.resolve(name + ".yaml"),
        "apiVersion: machineconfiguration.openshift.io/v1\nkind: MachineConfig\nmetadata:\n"
            + "  name: "
            + name
            + "\n"
            + "  labels: {machineconfiguration.openshift.io/role: worker}\nspec:\n"
            + spec);
  }

  /** A fresh simulated root {@code name}, booted into I1. */
  private Path initRoot(String name) {
    Path root = dir.resolve(name);
    assertThat(CliTest.run("host", "init", "--root", root.toString(), "--image", I1).code())
        .isZero();
    return root;
  }

  /** The second field of core's line in the root's /etc/shadow. */
  private static String coreShadowField(Path root) throws Exception {
    return Files.readAllLines(root.resolve("etc/shadow")).stream()
        .filter(l -> l.startsWith("core:"))
        .findFirst()
        .orElseThrow()
        .split(":", -1)[1];
  }

  @Test
  void aRollbackThatCannotCompleteExitsThreeAndStatusShowsTheJournal() throws Exception {
    Path root = settledRoot();
    Files.move(root.resolve("usr/bin/systemd-run"), root.resolve("usr/bin/systemd-run2"));
    // rpm-ostree that cannot discard the staged deployment
    Files.move(root.resolve("usr/bin/rpm-ostree"), root.resolve("usr/bin/.real-rpm-ostree"));
    Path wrapper = root.resolve("usr/bin/rpm-ostree");
    Files.writeString(
        wrapper,
        "#!/usr/bin/env bash\n[ \"$1\" = cleanup ] && { echo 'error: Device busy' >&2; exit 1; }\n"
            + "exec \"$(dirname \"$0\")/.real-rpm-ostree\" \"$@\"\n");
    Files.setPosixFilePermissions(wrapper, PosixFilePermissions.fromString("rwxr-xr-x"));

    CliTest.Run r = apply(root);
    assertThat(r.code()).isEqualTo(3);
    assertThat(r.out()).contains("could not undo 1 step: stage OS image " + I2);
    CliTest.Run status = CliTest.run("host", "status", "--root", root.toString());
    assertThat(status.out())
        .contains("UNDO_FAILED stage OS image " + I2)
        .contains("  staged   " + I2);

    // Still broken, the next apply says the rollback is unfinished and what to do; it starts
    // nothing new (it crashed with "an unfinished attempt is in the journal").
    CliTest.Run stuck = apply(root);
    assertThat(stuck.code()).as(stuck.out() + stuck.err()).isEqualTo(3);
    assertThat(stuck.out() + stuck.err()).doesNotContain("IllegalStateException");
    assertThat(stuck.out())
        .contains("nothing new started: the earlier rollback is unfinished; fix its cause");

    // Fixed, the next apply finishes the rollback the journal holds first, then updates.
    Files.move(
        root.resolve("usr/bin/.real-rpm-ostree"),
        wrapper,
        java.nio.file.StandardCopyOption.REPLACE_EXISTING);
    Files.move(root.resolve("usr/bin/systemd-run2"), root.resolve("usr/bin/systemd-run"));
    CliTest.Run again = apply(root);
    assertThat(again.code()).as(again.out() + again.err()).isZero();
    assertThat(again.out())
        .contains("recovered an earlier attempt first: ")
        .contains("reboot requested: Node will reboot into image " + I2);
  }

  @Test
  void usageErrors() {
    assertThat(CliTest.run("host", "reboot", "--root", dir.toString()).code()).isEqualTo(1);
    assertThat(CliTest.run("host", "apply", "--root", dir.toString()).code()).isEqualTo(2);
    CliTest.Run notEmpty =
        CliTest.run("host", "init", "--root", Path.of("..").toString(), "--image", I1);
    assertThat(notEmpty.code()).isEqualTo(1);
    assertThat(notEmpty.err()).contains("is not empty");
  }

  @Test
  void aMissingRootIsAHostConditionNotACrash() {
    Path nowhere = dir.resolve("nowhere");
    CliTest.Run status = CliTest.run("host", "status", "--root", nowhere.toString());
    assertThat(status.code()).isEqualTo(ExitCodes.HOST_UNUSABLE);
    assertThat(status.err()).isEqualTo("error: host root " + nowhere + " does not exist\n");
    CliTest.Run apply = apply(nowhere);
    assertThat(apply.code()).isEqualTo(ExitCodes.HOST_UNUSABLE);
    assertThat(apply.err()).contains("error: host root " + nowhere + " does not exist");
  }

  @Test
  void aCorruptMarkerStopsEveryCommandWithTheFileNamed() throws Exception {
    Path root = settledRoot();
    Files.writeString(root.resolve("var/lib/ocelot/marker.json"), "{\"phase\":\"PREP");
    for (String command : new String[] {"status", "finalize"}) {
      CliTest.Run r = CliTest.run("host", command, "--root", root.toString());
      assertThat(r.code()).as(command).isEqualTo(ExitCodes.HOST_UNUSABLE);
      assertThat(r.err())
          .startsWith("error: the engine's state file /var/lib/ocelot/marker.json is corrupt");
    }
    CliTest.Run applied = apply(root);
    assertThat(applied.code()).isEqualTo(ExitCodes.HOST_UNUSABLE);
    assertThat(root.resolve("etc/chrony.conf")).doesNotExist();
  }

  @Test
  void aSecondEngineOnTheRootIsRefusedAtOnce() throws Exception {
    Path root = settledRoot();
    FileHostLock daemon = new FileHostLock(root, java.time.Clock.systemUTC());
    try (HostLock.Lease lease = daemon.acquire("ocelot daemon for node worker-0")) {
      CliTest.Run r = apply(root);
      assertThat(r.code()).isEqualTo(ExitCodes.HOST_UNUSABLE);
      assertThat(r.err())
          .startsWith("error: another engine is working on host root " + root)
          .contains("(held by ocelot daemon for node worker-0, pid ");
      assertThat(root.resolve("etc/chrony.conf")).doesNotExist();
    }
    assertThat(apply(root).code()).isZero();
  }

  @Test
  void applyRefusesAHostThatIsNotOnTheCurrentConfig() throws Exception {
    Path root = initRoot("bare");
    CliTest.Run r = apply(root);
    assertThat(r.code()).isEqualTo(ExitCodes.INVALID);
    assertThat(r.out())
        .startsWith(
            "the host is not on the --current config 00-worker, nothing changed on the host:\n")
        .contains("could not stat file \"/etc/sysctl.d/50-ocelot.conf\"");
    assertThat(CliTest.run("host", "status", "--root", root.toString()).out())
        .contains("marker: none")
        .contains("journal: empty");
  }

  /**
   * The README's sequence, then its rollback tip taken literally: a second apply that claims the
   * host is still on 00-worker / I1 after it moved to the rendered config and I2. The host's own
   * record wins: refused with both sides named, and nothing on the host changes.
   */
  @Test
  void applyFromAStartingPointTheHostHasLeftIsRefused() throws Exception {
    Path root = settledRoot();
    CliTest.Run first = apply(root);
    assertThat(first.code()).as(first.out()).isZero();
    CliTest.run("host", "reboot", "--root", root.toString());
    assertThat(CliTest.run("host", "finalize", "--root", root.toString()).code()).isZero();
    String status = CliTest.run("host", "status", "--root", root.toString()).out();
    byte[] marker = Files.readAllBytes(root.resolve("var/lib/ocelot/marker.json"));

    CliTest.Run again = apply(root);
    assertThat(again.code()).isEqualTo(ExitCodes.INVALID);
    assertThat(again.out())
        .startsWith(
            "the host is not on --current MachineConfig: 00-worker / Image: "
                + I1
                + ", nothing changed on the host:\n  - unexpected on-disk state: the update starts"
                + " from MachineConfig 00-worker / image "
                + I1
                + ", but the host's commit marker says it is on MachineConfig rendered-worker-")
        .endsWith(" / image " + I2 + "; nothing on the host was changed\n");
    assertThat(CliTest.run("host", "status", "--root", root.toString()).out()).isEqualTo(status);
    assertThat(root.resolve("var/lib/ocelot/marker.json")).hasBinaryContent(marker);
    assertThat(root.resolve("var/lib/ocelot/journal.jsonl")).doesNotExist();
  }
}

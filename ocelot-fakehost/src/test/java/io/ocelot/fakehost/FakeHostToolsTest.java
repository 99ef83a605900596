package io.ocelot.fakehost;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The stand-in tools behave like the real ones where it matters. */
class FakeHostToolsTest {
  static final String I0 = "quay.io/fcos@sha256:" + "0".repeat(64);
  static final String I2 = "registry.local/layered@sha256:" + "2".repeat(64);

  @TempDir Path dir;
  FakeHost host;

  record Result(int code, String out, String err) {}

  @BeforeEach
  void layOut() {
    host = HostRootBuilder.at(dir.resolve("root")).bootedImage(I0).build();
  }

  Result run(String tool, String... args) throws IOException, InterruptedException {
    List<String> cmd = new ArrayList<>();
    cmd.add(host.root().resolve("usr/bin/" + tool).toString());
    cmd.addAll(List.of(args));
    Process p =
        new ProcessBuilder(cmd)
            .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")))
            .start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
    return new Result(p.waitFor(), out, err);
  }

  @Test
  void aCopiedRootIsAnIndependentMachineWithItsOwnBootId() throws Exception {
    FakeHost copy = host.copyTo(dir.resolve("copy"), "boot-2");
    assertThat(copy.bootId()).isEqualTo("boot-2");
    assertThat(copy.bootId()).isNotEqualTo(host.bootId());
    assertThat(copy.image(FakeHost.Slot.BOOTED)).contains(I0);
    assertThat(java.nio.file.Files.isExecutable(copy.root().resolve("usr/bin/rpm-ostree")))
        .isTrue();
    assertThat(java.nio.file.Files.isSymbolicLink(copy.root().resolve("home"))).isTrue();
    FakeHost original = host;
    host = copy;
    assertThat(run("rpm-ostree", "rebase", "ostree-unverified-registry:" + I2).code()).isZero();
    assertThat(copy.image(FakeHost.Slot.STAGED)).contains(I2);
    assertThat(original.image(FakeHost.Slot.STAGED)).isEmpty();
  }

  @Test
  void rebaseStagesAndRefusesEqualRefs() throws Exception {
    Result first =
        run("rpm-ostree", "rebase", "--experimental", "ostree-unverified-registry:" + I2);
    assertThat(first.code()).isZero();
    assertThat(host.image(FakeHost.Slot.STAGED)).contains(I2);

    Result again =
        run("rpm-ostree", "rebase", "--experimental", "ostree-unverified-registry:" + I2);
    assertThat(again.code()).isEqualTo(1);
    assertThat(again.err())
        .isEqualTo("error: Old and new refs are equal: ostree-unverified-registry:" + I2 + "\n");

    assertThat(run("rpm-ostree", "cleanup", "-p").code()).isZero();
    assertThat(host.image(FakeHost.Slot.STAGED)).isEmpty();
    Result toBooted = run("rpm-ostree", "rebase", "ostree-unverified-registry:" + I0);
    assertThat(toBooted.err()).contains("Old and new refs are equal");
  }

  @Test
  void statusJsonListsStagedBootedRollback() throws Exception {
    run("rpm-ostree", "rebase", "--experimental", "ostree-unverified-registry:" + I2);
    Result status = run("rpm-ostree", "status", "--json");
    assertThat(status.code()).isZero();
    assertThat(status.out())
        .contains("\"container-image-reference\": \"ostree-unverified-registry:" + I2 + "\"")
        .contains("\"booted\": true")
        .contains("\"staged\": true");
  }

  @Test
  void theDigestsAreTheImagesSha256WhetherCachedOrNot() throws Exception {
    run("rpm-ostree", "rebase", "--experimental", "ostree-unverified-registry:" + I2);
    String both = run("rpm-ostree", "status", "--json").out();
    assertThat(both)
        .contains("\"container-image-reference-digest\": \"sha256:" + FakeHost.checksum(I2) + "\"")
        .contains("\"container-image-reference-digest\": \"sha256:" + FakeHost.checksum(I0) + "\"");
    assertThat(run("bootc", "status", "--json").out())
        .contains("\"imageDigest\": \"sha256:" + FakeHost.checksum(I2) + "\"")
        .contains("\"imageDigest\": \"sha256:" + FakeHost.checksum(I0) + "\"");
    // A slot whose image changed behind the cache's back (by hand): computed, not the cached one.
    String other = "registry.local/other@sha256:" + "3".repeat(64);
    Path booted = host.root().resolve("var/lib/fakehost/ostree/deployments/booted");
    Files.writeString(booted.resolve("image"), other + "\n");
    assertThat(run("rpm-ostree", "status", "--json").out())
        .contains(
            "\"container-image-reference-digest\": \"sha256:" + FakeHost.checksum(other) + "\"");
    // Without the cache at all (a root laid out before it existed): computed as well.
    Files.delete(booted.resolve("digest"));
    assertThat(run("bootc", "status", "--json").out())
        .contains("\"imageDigest\": \"sha256:" + FakeHost.checksum(other) + "\"");
  }

  @Test
  void kargsChangeTheMergeDeploymentAndDeleteNeedsPresence() throws Exception {
    assertThat(run("rpm-ostree", "kargs", "--append=nosmt").code()).isZero();
    assertThat(host.kernelArguments(FakeHost.Slot.STAGED).orElseThrow()).endsWith("nosmt");
    assertThat(run("rpm-ostree", "kargs").out().strip()).endsWith("nosmt");
    Result missing = run("rpm-ostree", "kargs", "--delete=quiet");
    assertThat(missing.code()).isEqualTo(1);
    assertThat(missing.err()).contains("No karg 'quiet' found");
  }

  @Test
  void rebootPromotesTheStagedDeployment() throws Exception {
    String bootId = host.bootId();
    run("rpm-ostree", "rebase", "--experimental", "ostree-unverified-registry:" + I2);
    host.reboot();
    assertThat(host.image(FakeHost.Slot.BOOTED)).contains(I2);
    assertThat(host.image(FakeHost.Slot.ROLLBACK)).contains(I0);
    assertThat(host.image(FakeHost.Slot.STAGED)).isEmpty();
    assertThat(host.bootId()).isNotEqualTo(bootId);
  }

  @Test
  void unpullableImagesFailToStage() throws Exception {
    host.markUnpullable(I2);
    Result r = run("rpm-ostree", "rebase", "--experimental", "ostree-unverified-registry:" + I2);
    assertThat(r.code()).isEqualTo(1);
    assertThat(r.err()).contains("manifest unknown");
  }

  @Test
  void aDownloadPullsWithoutStagingAndTheRebaseUsesThePulledImage() throws Exception {
    host.pullCost(1, 2); // half a second per pull
    long t0 = System.nanoTime();
    Result r =
        run(
            "rpm-ostree",
            "rebase",
            "--download-only",
            "--experimental",
            "ostree-unverified-registry:" + I2);
    assertThat(r.code()).isZero();
    assertThat((System.nanoTime() - t0) / 1_000_000).isGreaterThanOrEqualTo(500); // it slept
    assertThat(host.pulled(I2)).isTrue();
    assertThat(host.image(FakeHost.Slot.STAGED)).isEmpty();
    // The registry is gone now; the rebase needs none: the image is in the host's store.
    host.markUnpullable(I2);
    Result rebase =
        run("rpm-ostree", "rebase", "--experimental", "ostree-unverified-registry:" + I2);
    assertThat(rebase.code()).as(rebase.err()).isZero();
    assertThat(host.image(FakeHost.Slot.STAGED)).contains(I2);
  }

  @Test
  void anUnpullableImageFailsItsDownloadAndIsNotKept() throws Exception {
    host.markUnpullable(I2);
    Result r = run("rpm-ostree", "rebase", "--download-only", "ostree-unverified-registry:" + I2);
    assertThat(r.code()).isEqualTo(1);
    assertThat(r.err()).contains("manifest unknown");
    assertThat(host.pulled(I2)).isFalse();
  }

  @Test
  void crictlPullsIntoTheRuntimesOwnStoreAndInspectsIt() throws Exception {
    Result missing = run("crictl", "inspecti", "--output", "json", I2);
    assertThat(missing.code()).isEqualTo(1);
    assertThat(missing.err()).contains("no such image \"" + I2 + "\" present");
    Result pull = run("crictl", "pull", "--auth-file", "/var/lib/kubelet/config.json", I2);
    assertThat(pull.code()).as(pull.err()).isZero();
    assertThat(host.criPulled(I2)).isTrue();
    // The OS image store is another: an rpm-ostree rebase still pulls.
    assertThat(host.pulled(I2)).isFalse();
    Result there = run("crictl", "inspecti", "--output", "json", I2);
    assertThat(there.code()).isZero();
    assertThat(there.out()).contains(I2);
  }

  @Test
  void crictlFailsAnUnpullableImageAndKeepsNothing() throws Exception {
    host.markUnpullable(I2);
    Result pull = run("crictl", "pull", I2);
    assertThat(pull.code()).isEqualTo(1);
    assertThat(pull.err()).contains("manifest unknown");
    assertThat(host.criPulled(I2)).isFalse();
  }

  @Test
  void podmanReportsTheRegistrysSizeAsOneLayer() throws Exception {
    host.pullCost(300, 1000);
    Result r = run("podman", "manifest", "--log-level", "error", "inspect", "--authfile", "/x", I2);
    assertThat(r.code()).as(r.err()).isZero();
    assertThat(r.out()).contains("\"size\": " + 300L * 1048576).contains("\"layers\"");
    host.markUnpullable(I2);
    Result gone = run("podman", "manifest", "inspect", I2);
    assertThat(gone.code()).isEqualTo(125);
    assertThat(gone.err()).contains("manifest unknown");
  }

  @Test
  void aPullCostIsChecked() {
    assertThatThrownBy(() -> host.pullCost(10, 0))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("1 MiB/s or more");
  }

  @Test
  void systemdRunRecordsTheRebootAndRefusesADuplicateUnit() throws Exception {
    String[] reboot = {
      "--unit",
      "machine-config-daemon-reboot",
      "-p",
      "Requires=ostree-finalize-staged.service",
      "-p",
      "After=ostree-finalize-staged.service",
      "--description",
      "machine-config-daemon: Node will reboot",
      "/bin/sh",
      "-c",
      "systemctl reboot"
    };
    assertThat(run("systemd-run", reboot).code()).isZero();
    assertThat(host.rebootRequested()).isTrue();
    Result again = run("systemd-run", reboot);
    assertThat(again.code()).isEqualTo(1);
    assertThat(again.err()).contains("Unit machine-config-daemon-reboot.service already exists");
    host.reboot();
    assertThat(host.rebootRequested()).isFalse();
  }

  @Test
  void systemctlEnablesWithSymlinksAndMasks() throws Exception {
    Path unit = host.root().resolve("etc/systemd/system/hello.service");
    Files.writeString(
        unit, "[Service]\nExecStart=/bin/true\n[Install]\nWantedBy=multi-user.target\n");
    assertThat(run("systemctl", "is-enabled", "hello.service").out()).isEqualTo("disabled\n");
    assertThat(run("systemctl", "enable", "hello.service").code()).isZero();
    Path link = host.root().resolve("etc/systemd/system/multi-user.target.wants/hello.service");
    assertThat(Files.readSymbolicLink(link))
        .isEqualTo(Path.of("/etc/systemd/system/hello.service"));
    assertThat(run("systemctl", "is-enabled", "hello.service").code()).isZero();
    run("systemctl", "disable", "hello.service");
    assertThat(Files.exists(link, java.nio.file.LinkOption.NOFOLLOW_LINKS)).isFalse();
    Result missing = run("systemctl", "enable", "nope.service");
    assertThat(missing.code()).isEqualTo(1);
    assertThat(missing.err()).contains("Unit file nope.service does not exist");
  }

  @Test
  void systemctlRefusesJobsSystemdRefusesAndRecordsTheRest() throws Exception {
    Path units = host.root().resolve("etc/systemd/system");
    Files.writeString(units.resolve("plain.service"), "[Service]\nExecStart=/bin/true\n");
    Files.writeString(units.resolve("dropped.service"), "[Service]\nExecStart=/bin/true\n");
    Files.createDirectories(units.resolve("dropped.service.d"));
    Files.writeString(
        units.resolve("dropped.service.d/10-reload.conf"), "[Service]\nExecReload=/bin/true\n");

    Result noReload = run("systemctl", "reload", "plain.service");
    assertThat(noReload.code()).isEqualTo(3);
    assertThat(noReload.err())
        .isEqualTo(
            "Failed to reload plain.service: Job type reload is not applicable for unit"
                + " plain.service.\n");
    assertThat(run("systemctl", "restart", "plain.service").code()).isZero();
    assertThat(run("systemctl", "reload", "dropped.service").code()).isZero();
    Result unknown = run("systemctl", "restart", "nope.service");
    assertThat(unknown.code()).isEqualTo(5);
    assertThat(unknown.err())
        .isEqualTo("Failed to restart nope.service: Unit nope.service not found.\n");
    assertThat(run("systemctl", "stop", "nope.service").err())
        .isEqualTo("Failed to stop nope.service: Unit nope.service not loaded.\n");
    assertThat(run("systemctl", "mask", "plain.service").code()).isZero();
    Result masked = run("systemctl", "restart", "plain.service");
    assertThat(masked.code()).isEqualTo(1);
    assertThat(masked.err())
        .isEqualTo("Failed to restart plain.service: Unit plain.service is masked.\n");
    // The image's units that policies name.
    assertThat(run("systemctl", "restart", "chronyd.service").code()).isZero();
    assertThat(run("systemctl", "restart", "coreos-update-ca-trust.service").code()).isZero();
    assertThat(run("systemctl", "reload", "crio.service").code()).isZero();

    assertThat(Files.readAllLines(host.root().resolve("var/lib/fakehost/service-actions")))
        .containsExactly(
            "restart plain.service",
            "reload dropped.service",
            "restart chronyd.service",
            "restart coreos-update-ca-trust.service",
            "reload crio.service");
  }

  @org.junit.jupiter.params.ParameterizedTest
  @org.junit.jupiter.params.provider.ValueSource(
      strings = {"var/log", "var/lib/fakehost", "run/ocelot-fakehost", "run/systemd/transient"})
  void aStateDirectoryThatIsASymlinkStopsEveryTool(
      String stateDir, @org.junit.jupiter.api.io.TempDir Path out) throws Exception {
    Path inRoot = host.root().resolve(stateDir);
    if (Files.exists(inRoot)) {
      Files.move(inRoot, out.resolve("moved"));
    }
    Files.createDirectories(inRoot.getParent());
    Path outside = Files.createDirectories(out.resolve("outside"));
    Files.createSymbolicLink(inRoot, outside);

    for (String[] call :
        List.of(
            new String[] {"rpm-ostree", "rebase", "ostree-unverified-registry:" + I2},
            new String[] {"systemd-run", "--unit", "x", "/bin/true"},
            new String[] {"systemctl", "daemon-reload"})) {
      Result r = run(call[0], java.util.Arrays.copyOfRange(call, 1, call.length));
      assertThat(r.code()).as(call[0]).isEqualTo(1);
      assertThat(r.err())
          .as(call[0])
          .isEqualTo(
              "refusing to run: /"
                  + stateDir
                  + " in the host root is a symlink; the stand-ins keep their state inside the"
                  + " root only\n");
    }
    assertThat(outside).isEmptyDirectory();
  }

  @Test
  void systemctlStaysInsideTheRootWhateverItsSymlinks(@org.junit.jupiter.api.io.TempDir Path out)
      throws Exception {
    Files.writeString(
        host.root().resolve("etc/systemd/system/hello.service"),
        "[Service]\nExecStart=/bin/true\n[Install]\nWantedBy=multi-user.target\n");
    Path wants = host.root().resolve("etc/systemd/system/multi-user.target.wants");
    Files.createSymbolicLink(wants, out);

    Result enable = run("systemctl", "enable", "hello.service");

    assertThat(enable.code()).isEqualTo(1);
    assertThat(enable.err())
        .contains(
            "refusing /etc/systemd/system/multi-user.target.wants: it resolves to "
                + out.toRealPath()
                + ", outside the host root");
    assertThat(out).isEmptyDirectory();

    Files.delete(wants);
    Files.createSymbolicLink(wants, Path.of("../../../.."));
    assertThat(run("systemctl", "enable", "hello.service").code()).isEqualTo(1);
    assertThat(out).isEmptyDirectory();
    Files.delete(host.root().resolve("etc/systemd/system/hello.service"));
    Files.createSymbolicLink(host.root().resolve("etc/systemd/system/hello.service"), out);
    // Masking replaces the link itself; it never writes where the link pointed.
    assertThat(run("systemctl", "mask", "hello.service").code()).isZero();
    assertThat(out).isEmptyDirectory();
    Path etc = host.root().resolve("etc/systemd/system");
    Path moved = Files.move(etc, host.root().resolve("etc/systemd/real"));
    Files.createSymbolicLink(etc, out);
    assertThat(run("systemctl", "mask", "x.service").code()).isEqualTo(1);
    assertThat(out).isEmptyDirectory();
    Files.delete(etc);
    Files.move(moved, etc);
  }

  @Test
  void usermodSetsTheHashInShadow() throws Exception {
    assertThat(run("usermod", "-p", "$6$abc", "core").code()).isZero();
    long today = java.time.LocalDate.now(java.time.ZoneOffset.UTC).toEpochDay();
    // As shadow-utils: the day of the last password change moves too.
    assertThat(Files.readString(host.root().resolve("etc/shadow")))
        .containsPattern("core:\\$6\\$abc:(" + today + "|" + (today - 1) + "):0:99999:7:::");
    assertThat(run("usermod", "-p", "x", "nobody").code()).isEqualTo(6);
  }

  @Test
  void aBrokenToolIsGoneUntilFixed() {
    host.breakTool("systemd-run");
    assertThat(host.root().resolve("usr/bin/systemd-run")).doesNotExist();
    assertThat(host.root().resolve("usr/bin/systemd-run2")).exists();
    host.fixTool("systemd-run");
    assertThat(host.root().resolve("usr/bin/systemd-run")).exists();
  }

  @Test
  void bootcSwitchesAndRollbackDiscardsTheStagedDeployment() throws Exception {
    assertThat(run("bootc", "switch", I2).code()).isZero();
    assertThat(host.image(FakeHost.Slot.STAGED)).contains(I2);
    assertThat(run("bootc", "status", "--json").out()).contains("\"image\": \"" + I2 + "\"");
    assertThat(run("bootc", "rollback").code()).isZero();
    assertThat(host.image(FakeHost.Slot.STAGED)).isEmpty();
  }
}

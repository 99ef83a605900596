package io.ocelot.sim.machine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import io.ocelot.daemon.host.BootcImages;
import io.ocelot.daemon.host.Command;
import io.ocelot.daemon.host.Deployment;
import io.ocelot.daemon.host.HostException;
import io.ocelot.daemon.host.HostStatus;
import io.ocelot.daemon.host.Rebooter;
import io.ocelot.daemon.host.RpmOstreeImages;
import io.ocelot.fakehost.HostRootBuilder;
import io.ocelot.sim.TestFiles;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The daemon's own rpm-ostree port ({@link RpmOstreeImages}) on a machine booted from a real ostree
 * sysroot, through the ostree-backed rpm-ostree stand-in: staging, discarding, kernel arguments,
 * the boot into a new image and the rollback out of it are ostree's deployments, not files of a
 * stand-in.
 */
class OstreeImagesIT {
  static final String BASE_IMAGE = "quay.io/ocelot/node@sha256:" + "1".repeat(64);
  static final String NEW_IMAGE = "quay.io/ocelot/node@sha256:" + "2".repeat(64);
  static final String THIRD_IMAGE = "quay.io/ocelot/node@sha256:" + "3".repeat(64);
  static final String GONE_IMAGE = "quay.io/ocelot/node@sha256:" + "9".repeat(64);

  @TempDir Path dir;
  static LocalPrograms programs = new LocalPrograms();
  static Path base;
  OstreeSysroot sysroot;
  Path root;

  @BeforeAll
  static void buildBase() throws Exception {
    base = TestMachines.base(programs);
  }

  /** A sysroot whose one deployment is the node image {@code BASE_IMAGE} with the stand-ins. */
  @BeforeEach
  void layOut() throws Exception {
    sysroot =
        OstreeSysroot.create(dir.resolve("sysroot"), OstreeBase.ensure(base, programs), programs);
    Path layer = dir.resolve("image-layer");
    HostRootBuilder.at(layer).buildOstreeLayer();
    sysroot.deployImage(layer, BASE_IMAGE);
    root = dir.resolve("root");
    Files.createDirectories(dir.resolve("layer"));
  }

  @AfterEach
  void remove() throws Exception {
    if (sysroot != null) {
      OstreeSysroot.remove(sysroot.path(), programs);
    }
  }

  @Test
  void theDaemonsRpmOstreeStagesDiscardsAndBootsRealDeployments() throws Exception {
    Path first = sysroot.defaultDeployment();
    try (Machine m = bootDefault()) {
      // The image's parts came with its commit: its runtime runs, its health check is there.
      assertThat(m.commands().run(Command.of("systemctl", "is-active", "crio.service")).stdout())
          .isEqualTo("active\n");
      assertThat(root.resolve(HostRootBuilder.HEALTH_CHECK)).isExecutable();
      RpmOstreeImages images = new RpmOstreeImages(m.commands());
      HostStatus start = images.status();
      assertThat(start.booted().map(Deployment::image)).hasValue(BASE_IMAGE);
      assertThat(start.booted().map(Deployment::checksum).orElseThrow())
          .isEqualTo(first.getFileName().toString().replaceAll("\\.[0-9]+$", ""));
      assertThat(start.staged()).isEmpty();
      assertThat(start.rollback()).isEmpty();
      assertThat(images.kernelArguments()).isEmpty();

      // A pull that fails is the registry's words; nothing is staged.
      TestFiles.write(sysroot.var().resolve("lib/fakehost/faults/unpullable"), GONE_IMAGE + "\n");
      assertThatThrownBy(() -> images.stage(GONE_IMAGE))
          .isInstanceOf(HostException.class)
          .hasMessageContaining("manifest unknown");
      assertThat(images.status().staged()).isEmpty();

      // Staged, then discarded as the undo of staging does.
      images.stage(NEW_IMAGE);
      assertThat(images.status().staged().map(Deployment::image)).hasValue(NEW_IMAGE);
      images.discardStaged();
      assertThat(images.status().staged()).isEmpty();
      assertThat(images.status().booted().map(Deployment::image)).hasValue(BASE_IMAGE);

      // Staged again with kernel arguments on top: one staged deployment carries both.
      images.stage(NEW_IMAGE);
      images.changeKernelArguments(List.of(), List.of("nosmt", "ocelot.note=\"a b\""));
      HostStatus staged = images.status();
      assertThat(staged.staged().map(Deployment::image)).hasValue(NEW_IMAGE);
      assertThat(images.kernelArguments()).containsExactly("nosmt", "ocelot.note=\"a b\"");
      assertThatThrownBy(() -> images.stage(NEW_IMAGE))
          .isInstanceOf(HostException.class)
          .hasMessageContaining("Old and new refs are equal");

      assertThat(m.commands().run(Rebooter.command("ocelot test")).exitCode()).isZero();
      await().atMost(Duration.ofSeconds(60)).until(() -> m.exitCode().isPresent());
      assertThat(m.exitCode()).hasValue(Machine.REBOOTED);
    }

    // ostree finalized the staged deployment at shutdown: the boot loader boots it.
    assertThat(sysroot.defaultDeployment()).isNotEqualTo(first);
    assertThat(sysroot.defaultDeployment().resolve(OstreeSysroot.IMAGE_FILE)).hasContent(NEW_IMAGE);
    try (Machine m = bootDefault()) {
      RpmOstreeImages images = new RpmOstreeImages(m.commands());
      HostStatus after = images.status();
      assertThat(after.booted().map(Deployment::image)).hasValue(NEW_IMAGE);
      assertThat(after.rollback().map(Deployment::image)).hasValue(BASE_IMAGE);
      assertThat(after.staged()).isEmpty();
      assertThat(images.kernelArguments()).containsExactly("nosmt", "ocelot.note=\"a b\"");

      // Back to the old deployment, as a rollback after a failed boot does: ostree's order swaps.
      images.queueRollback();
      assertThat(images.status().rollbackQueued()).isTrue();
      assertThat(m.commands().run(Rebooter.command("ocelot test rollback")).exitCode()).isZero();
      await().atMost(Duration.ofSeconds(60)).until(() -> m.exitCode().isPresent());
      assertThat(m.exitCode()).hasValue(Machine.REBOOTED);
    }

    assertThat(sysroot.defaultDeployment()).isEqualTo(first);
    try (Machine m = bootDefault()) {
      RpmOstreeImages images = new RpmOstreeImages(m.commands());
      HostStatus back = images.status();
      assertThat(back.booted().map(Deployment::image)).hasValue(BASE_IMAGE);
      assertThat(back.rollback().map(Deployment::image)).hasValue(NEW_IMAGE);
      assertThat(images.kernelArguments()).isEmpty();

      images.cleanupRollback();
      assertThat(images.status().rollback()).isEmpty();
      assertThat(images.status().booted().map(Deployment::image)).hasValue(BASE_IMAGE);
    }
  }

  @Test
  void theDaemonsBootcSwitchesDiscardsAndRollsBackRealDeployments() throws Exception {
    Path first = sysroot.defaultDeployment();
    try (Machine m = bootDefault()) {
      BootcImages images = new BootcImages(m.commands());
      HostStatus start = images.status();
      assertThat(start.booted().map(Deployment::image)).hasValue(BASE_IMAGE);
      assertThat(start.staged()).isEmpty();
      assertThat(start.rollback()).isEmpty();

      images.stage(NEW_IMAGE);
      assertThat(images.status().staged().map(Deployment::image)).hasValue(NEW_IMAGE);
      images.discardStaged(); // bootc rollback with nothing to roll back to: only the discard
      assertThat(images.status().staged()).isEmpty();
      assertThat(images.status().rollbackQueued()).isFalse();

      images.stage(NEW_IMAGE);
      images.stage(NEW_IMAGE); // "Image specification is unchanged.": bootc says yes
      reboot(m);
    }

    assertThat(sysroot.defaultDeployment()).isNotEqualTo(first);
    try (Machine m = bootDefault()) {
      BootcImages images = new BootcImages(m.commands());
      HostStatus after = images.status();
      assertThat(after.booted().map(Deployment::image)).hasValue(NEW_IMAGE);
      assertThat(after.rollback().map(Deployment::image)).hasValue(BASE_IMAGE);
      assertThat(after.rollbackQueued()).isFalse();

      // With a rollback deployment, bootc rollback discards and queues it: the port undoes that.
      images.stage(THIRD_IMAGE);
      images.discardStaged();
      HostStatus discarded = images.status();
      assertThat(discarded.staged()).isEmpty();
      assertThat(discarded.rollbackQueued()).isFalse();
      assertThat(discarded.booted().map(Deployment::image)).hasValue(NEW_IMAGE);
      assertThat(discarded.rollback().map(Deployment::image)).hasValue(BASE_IMAGE);

      images.queueRollback();
      assertThat(images.status().rollbackQueued()).isTrue();
      reboot(m);
    }

    assertThat(sysroot.defaultDeployment()).isEqualTo(first);
    try (Machine m = bootDefault()) {
      HostStatus back = new BootcImages(m.commands()).status();
      assertThat(back.booted().map(Deployment::image)).hasValue(BASE_IMAGE);
      assertThat(back.rollback().map(Deployment::image)).hasValue(NEW_IMAGE);
    }
  }

  /** MCO's reboot command, and the machine's end as a reboot. */
  static void reboot(Machine m) {
    assertThat(m.commands().run(Rebooter.command("ocelot test")).exitCode()).isZero();
    await().atMost(Duration.ofSeconds(60)).until(() -> m.exitCode().isPresent());
    assertThat(m.exitCode()).hasValue(Machine.REBOOTED);
  }

  Machine bootDefault() throws Exception {
    return TestMachines.bootDeployment("ostree-images", base, sysroot, root, dir.resolve("layer"));
  }
}

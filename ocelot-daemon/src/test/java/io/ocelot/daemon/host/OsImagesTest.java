package io.ocelot.daemon.host;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.ocelot.fakehost.FakeHost;
import io.ocelot.fakehost.HostRootBuilder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The OsImages implementations against a simulated root's stand-in tools. */
class OsImagesTest {
  static final String I0 = "quay.io/fcos@sha256:" + "0".repeat(64);
  static final String I2 = "registry.local/layered@sha256:" + "2".repeat(64);

  @TempDir Path dir;

  @Test
  void rpmOstreeIsProbedFirstAndStagesDiscardsAndChangesKargs() throws Exception {
    FakeHost host = HostRootBuilder.at(dir).bootedImage(I0).kernelArguments("quiet").build();
    OsImages images = OsImagesProbe.detect(ProcessCommandRunner.simulatedRoot(dir));
    assertThat(images.tool()).isEqualTo("rpm-ostree");

    images.stage(I2);
    assertThat(images.status().stagedImage()).contains(I2);
    assertThat(images.status().bootedImage()).contains(I0);
    images.changeKernelArguments(List.of("quiet"), List.of("nosmt"));
    assertThat(images.kernelArguments()).containsExactly("nosmt");
    images.discardStaged();
    assertThat(images.status().staged()).isEmpty();
    assertThat(images.kernelArguments()).containsExactly("quiet");
    assertThat(host.image(FakeHost.Slot.STAGED)).isEmpty();
  }

  @Test
  void aDownloadPullsWithoutStagingOnRpmOstreeAndIsRefusedOnBootc() throws Exception {
    FakeHost host = HostRootBuilder.at(dir).bootedImage(I0).build();
    OsImages images = new RpmOstreeImages(ProcessCommandRunner.simulatedRoot(dir));
    images.download(I2);
    assertThat(host.pulled(I2)).isTrue();
    assertThat(images.status().staged()).isEmpty();
    host.markUnpullable(I2); // the stage that follows needs no registry
    images.stage(I2);
    assertThat(images.status().stagedImage()).contains(I2);

    String i3 = "registry.local/layered@sha256:" + "3".repeat(64);
    host.markUnpullable(i3);
    assertThatThrownBy(() -> images.download(i3))
        .isInstanceOf(HostException.class)
        .hasMessageStartingWith("failed to download " + i3 + ": rpm-ostree exited 1:")
        .hasMessageContaining("manifest unknown");
    OsImages bootc = new BootcImages(ProcessCommandRunner.simulatedRoot(dir));
    assertThatThrownBy(() -> bootc.download(i3))
        .hasMessage(
            "bootc cannot download "
                + i3
                + " without staging a deployment; the node pulls it in"
                + " its turn");
  }

  @Test
  void stagingTheMergeDeploymentsImageFailsWithTheRealMessage() throws Exception {
    HostRootBuilder.at(dir).bootedImage(I0).build();
    OsImages images = new RpmOstreeImages(ProcessCommandRunner.simulatedRoot(dir));
    assertThatThrownBy(() -> images.stage(I0))
        .isInstanceOf(HostException.class)
        .hasMessage(
            "failed to update OS to "
                + I0
                + ": rpm-ostree exited 1: \"error: Old and new refs are equal:"
                + " ostree-unverified-registry:"
                + I0
                + "\"");
  }

  @Test
  void bootcIsUsedWithoutRpmOstreeAndKeepsTheBootOrderWhenDiscarding() throws Exception {
    FakeHost host = HostRootBuilder.at(dir).bootedImage(I0).build();
    Files.delete(dir.resolve("usr/bin/rpm-ostree"));
    OsImages images = OsImagesProbe.detect(ProcessCommandRunner.simulatedRoot(dir));
    assertThat(images.tool()).isEqualTo("bootc");

    images.stage(I2);
    host.reboot(); // I2 booted, I0 rollback
    String i3 = "registry.local/layered@sha256:" + "3".repeat(64);
    images.stage(i3);
    images.discardStaged();
    HostStatus s = images.status();
    assertThat(s.staged()).isEmpty();
    assertThat(s.rollbackQueued()).isFalse();
    assertThat(s.bootedImage()).contains(I2);
    assertThatThrownBy(() -> images.changeKernelArguments(List.of(), List.of("x")))
        .hasMessageStartingWith("kernel arguments of a bootc host come from its image");
  }

  @Test
  void queueingTheRollbackIsOneReorderOnBothToolsAndRepeatingItChangesNothing() throws Exception {
    for (boolean bootc : new boolean[] {false, true}) {
      Path root = dir.resolve(bootc ? "bootc" : "rpm-ostree");
      FakeHost host = HostRootBuilder.at(root).bootedImage(I0).build();
      if (bootc) {
        Files.delete(root.resolve("usr/bin/rpm-ostree"));
      }
      OsImages images = OsImagesProbe.detect(ProcessCommandRunner.simulatedRoot(root));
      assertThatThrownBy(images::queueRollback)
          .hasMessage(
              images.tool() + " shows no rollback deployment: there is nothing to boot back into");
      images.stage(I2);
      host.reboot(); // I2 booted, I0 rollback
      images.queueRollback();
      images.queueRollback(); // a restarted daemon repeats it: still the rollback next
      HostStatus s = images.status();
      assertThat(s.rollbackQueued()).as(images.tool()).isTrue();
      assertThat(s.bootedImage()).contains(I2);
      assertThat(s.rollback().map(Deployment::image)).contains(I0);
      host.reboot();
      assertThat(host.image(FakeHost.Slot.BOOTED)).as(images.tool()).contains(I0);
      assertThat(host.image(FakeHost.Slot.ROLLBACK)).contains(I2);
      assertThat(images.status().rollbackQueued()).isFalse();
    }
  }
}

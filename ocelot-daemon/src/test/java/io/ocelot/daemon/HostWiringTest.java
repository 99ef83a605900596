package io.ocelot.daemon;

import static org.assertj.core.api.Assertions.assertThat;

import io.ocelot.fakehost.HostRootBuilder;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Which wiring a root gets: only a root whose every tool is a stand-in is simulated. */
class HostWiringTest {
  @TempDir Path dir;

  @Test
  void aRootOfStandInsIsSimulated() {
    Path root = HostRootBuilder.at(dir.resolve("sim")).build().root();

    assertThat(HostWiring.isSimulated(root)).isTrue();
  }

  @Test
  void aRealRootWithOsImageStandInsIsNot() {
    // A machine's root: real systemd and shadow-utils, only rpm-ostree and bootc stood in for.
    Path root = HostRootBuilder.at(dir.resolve("machine")).buildOnRealRoot().root();

    assertThat(root.resolve("usr/bin/rpm-ostree")).isExecutable();
    assertThat(root.resolve("usr/bin/systemctl")).doesNotExist();
    assertThat(HostWiring.isSimulated(root)).isFalse();
  }

  @Test
  void aHostRootIsNot() {
    assertThat(HostWiring.isSimulated(Path.of("/"))).isFalse();
  }

  @Test
  void theDaemonIsToldWhichKindItIsOnAndARootOfTheOtherKindIsRefused() throws Exception {
    Path sim = HostRootBuilder.at(dir.resolve("sim")).build().root();
    Path machine = HostRootBuilder.at(dir.resolve("machine")).buildOnRealRoot().root();

    assertThat(HostWiring.of(HostWiring.Kind.SIMULATED, sim)).isNotNull();
    // (CHROOT on the machine root would chroot into it: the machine tests do that, as root.)
    org.assertj.core.api.Assertions.assertThatThrownBy(
            () -> HostWiring.of(HostWiring.Kind.CHROOT, sim))
        .hasMessageContaining("is a simulated root")
        .hasMessageContaining("--host=simulated");
    org.assertj.core.api.Assertions.assertThatThrownBy(
            () -> HostWiring.of(HostWiring.Kind.SIMULATED, machine))
        .hasMessageContaining("--host=simulated, but host root " + machine + " has no");
  }
}

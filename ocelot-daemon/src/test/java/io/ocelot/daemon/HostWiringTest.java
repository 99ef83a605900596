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
}

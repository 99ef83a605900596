package io.ocelot.sim.machine;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BootEntriesTest {
  @TempDir Path sysroot;

  static final String OLD =
      """
      title Debian GNU/Linux 12 (bookworm) (ostree:1)
      version 1
      options ostree=/ostree/boot.0/os/4fd0/1
      linux /ostree/os-4fd0/vmlinuz-6.1.0-ocelot
      """;
  static final String NEW =
      """
      title Debian GNU/Linux 12 (bookworm) (ostree:0)
      version 2
      options rw quiet ostree=/ostree/boot.0/os/4fd0/0 console=tty0
      linux /ostree/os-4fd0/vmlinuz-6.1.0-ocelot
      """;

  @Test
  void theHighestVersionBootsFirstAndTheNextIsTheFallback() {
    BootEntries e = BootEntries.parse(Map.of("ostree-1-os.conf", OLD, "ostree-2-os.conf", NEW));
    assertThat(e.entries())
        .containsExactly(
            new BootEntries.Entry(2, "/ostree/boot.0/os/4fd0/0"),
            new BootEntries.Entry(1, "/ostree/boot.0/os/4fd0/1"));
  }

  @Test
  void entriesWithoutAVersionOrAnOstreeLinkAreNotBootable() {
    BootEntries e =
        BootEntries.parse(
            Map.of(
                "a.conf", "title x\noptions ostree=/ostree/boot.0/os/x/0\n",
                "b.conf", "version 3\noptions quiet\n",
                "c.conf", "version x7\noptions ostree=/y\n"));
    assertThat(e.entries()).isEmpty();
  }

  @Test
  void aRankFollowsItsLinkToTheDeploymentsDirectory() throws Exception {
    Path deployment = Files.createDirectories(sysroot.resolve("ostree/deploy/os/deploy/abc.0"));
    Path boot = Files.createDirectories(sysroot.resolve("ostree/boot.0/os/4fd0"));
    Files.createSymbolicLink(boot.resolve("0"), Path.of("../../../deploy/os/deploy/abc.0"));
    Files.createDirectories(sysroot.resolve("boot/loader/entries"));
    Files.writeString(sysroot.resolve("boot/loader/entries/ostree-2-os.conf"), NEW);
    Files.writeString(sysroot.resolve("boot/loader/entries/README"), "version 9\n");

    BootEntries e = BootEntries.read(sysroot);
    assertThat(e.entries()).hasSize(1);
    assertThat(e.deployment(sysroot, 0)).contains(deployment.toRealPath());
    assertThat(e.deployment(sysroot, 1)).isEmpty();
    assertThat(BootEntries.read(sysroot.resolve("nothing")).entries()).isEqualTo(List.of());
  }
}

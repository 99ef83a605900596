package io.ocelot.sim.machine;

import static org.assertj.core.api.Assertions.assertThat;

import io.ocelot.daemon.host.CommandResult;
import io.ocelot.daemon.host.CommandRunner;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MachineSupportTest {
  @TempDir Path dir;

  private CommandRunner without(Set<String> missing) {
    return c ->
        new CommandResult(c, missing.contains(c.program()) ? CommandResult.NOT_FOUND : 0, "", "");
  }

  private Path filesystems(String text) throws Exception {
    return Files.writeString(dir.resolve("filesystems"), text);
  }

  @Test
  void everythingHere() throws Exception {
    assertThat(
            MachineSupport.whyNot(
                without(Set.of()), 0, filesystems("nodev\tproc\nnodev\toverlay\n"), true))
        .isEmpty();
  }

  @Test
  void notRootSaysSoAndHow() throws Exception {
    assertThat(
            MachineSupport.whyNot(without(Set.of()), 1000, filesystems("nodev\toverlay\n"), true))
        .hasValue(
            "machines cannot run here: not root (uid 1000); machine nodes need root, overlayfs,"
                + " systemd-nspawn and debootstrap (apt-get install systemd-container"
                + " debootstrap)");
  }

  @Test
  void aMissingToolIsNamed() throws Exception {
    Path fs = filesystems("nodev\toverlay\n");
    assertThat(MachineSupport.whyNot(without(Set.of("systemd-nspawn")), 0, fs, false))
        .get()
        .asString()
        .startsWith("machines cannot run here: no systemd-nspawn;");
    assertThat(MachineSupport.whyNot(without(Set.of("debootstrap")), 0, fs, true))
        .get()
        .asString()
        .startsWith("machines cannot run here: no debootstrap;");
    // A base built already needs no debootstrap.
    assertThat(MachineSupport.whyNot(without(Set.of("debootstrap")), 0, fs, false)).isEmpty();
  }

  @Test
  void machinesBootedFromOstreeNeedOstree() throws Exception {
    Path fs = filesystems("nodev\toverlay\n");
    assertThat(MachineSupport.whyNot(without(Set.of("ostree")), 0, fs, false, true))
        .hasValue(
            "machines cannot run here: no ostree, which lays out their sysroots (apt-get install"
                + " ostree), or boot them from an overlay of the base instead: --no-ostree");
    assertThat(MachineSupport.whyNot(without(Set.of("ostree")), 0, fs, false, false)).isEmpty();
  }

  @Test
  void noOverlayfs() throws Exception {
    assertThat(MachineSupport.whyNot(without(Set.of()), 0, filesystems("nodev\tproc\n"), false))
        .get()
        .asString()
        .startsWith("machines cannot run here: the kernel has no overlayfs;");
  }

  @Test
  void theInotifyLimitIsRaisedOnlyWhenTheMachinesNeedMore() throws Exception {
    Path limit = Files.writeString(dir.resolve("max_user_instances"), "128\n");

    assertThat(MachineSupport.makeRoomForInotify(limit, 6)).isEmpty();
    assertThat(limit).hasContent("128");
    assertThat(MachineSupport.makeRoomForInotify(limit, 24))
        .hasValueSatisfying(said -> assertThat(said).contains("from 128 to 304"));
    assertThat(limit).hasContent("304");
  }
}

package io.ocelot.daemon.txn;

import static io.ocelot.daemon.txn.SeedScenarioTest.BASE;
import static org.assertj.core.api.Assertions.assertThat;

import io.ocelot.api.disruption.ConfigTarget;
import io.ocelot.api.ignition.IgnitionBuilder;
import io.ocelot.api.model.MachineConfig;
import io.ocelot.api.model.MachineConfigs;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A file or unit a config stops managing: gone, unless the image ships it in {@code /usr/etc} (an
 * ostree image's own {@code /etc}), when the image's version comes back; a failed reboot puts the
 * config's version back either way.
 */
class ImageDefaultsTest {
  static final String IMAGE_CHRONY = "pool image.example.com iburst\n";
  static final String IMAGE_UNIT = "[Service]\nExecStart=/bin/true\n";

  @TempDir Path dir;

  static final MachineConfig WITH =
      MachineConfigs.create(
          "rendered-worker-1",
          "worker",
          IgnitionBuilder.v3()
              .file("/etc/chrony.conf", "pool a.example.com\n")
              .file("/etc/ocelot/extra.conf", "x\n")
              .unit("shipped.service", "[Service]\nExecStart=/bin/false\n", null)
              .dropin("shipped.service", "10-nice.conf", "[Service]\nNice=5\n")
              .build(),
          BASE);
  static final MachineConfig WITHOUT =
      MachineConfigs.create("rendered-worker-2", "worker", IgnitionBuilder.v3().build(), BASE);

  HostFixture host() throws Exception {
    HostFixture h = new HostFixture(dir.resolve("root"), BASE);
    Path image = h.root.resolve("usr/etc/chrony.conf");
    Files.createDirectories(image.getParent());
    Files.writeString(image, IMAGE_CHRONY);
    Files.setPosixFilePermissions(image, PosixFilePermissions.fromString("rw-r-----"));
    Path unit = h.root.resolve("usr/etc/systemd/system/shipped.service");
    Files.createDirectories(unit.getParent());
    Files.writeString(unit, IMAGE_UNIT);
    h.settle(WITH, Optional.empty());
    assertThat(h.root.resolve("etc/chrony.conf")).hasContent("pool a.example.com");
    return h;
  }

  @Test
  void theImagesVersionComesBackAndAFileItDoesNotShipGoes() throws Exception {
    HostFixture h = host();
    EngineOutcome applied = h.update(WITH, WITHOUT, BASE);

    assertThat(applied)
        .isEqualTo(new EngineOutcome.Completed(new Target("rendered-worker-2", Optional.empty())));
    assertThat(h.root.resolve("etc/chrony.conf")).hasContent(IMAGE_CHRONY.strip());
    assertThat(
            PosixFilePermissions.toString(
                Files.getPosixFilePermissions(h.root.resolve("etc/chrony.conf"))))
        .isEqualTo("rw-r-----");
    assertThat(h.root.resolve("etc/ocelot/extra.conf")).doesNotExist();
    // A unit the image ships in /usr/etc comes back too; the config's drop-in goes.
    assertThat(h.root.resolve("etc/systemd/system/shipped.service")).hasContent(IMAGE_UNIT.strip());
    assertThat(h.root.resolve("etc/systemd/system/shipped.service.d/10-nice.conf")).doesNotExist();
  }

  @Test
  void aFailedRebootPutsTheConfigsVersionBack() throws Exception {
    HostFixture h = host();
    h.fake.breakTool("systemd-run");
    Map<String, String> before = h.snapshot();

    EngineOutcome failed =
        h.engine()
            .apply(
                HostFixture.plan(ConfigTarget.of(WITH), ConfigTarget.of(WITHOUT), BASE),
                Attempt.FIRST);

    assertThat(failed).isInstanceOf(EngineOutcome.Failed.class);
    assertThat(HostFixture.differences(before, h.snapshot())).isEmpty();
    assertThat(h.root.resolve("etc/chrony.conf")).hasContent("pool a.example.com");
  }
}

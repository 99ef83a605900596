package io.ocelot.daemon.txn;

import static io.ocelot.daemon.txn.SeedScenarioTest.BASE;
import static org.assertj.core.api.Assertions.assertThat;

import io.ocelot.api.ignition.IgnitionBuilder;
import io.ocelot.api.model.MachineConfig;
import io.ocelot.api.model.MachineConfigs;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A unit of the image that a config stops managing goes back to what the image's presets say (as
 * MCO presets removed units): neither the config's enablement nor its override's outlive it.
 */
class VendorPresetTest {
  static final String VENDOR_UNIT =
      "[Service]\nExecStart=/bin/true\n[Install]\nWantedBy=multi-user.target\n";
  static final String WANTS = "etc/systemd/system/multi-user.target.wants/";

  @TempDir Path dir;

  static final MachineConfig NONE =
      MachineConfigs.create("rendered-worker-2", "worker", IgnitionBuilder.v3().build(), BASE);

  /** A host whose image ships {@code on.service} (preset: enable) and {@code off.service}. */
  HostFixture host(MachineConfig first) throws Exception {
    HostFixture h = new HostFixture(dir.resolve("root"), BASE);
    for (String unit : new String[] {"on.service", "off.service"}) {
      Path p = h.root.resolve("usr/lib/systemd/system/" + unit);
      Files.createDirectories(p.getParent());
      Files.writeString(p, VENDOR_UNIT);
    }
    Path preset = h.root.resolve("usr/lib/systemd/system-preset/40-image.preset");
    Files.createDirectories(preset.getParent());
    Files.writeString(preset, "enable on.service\ndisable off.service\n");
    h.settle(first, Optional.empty());
    return h;
  }

  void drop(HostFixture h, MachineConfig from) throws Exception {
    assertThat(h.update(from, NONE, BASE))
        .isEqualTo(new EngineOutcome.Completed(new Target("rendered-worker-2", Optional.empty())));
  }

  @Test
  void anOverrideThatDisabledAUnitGoesAndThePresetEnablesItAgain() throws Exception {
    MachineConfig override =
        MachineConfigs.create(
            "rendered-worker-1",
            "worker",
            IgnitionBuilder.v3()
                .unit("on.service", "[Service]\nExecStart=/bin/false\n", false)
                .build(),
            BASE);
    HostFixture h = host(override);
    assertThat(h.root.resolve(WANTS + "on.service")).doesNotExist();

    drop(h, override);

    assertThat(h.root.resolve("etc/systemd/system/on.service")).doesNotExist();
    assertThat(Files.readSymbolicLink(h.root.resolve(WANTS + "on.service")))
        .isEqualTo(Path.of("/usr/lib/systemd/system/on.service"));
  }

  @Test
  void anEnablementAConfigAskedForEndsWithIt() throws Exception {
    MachineConfig enable =
        MachineConfigs.create(
            "rendered-worker-1",
            "worker",
            IgnitionBuilder.v3().unit("off.service", null, true).build(),
            BASE);
    HostFixture h = host(enable);
    assertThat(h.root.resolve(WANTS + "off.service")).isSymbolicLink();

    drop(h, enable);

    assertThat(h.root.resolve(WANTS + "off.service")).doesNotExist();
  }
}

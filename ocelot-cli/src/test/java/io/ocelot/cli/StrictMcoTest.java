package io.ocelot.cli;

import static io.ocelot.cli.CliTest.run;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code ocelot validate --strict-mco}: MCO's verdict for configs bound for an MCO cluster. */
class StrictMcoTest {
  static String mc(String name, String config) {
    return "apiVersion: machineconfiguration.openshift.io/v1\nkind: MachineConfig\n"
        + "metadata: {name: "
        + name
        + ", labels: {machineconfiguration.openshift.io/role: worker}}\n"
        + "spec:\n  config: "
        + config
        + "\n";
  }

  @Test
  void ocelotsOwnRulesBecomeWarningsAndMcosOwnAnError(@TempDir Path dir) throws Exception {
    Path remote =
        Files.writeString(
            dir.resolve("a-remote.yaml"),
            mc(
                "10-remote",
                "{ignition: {version: 3.5.0}, storage: {files: [{path: /etc/r, contents:"
                    + " {source: 'https://example.com/r'}}]}}"));
    Path empty = Files.writeString(dir.resolve("b-empty.yaml"), mc("20-empty", "{}"));
    Path both =
        Files.writeString(
            dir.resolve("c-shared.yaml"),
            mc("30-shared", "{ignition: {version: 3.5.0}, storage: {disks: [{wipeTable: true}]}}"));

    // Ocelot's verdict: the remote source is refused, {} is the empty config.
    CliTest.Run ocelot = run("validate", remote.toString(), empty.toString(), both.toString());
    assertThat(ocelot.code()).isEqualTo(1);
    assertThat(ocelot.out())
        .contains(
            "MachineConfig \"10-remote\": spec.config.storage.files[0].contents.source: remote"
                + " source")
        .doesNotContain("20-empty")
        .endsWith("3 objects checked: 1 valid, 2 invalid\n");

    // MCO's verdict: the remote source passes (with a word), {} does not.
    CliTest.Run mco =
        run("validate", "--strict-mco", remote.toString(), empty.toString(), both.toString());
    assertThat(mco.code()).isEqualTo(1);
    assertThat(mco.out())
        .contains(
            "MachineConfig \"10-remote\": warning: spec.config.storage.files[0].contents.source:"
                + " remote source",
            "(Ocelot refuses this; MCO accepts it)",
            "MachineConfig \"20-empty\": spec.config: parsing Ignition config failed: invalid"
                + " version. Supported spec versions: 2.2, 3.0, 3.1, 3.2, 3.3, 3.4, 3.5",
            "MachineConfig \"30-shared\": spec.config.storage.disks[0].device: disk device is"
                + " required")
        .endsWith("3 objects checked as MCO would: 1 valid, 2 invalid\n");
  }
}

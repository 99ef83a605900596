package io.ocelot.daemon.plan;

import static io.ocelot.daemon.plan.Configs.I1;
import static io.ocelot.daemon.plan.Configs.I2;
import static org.assertj.core.api.Assertions.assertThat;

import io.ocelot.api.disruption.Change;
import io.ocelot.api.disruption.ConfigDiff;
import io.ocelot.api.disruption.ConfigTarget;
import io.ocelot.api.ignition.IgnitionBuilder;
import io.ocelot.api.model.MachineConfig;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The flag semantics of MCO's machineConfigDiff, including its OCL table. */
class ConfigDiffTest {

  static ConfigDiff diff(ConfigTarget a, ConfigTarget b) {
    return ((PlanResult.Ready) Planner.plan(a, b, Observed.NOTHING)).plan().diff();
  }

  @Test
  void identicalEmptyConfigsHaveAnEmptyDiff() {
    ConfigDiff d = diff(ConfigTarget.of(Configs.empty("a")), ConfigTarget.of(Configs.empty("a")));
    assertThat(d.isEmpty()).isTrue();
    assertThat(d.oclEnabled()).isFalse();
  }

  @Test
  void osImageUrlChangeIsAnOsUpdateOnly() {
    MachineConfig b = Configs.empty("b");
    b.getSpec().setOsImageURL(Configs.BASE2);
    ConfigDiff d = diff(ConfigTarget.of(Configs.empty("a")), ConfigTarget.of(b));
    assertThat(d.osUpdate()).isTrue();
    assertThat(d.files() || d.units() || d.passwd() || d.kargs()).isFalse();
    assertThat(d.isEmpty()).isFalse();
  }

  @Test
  void nilAndEmptyKernelArgumentsAreEqualButOrderMatters() {
    MachineConfig a = Configs.empty("a");
    MachineConfig b = Configs.empty("b");
    a.getSpec().setKernelArguments(null);
    b.getSpec().setKernelArguments(List.of());
    assertThat(diff(ConfigTarget.of(a), ConfigTarget.of(b)).kargs()).isFalse();
    a.getSpec().setKernelArguments(List.of("x y"));
    b.getSpec().setKernelArguments(List.of("x", "y"));
    assertThat(diff(ConfigTarget.of(a), ConfigTarget.of(b)).kargs()).isFalse();
    b.getSpec().setKernelArguments(List.of("y", "x"));
    assertThat(diff(ConfigTarget.of(a), ConfigTarget.of(b)).kargs()).isTrue();
  }

  @Test
  void sshKeyOrPasswordHashChangeIsPasswd() {
    MachineConfig a = Configs.mc("a", IgnitionBuilder.v3().core(List.of("k1"), null));
    MachineConfig keys = Configs.mc("b", IgnitionBuilder.v3().core(List.of("k2"), null));
    MachineConfig hash = Configs.mc("c", IgnitionBuilder.v3().core(List.of("k1"), "$6$h"));
    ConfigDiff d1 = diff(ConfigTarget.of(a), ConfigTarget.of(keys));
    assertThat(d1.passwd()).isTrue();
    assertThat(d1.sshKeys()).isTrue();
    assertThat(d1.passwordHash()).isFalse();
    ConfigDiff d2 = diff(ConfigTarget.of(a), ConfigTarget.of(hash));
    assertThat(d2.passwd()).isTrue();
    assertThat(d2.passwordHash()).isTrue();
    assertThat(d2.sshKeys()).isFalse();
  }

  @Test
  void oclTable() {
    MachineConfig a = Configs.empty("a");
    MachineConfig b = Configs.empty("a");
    b.getSpec().setOsImageURL(Configs.BASE2); // ignored on the layered path
    ConfigDiff sameImage = diff(ConfigTarget.layered(a, I1), ConfigTarget.layered(b, I1));
    assertThat(sameImage.oclEnabled()).isTrue();
    assertThat(sameImage.osUpdate()).isFalse();
    assertThat(sameImage.revertFromOCL()).isFalse();

    ConfigDiff newImage = diff(ConfigTarget.layered(a, I1), ConfigTarget.layered(a, I2));
    assertThat(newImage.oclEnabled() && newImage.osUpdate()).isTrue();
    assertThat(newImage.revertFromOCL()).isFalse();

    ConfigDiff optIn = diff(ConfigTarget.of(a), ConfigTarget.layered(a, I1));
    assertThat(optIn.oclEnabled() && optIn.osUpdate()).isTrue();
    assertThat(optIn.revertFromOCL()).isFalse();

    ConfigDiff revert = diff(ConfigTarget.layered(a, I1), ConfigTarget.of(a));
    assertThat(revert.oclEnabled() && revert.osUpdate() && revert.revertFromOCL()).isTrue();
  }

  @Test
  void fileChangesAreKeyedByPathWithBeforeAndAfter() {
    MachineConfig a = Configs.mc("a", IgnitionBuilder.v3().file("/etc/x", "1").file("/etc/y", "1"));
    MachineConfig b = Configs.mc("b", IgnitionBuilder.v3().file("/etc/x", "2").file("/etc/z", "1"));
    ConfigDiff d = diff(ConfigTarget.of(a), ConfigTarget.of(b));
    assertThat(d.fileChanges())
        .extracting(Change::key, Change::kind)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple("/etc/x", Change.Kind.MODIFIED),
            org.assertj.core.groups.Tuple.tuple("/etc/z", Change.Kind.ADDED),
            org.assertj.core.groups.Tuple.tuple("/etc/y", Change.Kind.REMOVED));
  }
}

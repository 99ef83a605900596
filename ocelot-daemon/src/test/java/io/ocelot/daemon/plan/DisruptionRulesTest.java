package io.ocelot.daemon.plan;

import static io.ocelot.daemon.plan.Configs.mc;
import static org.assertj.core.api.Assertions.assertThat;

import io.ocelot.api.disruption.ConfigTarget;
import io.ocelot.api.disruption.Disruption;
import io.ocelot.api.disruption.DisruptionCause;
import io.ocelot.api.disruption.PostAction;
import io.ocelot.api.disruption.ServiceAction;
import io.ocelot.api.ignition.IgnitionBuilder;
import io.ocelot.api.model.MachineConfig;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** MCO's legacy post-config rules: which change reboots, which reloads crio, which does nothing. */
class DisruptionRulesTest {

  static Disruption disruption(MachineConfig a, MachineConfig b) {
    PlanResult r = Planner.plan(ConfigTarget.of(a), ConfigTarget.of(b), Observed.NOTHING);
    return ((PlanResult.Ready) r).plan().disruption();
  }

  @ParameterizedTest
  @CsvSource({
    "/etc/chrony.conf, reboot, FILE_NEEDS_REBOOT",
    "/etc/kubernetes/kubelet-ca.crt, no disruption, FILE_NO_DISRUPTION",
    "/var/lib/kubelet/config.json, no disruption, FILE_NO_DISRUPTION",
    "/etc/nmstate/openshift/cluster.yml, no disruption, FILE_NO_DISRUPTION",
    // MCO's legacy rules drain for crio's files only when registries.conf changed unsafely
    "/etc/containers/policy.json, reload crio.service, FILE_RELOAD_CRIO",
    "/etc/machine-config-daemon/no-reboot/containers-gpg.pub, reload crio.service,"
        + " FILE_RELOAD_CRIO",
    "/etc/containers/registries.d/x.yaml, reload crio.service, FILE_RELOAD_CRIO",
    "/etc/pki/ca-trust/source/anchors/openshift-config-user-ca-bundle.crt,"
        + " restart crio.service, FILE_RESTART_CRIO",
  })
  void eachFileIsJudgedByItsPath(String path, String effect, DisruptionCause cause) {
    Disruption d = disruption(Configs.empty("a"), mc("b", IgnitionBuilder.v3().file(path, "x")));
    assertThat(d.describe()).isEqualTo(effect);
    assertThat(d.rules()).isEqualTo(Disruption.Rules.LEGACY);
    assertThat(d.reasons()).containsExactly(cause.reason("file " + path));
  }

  @Test
  void aRemovedFileCountsLikeAChangedOne() {
    Disruption d =
        disruption(
            mc("a", IgnitionBuilder.v3().file("/etc/containers/policy.json", "x")),
            Configs.empty("b"));
    assertThat(d.services()).containsExactly(ServiceAction.reload("crio.service"));
    assertThat(d.drain()).isFalse();
  }

  static final String REGISTRIES = "/etc/containers/registries.conf";
  static final String ONE =
      "unqualified-search-registries = [\"example.com\"]\n"
          + "[[registry]]\nlocation = \"example.com/app\"\n";
  static final String DIGEST_MIRROR_ADDED =
      ONE
          + "[[registry.mirror]]\nlocation = \"mirror.example.com/app\"\n"
          + "pull-from-mirror = \"digest-only\"\n";

  @Test
  void registriesConfDrainsOnlyWhenItsChangeIsNotSafe() {
    MachineConfig one = mc("a", IgnitionBuilder.v3().file(REGISTRIES, ONE));
    MachineConfig added = mc("b", IgnitionBuilder.v3().file(REGISTRIES, DIGEST_MIRROR_ADDED));

    Disruption safe = disruption(one, added);
    assertThat(safe.describe()).isEqualTo("reload crio.service");
    assertThat(safe.reasons())
        .containsExactly(DisruptionCause.FILE_RELOAD_CRIO.reason("file " + REGISTRIES));

    Disruption removed = disruption(added, one);
    assertThat(removed.describe()).isEqualTo("drain, reload crio.service");
    assertThat(removed.reasons().get(0).why())
        .isEqualTo(
            "a registries.conf change that could redirect a running pod's next pull drains first:"
                + " registry example.com/app: mirror mirror.example.com/app was removed");
  }

  @Test
  void sshKeysAndPasswordAloneNeedNoReboot() {
    Disruption d =
        disruption(
            Configs.empty("a"), mc("b", IgnitionBuilder.v3().core(List.of("ssh-rsa A"), "$6$h")));
    assertThat(d.action()).isEqualTo(PostAction.NONE);
    assertThat(d.drain()).isFalse();
    assertThat(d.reasons())
        .containsExactly(
            DisruptionCause.SSH_KEYS.reason("SSH keys of core"),
            DisruptionCause.PASSWORD_HASH.reason("password of core"));
  }

  @Test
  void aRestartOfCrioMakesItsReloadRedundant() {
    Disruption d =
        disruption(
            Configs.empty("a"),
            mc(
                "b",
                IgnitionBuilder.v3()
                    .file("/etc/containers/registries.conf", "x")
                    .file(
                        "/etc/pki/ca-trust/source/anchors/openshift-config-user-ca-bundle.crt", "y")
                    .core(List.of("ssh-rsa A"), null)));
    assertThat(d.services()).containsExactly(ServiceAction.restart("crio.service"));
    assertThat(d.describe()).isEqualTo("drain, restart crio.service");
  }

  @Test
  void osKargsUnitsKernelExtensionsReboot() {
    MachineConfig a = Configs.empty("a");
    MachineConfig b = mc("b", IgnitionBuilder.v3().unit("x.service", "[Unit]\n", true));
    b.getSpec().setOsImageURL(Configs.BASE2);
    b.getSpec().setKernelArguments(List.of("nosmt"));
    b.getSpec().setKernelType("realtime");
    b.getSpec().setExtensions(List.of("usbguard"));
    Disruption d = disruption(a, b);
    assertThat(d.action()).isEqualTo(PostAction.REBOOT);
    assertThat(d.services()).isEmpty();
    assertThat(d.reasons())
        .containsExactly(
            DisruptionCause.OS_IMAGE.reason("OS image"),
            DisruptionCause.KERNEL_ARGUMENTS.reason("kernel arguments"),
            DisruptionCause.KERNEL_TYPE.reason("kernel type"),
            DisruptionCause.EXTENSIONS.reason("extensions"),
            DisruptionCause.UNITS.reason("unit x.service"));
  }

  @Test
  void theForceFileRebootsEvenWithoutChanges() {
    PlanResult r =
        Planner.plan(
            ConfigTarget.of(Configs.empty("a")),
            ConfigTarget.of(Configs.empty("a")),
            new Observed(Optional.empty(), true, Optional.empty()));
    UpdatePlan plan = ((PlanResult.Ready) r).plan();
    assertThat(plan.disruption().action()).isEqualTo(PostAction.REBOOT);
    assertThat(plan.disruption().reasons())
        .containsExactly(DisruptionCause.FORCE_FILE.reason("force file"));
    assertThat(plan.disruption().reasons().get(0).toString())
        .isEqualTo("force file: Reboot (the force file /run/machine-config-daemon-force exists)");
  }
}

package io.ocelot.daemon.plan;

import static io.ocelot.daemon.plan.Configs.mc;
import static org.assertj.core.api.Assertions.assertThat;

import io.ocelot.api.ignition.IgnitionBuilder;
import io.ocelot.api.model.MachineConfig;
import java.util.List;
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
    "/etc/chrony.conf, REBOOT, FILE_NEEDS_REBOOT",
    "/etc/kubernetes/kubelet-ca.crt, NONE, FILE_NO_DISRUPTION",
    "/var/lib/kubelet/config.json, NONE, FILE_NO_DISRUPTION",
    "/etc/nmstate/openshift/cluster.yml, NONE, FILE_NO_DISRUPTION",
    "/etc/containers/registries.conf, RELOAD_CRIO, FILE_RELOAD_CRIO",
    "/etc/containers/policy.json, RELOAD_CRIO, FILE_RELOAD_CRIO",
    "/etc/machine-config-daemon/no-reboot/containers-gpg.pub, RELOAD_CRIO, FILE_RELOAD_CRIO",
    "/etc/containers/registries.d/x.yaml, RELOAD_CRIO, FILE_RELOAD_CRIO",
    "/etc/pki/ca-trust/source/anchors/openshift-config-user-ca-bundle.crt, RESTART_CRIO,"
        + " FILE_RESTART_CRIO",
  })
  void eachFileIsJudgedByItsPath(String path, PostAction action, DisruptionCause cause) {
    Disruption d = disruption(Configs.empty("a"), mc("b", IgnitionBuilder.v3().file(path, "x")));
    assertThat(d.action()).isEqualTo(action);
    assertThat(d.reasons()).containsExactly(new Disruption.Reason("file " + path, cause));
  }

  @Test
  void aRemovedFileCountsLikeAChangedOne() {
    Disruption d =
        disruption(
            mc("a", IgnitionBuilder.v3().file("/etc/containers/policy.json", "x")),
            Configs.empty("b"));
    assertThat(d.action()).isEqualTo(PostAction.RELOAD_CRIO);
  }

  @Test
  void sshKeysAndPasswordAloneNeedNoReboot() {
    Disruption d =
        disruption(
            Configs.empty("a"), mc("b", IgnitionBuilder.v3().core(List.of("ssh-rsa A"), "$6$h")));
    assertThat(d.action()).isEqualTo(PostAction.NONE);
    assertThat(d.reasons())
        .extracting(Disruption.Reason::cause)
        .containsExactly(DisruptionCause.SSH_KEYS, DisruptionCause.PASSWORD_HASH);
  }

  @Test
  void theMostDisruptiveItemDecides() {
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
    assertThat(d.action()).isEqualTo(PostAction.RESTART_CRIO);
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
    assertThat(d.reasons())
        .extracting(Disruption.Reason::cause)
        .containsExactly(
            DisruptionCause.OS_IMAGE,
            DisruptionCause.KERNEL_ARGUMENTS,
            DisruptionCause.UNITS,
            DisruptionCause.KERNEL_TYPE,
            DisruptionCause.EXTENSIONS);
  }

  @Test
  void theForceFileRebootsEvenWithoutChanges() {
    PlanResult r =
        Planner.plan(
            ConfigTarget.of(Configs.empty("a")),
            ConfigTarget.of(Configs.empty("a")),
            new Observed(java.util.Optional.empty(), true, java.util.Optional.empty()));
    UpdatePlan plan = ((PlanResult.Ready) r).plan();
    assertThat(plan.disruption().action()).isEqualTo(PostAction.REBOOT);
    assertThat(plan.disruption().reasons())
        .containsExactly(new Disruption.Reason("force file", DisruptionCause.FORCE_FILE));
  }
}

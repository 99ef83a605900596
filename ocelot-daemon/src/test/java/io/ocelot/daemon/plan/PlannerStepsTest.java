package io.ocelot.daemon.plan;

import static io.ocelot.daemon.plan.Configs.BASE;
import static io.ocelot.daemon.plan.Configs.I1;
import static io.ocelot.daemon.plan.Configs.I2;
import static io.ocelot.daemon.plan.Configs.mc;
import static org.assertj.core.api.Assertions.assertThat;

import io.ocelot.api.disruption.ConfigTarget;
import io.ocelot.api.disruption.Disruption;
import io.ocelot.api.disruption.PostAction;
import io.ocelot.api.ignition.IgnitionBuilder;
import io.ocelot.api.model.MachineConfig;
import io.ocelot.api.node.DrainRequest;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The ordered step list of each kind of update. */
class PlannerStepsTest {
  private final MachineConfig r1 = mc("rendered-worker-1", r1Ignition());

  static IgnitionBuilder r1Ignition() {
    return IgnitionBuilder.v3()
        .file("/etc/keep", "same")
        .file("/etc/chrony.conf", "pool a")
        .file("/etc/old", "gone soon")
        .unit("a.service", "[Unit]\n", true)
        .core(List.of("ssh-rsa OLD"), null);
  }

  private final MachineConfig r2 =
      mc(
          "rendered-worker-2",
          IgnitionBuilder.v3()
              .file("/etc/keep", "same")
              .file("/etc/chrony.conf", "pool b")
              .unit("a.service", "[Unit]\nDescription=changed\n", true)
              .core(List.of("ssh-rsa NEW"), "$6$new"));

  static UpdatePlan plan(ConfigTarget from, ConfigTarget to, Observed observed) {
    PlanResult r = Planner.plan(from, to, observed);
    assertThat(r).isInstanceOf(PlanResult.Ready.class);
    return ((PlanResult.Ready) r).plan();
  }

  static List<String> summaries(UpdatePlan plan) {
    return plan.steps().stream().map(Step::summary).toList();
  }

  @Test
  void classicConfigChange() {
    r2.getSpec().setKernelArguments(List.of("nosmt"));
    UpdatePlan p = plan(ConfigTarget.of(r1), ConfigTarget.of(r2), Observed.booted(BASE));

    assertThat(p.kind()).isEqualTo(UpdateKind.CLASSIC);
    assertThat(summaries(p))
        .containsExactly(
            "request drain (drain-rendered-worker-2)",
            "update file /etc/chrony.conf (0644 root:root, 6 bytes)",
            "remove file /etc/old",
            "update unit a.service (contents, enabled)",
            "write SSH keys of core (1 key)",
            "set password hash of core",
            "set kernel arguments (delete [], append [nosmt])");
    assertThat(p.steps().get(0))
        .isEqualTo(new Step.RequestDrain(DrainRequest.drain("rendered-worker-2")));
    assertThat(p.commit())
        .contains(
            new Commit(
                "rendered-worker-2",
                Optional.empty(),
                PostAction.REBOOT,
                "Node will reboot into config rendered-worker-2"));
    Step.WriteSshKeys keys = (Step.WriteSshKeys) p.steps().get(4);
    assertThat(keys.previous()).containsExactly("ssh-rsa OLD");
    assertThat(keys.keys()).containsExactly("ssh-rsa NEW");
  }

  @Test
  void classicOsImageKernelAndExtensionsChange() {
    r2.getSpec().setOsImageURL(Configs.BASE2);
    r2.getSpec().setKernelType("realtime");
    r2.getSpec().setExtensions(List.of("usbguard"));
    UpdatePlan p = plan(ConfigTarget.of(r1), ConfigTarget.of(r2), Observed.booted(BASE));
    assertThat(summaries(p).subList(0, 4))
        .containsExactly(
            "request drain (drain-rendered-worker-2)",
            "stage OS image " + Configs.BASE2,
            "switch kernel default -> realtime",
            "set extensions [] -> [usbguard]");
  }

  @Test
  void optInToLayering() {
    UpdatePlan p = plan(ConfigTarget.of(r1), ConfigTarget.layered(r1, I1), Observed.booted(BASE));
    assertThat(p.kind()).isEqualTo(UpdateKind.OCL_OPT_IN);
    assertThat(p.diff().oclEnabled()).isTrue();
    assertThat(p.diff().osUpdate()).isTrue();
    assertThat(p.diff().revertFromOCL()).isFalse();
    assertThat(summaries(p))
        .containsExactly("request drain (drain-rendered-worker-1)", "stage OS image " + I1);
    assertThat(p.commit().orElseThrow().rationale())
        .isEqualTo("Node will reboot into image " + I1 + " / MachineConfig rendered-worker-1");
    assertThat(p.commit().orElseThrow().image()).contains(I1);
  }

  @Test
  void layeredImageChangeWithConfigChange() {
    r2.getSpec().setKernelType("realtime"); // baked into the image: no kernel step
    UpdatePlan p =
        plan(ConfigTarget.layered(r1, I1), ConfigTarget.layered(r2, I2), Observed.booted(I1));
    assertThat(p.kind()).isEqualTo(UpdateKind.OCL_UPDATE);
    assertThat(summaries(p))
        .containsExactly(
            "request drain (drain-rendered-worker-2)",
            "stage OS image " + I2,
            "update file /etc/chrony.conf (0644 root:root, 6 bytes)",
            "remove file /etc/old",
            "update unit a.service (contents, enabled)",
            "write SSH keys of core (1 key)",
            "set password hash of core");
  }

  @Test
  void layeredConfigOnlyChangeStagesNothing() {
    MachineConfig sshOnly =
        mc("rendered-worker-3", IgnitionBuilder.v3().core(List.of("ssh-rsa X"), null));
    MachineConfig none = Configs.empty("rendered-worker-0");
    UpdatePlan p =
        plan(
            ConfigTarget.layered(none, I1), ConfigTarget.layered(sshOnly, I1), Observed.booted(I1));
    assertThat(p.diff().osUpdate()).isFalse();
    assertThat(p.disruption().action()).isEqualTo(PostAction.NONE);
    assertThat(summaries(p)).containsExactly("write SSH keys of core (1 key)");
    assertThat(p.commit().orElseThrow().action()).isEqualTo(PostAction.NONE);
  }

  @Test
  void revertFromLayering() {
    r1.getSpec().setKernelType("realtime");
    UpdatePlan p = plan(ConfigTarget.layered(r1, I1), ConfigTarget.of(r1), Observed.booted(I1));
    assertThat(p.kind()).isEqualTo(UpdateKind.OCL_REVERT);
    assertThat(p.diff().revertFromOCL()).isTrue();
    assertThat(summaries(p))
        .containsExactly(
            "request drain (drain-rendered-worker-1)",
            "stage OS image " + BASE,
            "switch kernel default -> realtime",
            "write revert-from-layering artifacts for rendered-worker-1");
    assertThat(p.commit().orElseThrow().rationale())
        .isEqualTo("Node will reboot into image " + BASE + " / MachineConfig rendered-worker-1");
    assertThat(p.commit().orElseThrow().image()).isEmpty();
  }

  @Test
  void stagingIsSkippedWhenTheDesiredImageIsAlreadyBooted() {
    // A torn node: the annotations say I1, the host booted I2 (e.g. after a manual rollback).
    UpdatePlan p =
        plan(ConfigTarget.layered(r1, I1), ConfigTarget.layered(r1, I2), Observed.booted(I2));
    assertThat(summaries(p)).containsExactly("request drain (drain-rendered-worker-1)");
    assertThat(p.notes()).containsExactly("staging skipped: the node already booted " + I2);
    assertThat(p.commit().orElseThrow().action()).isEqualTo(PostAction.REBOOT);
  }

  @Test
  void sameConfigAndImageIsNothingToDo() {
    UpdatePlan p =
        plan(ConfigTarget.layered(r1, I1), ConfigTarget.layered(r1, I1), Observed.booted(I1));
    assertThat(p.isNoop()).isTrue();
    assertThat(p.diff().isEmpty()).isTrue();
    assertThat(p.disruption()).isEqualTo(Disruption.NONE);
  }

  @Test
  void aRenameWithoutChangesOnlyMovesTheMarker() {
    MachineConfig same = mc("rendered-worker-9", r1Ignition());
    UpdatePlan p = plan(ConfigTarget.of(r1), ConfigTarget.of(same), Observed.booted(BASE));
    assertThat(p.steps()).isEmpty();
    assertThat(p.isNoop()).isFalse();
    assertThat(p.commit().orElseThrow())
        .isEqualTo(
            new Commit(
                "rendered-worker-9",
                Optional.empty(),
                PostAction.NONE,
                "Node will reboot into config rendered-worker-9"));
  }

  @Test
  void anUnreconcilableChangeHasNoSteps() {
    MachineConfig bad =
        mc(
            "rendered-bad",
            "{\"ignition\":{\"version\":\"3.5.0\"},\"storage\":{\"disks\":[{\"device\":\"/dev/vdb\"}]}}");
    assertThat(Planner.plan(ConfigTarget.of(r1), ConfigTarget.of(bad), Observed.NOTHING))
        .isInstanceOf(PlanResult.Unreconcilable.class);
  }
}

package io.ocelot.daemon.plan;

import static io.ocelot.daemon.plan.Configs.mc;
import static org.assertj.core.api.Assertions.assertThat;

import io.ocelot.api.disruption.ConfigTarget;
import io.ocelot.api.disruption.Disruption;
import io.ocelot.api.disruption.PostAction;
import io.ocelot.api.ignition.IgnitionBuilder;
import io.ocelot.api.model.MachineConfig;
import io.ocelot.api.operator.Action;
import io.ocelot.api.operator.ActionType;
import io.ocelot.api.operator.NodeDisruptionPolicies;
import io.ocelot.api.operator.NodeDisruptionPolicy;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Node disruption policy rules (upstream's cases as a table): which actions a change gets, how the
 * items' actions merge, and the steps the planner makes of them.
 */
class PolicyRulesTest {
  /** The admin's policy of the examples below, merged over the defaults as the controller does. */
  static final NodeDisruptionPolicy POLICY =
      NodeDisruptionPolicies.merge(
          Optional.of(
              new NodeDisruptionPolicy(
                  List.of(
                      file("/etc/chrony.conf", Action.restart("chronyd.service")),
                      file("/etc/app", Action.of(ActionType.Drain), Action.reload("app.service")),
                      file("/etc/app/static", Action.of(ActionType.None)),
                      file("/etc/quiet.conf", Action.of(ActionType.None)),
                      file("/etc/loud.conf", Action.of(ActionType.Reboot)),
                      file("/etc/dr", Action.of(ActionType.DaemonReload))),
                  List.of(
                      new NodeDisruptionPolicy.Unit(
                          "app.service",
                          List.of(
                              Action.of(ActionType.DaemonReload), Action.restart("app.service")))),
                  null)));

  static NodeDisruptionPolicy.File file(String path, Action... actions) {
    return new NodeDisruptionPolicy.File(path, List.of(actions));
  }

  static UpdatePlan plan(MachineConfig a, MachineConfig b, NodeDisruptionPolicy policy) {
    PlanResult r =
        Planner.plan(ConfigTarget.of(a), ConfigTarget.of(b), Observed.NOTHING, Optional.of(policy));
    return ((PlanResult.Ready) r).plan();
  }

  static Disruption files(String... paths) {
    IgnitionBuilder ign = IgnitionBuilder.v3();
    for (String p : paths) {
      ign.file(p, "x");
    }
    return plan(Configs.empty("a"), mc("b", ign), POLICY).disruption();
  }

  @ParameterizedTest(name = "{0} -> {1}")
  @CsvSource(
      delimiter = '|',
      value = {
        // one file: its own policy, else its closest parent's, else a reboot
        "/etc/chrony.conf | restart chronyd.service | policy path /etc/chrony.conf",
        "/etc/app/x.conf | drain, reload app.service | policy path /etc/app",
        "/etc/app/sub/deep/y.conf | drain, reload app.service | policy path /etc/app",
        "/etc/app/static/z.conf | no disruption | policy path /etc/app/static",
        "/etc/appendix.conf | reboot | no policy path covers it",
        "/etc/motd | reboot | no policy path covers it",
        "/etc/quiet.conf | no disruption | policy path /etc/quiet.conf",
        "/etc/loud.conf | reboot | policy path /etc/loud.conf",
        "/etc/dr/a | systemctl daemon-reload | policy path /etc/dr",
        // the defaults stay in force beside the admin's entries
        "/etc/containers/registries.conf | drain, reload crio.service | policy path"
            + " /etc/containers/registries.conf, Special: it does not read as registries.conf"
            + " (Premature end of file)",
        "/etc/containers/registries.d/a.yaml | reload crio.service | policy path"
            + " /etc/containers/registries.d",
        "/var/lib/kubelet/config.json | no disruption | policy path /var/lib/kubelet/config.json",
        "/etc/pki/ca-trust/source/anchors/openshift-config-user-ca-bundle.crt"
            + " | restart coreos-update-ca-trust.service, restart crio.service"
            + " | policy path /etc/pki/ca-trust/source/anchors/openshift-config-user-ca-bundle.crt",
      })
  void eachFileTakesItsClosestPolicy(String path, String effect, String why) {
    Disruption d = files(path);
    assertThat(d.describe()).isEqualTo(effect);
    assertThat(d.rules()).isEqualTo(Disruption.Rules.POLICY);
    assertThat(d.reasons()).hasSize(1);
    assertThat(d.reasons().get(0).why()).isEqualTo(why);
  }

  @ParameterizedTest(name = "{0} -> {1}")
  @CsvSource(
      delimiter = '|',
      value = {
        // Reboot wins alone; None adds nothing; drains join; actions keep their order, once each
        "/etc/quiet.conf,/etc/loud.conf | reboot",
        "/etc/quiet.conf,/etc/chrony.conf | restart chronyd.service",
        "/etc/chrony.conf,/etc/app/a | drain, restart chronyd.service, reload app.service",
        "/etc/app/a,/etc/chrony.conf | drain, reload app.service, restart chronyd.service",
        "/etc/app/a,/etc/app/b | drain, reload app.service",
        "/etc/chrony.conf,/etc/motd | reboot",
        "/etc/containers/policy.json,/etc/containers/registries.d/x | reload crio.service",
      })
  void theItemsActionsMerge(String paths, String effect) {
    assertThat(files(paths.split(",")).describe()).isEqualTo(effect);
  }

  @Test
  void aRebootlessPlanRunsItsServiceActionsLastAndCommitsWithoutReboot() {
    UpdatePlan p =
        plan(
            Configs.empty("a"),
            mc("b", IgnitionBuilder.v3().file("/etc/chrony.conf", "server x")),
            POLICY);
    assertThat(p.steps())
        .extracting(Step::summary)
        .containsExactly(
            "create file /etc/chrony.conf (0644 root:root, 8 bytes)", "restart chronyd.service");
    assertThat(p.commit().orElseThrow().action()).isEqualTo(PostAction.SERVICES);
  }

  @Test
  void aDrainActionRequestsTheDrainFirst() {
    UpdatePlan p =
        plan(Configs.empty("a"), mc("b", IgnitionBuilder.v3().file("/etc/app/a", "x")), POLICY);
    assertThat(p.steps().get(0)).isInstanceOf(Step.RequestDrain.class);
    assertThat(p.steps().get(p.steps().size() - 1).summary()).isEqualTo("reload app.service");
  }

  @Test
  void unitsTakeTheirPolicyOrReboot() {
    Disruption covered =
        plan(
                Configs.empty("a"),
                mc("b", IgnitionBuilder.v3().unit("app.service", "[Unit]\n", true)),
                POLICY)
            .disruption();
    assertThat(covered.describe()).isEqualTo("systemctl daemon-reload, restart app.service");
    Disruption uncovered =
        plan(
                Configs.empty("a"),
                mc("b", IgnitionBuilder.v3().unit("other.service", "[Unit]\n", true)),
                POLICY)
            .disruption();
    assertThat(uncovered.describe()).isEqualTo("reboot");
    assertThat(uncovered.reasons().get(0).toString())
        .isEqualTo("unit other.service: Reboot (no policy names this unit)");
  }

  @Test
  void sshKeysTakeTheSshKeyPolicy() {
    MachineConfig keys = mc("b", IgnitionBuilder.v3().core(List.of("ssh-rsa A"), null));
    assertThat(plan(Configs.empty("a"), keys, POLICY).disruption().describe())
        .isEqualTo("no disruption");
    NodeDisruptionPolicy drainForKeys =
        NodeDisruptionPolicies.merge(
            Optional.of(
                new NodeDisruptionPolicy(
                    List.of(),
                    List.of(),
                    new NodeDisruptionPolicy.SshKey(
                        List.of(Action.of(ActionType.Drain), Action.reload("crio.service"))))));
    UpdatePlan p = plan(Configs.empty("a"), keys, drainForKeys);
    assertThat(p.disruption().describe()).isEqualTo("drain, reload crio.service");
    assertThat(p.steps()).first().isInstanceOf(Step.RequestDrain.class);
  }

  @Test
  void theOsImageAndKernelArgumentsRebootWhateverThePolicy() {
    MachineConfig b = mc("b", IgnitionBuilder.v3().file("/etc/chrony.conf", "x"));
    b.getSpec().setKernelArguments(List.of("nosmt"));
    Disruption d = plan(Configs.empty("a"), b, POLICY).disruption();
    assertThat(d.describe()).isEqualTo("reboot");
    assertThat(d.reasons())
        .extracting(Disruption.Reason::item)
        .containsExactly("kernel arguments", "file /etc/chrony.conf");
  }

  @Test
  void withoutAPolicyTheLegacyRulesDecide() {
    UpdatePlan p =
        ((PlanResult.Ready)
                Planner.plan(
                    ConfigTarget.of(Configs.empty("a")),
                    ConfigTarget.of(mc("b", IgnitionBuilder.v3().file("/etc/chrony.conf", "x"))),
                    Observed.NOTHING))
            .plan();
    assertThat(p.disruption().describe()).isEqualTo("reboot");
    assertThat(p.disruption().rules()).isEqualTo(Disruption.Rules.LEGACY);
  }

  @Test
  void registriesConfsSpecialDrainsOnlyForAnUnsafeChange() {
    MachineConfig one =
        mc("a", IgnitionBuilder.v3().file(DisruptionRulesTest.REGISTRIES, DisruptionRulesTest.ONE));
    MachineConfig added =
        mc(
            "b",
            IgnitionBuilder.v3()
                .file(DisruptionRulesTest.REGISTRIES, DisruptionRulesTest.DIGEST_MIRROR_ADDED));
    Disruption safe = plan(one, added, POLICY).disruption();
    assertThat(safe.describe()).isEqualTo("reload crio.service");
    assertThat(safe.reasons().get(0).why())
        .isEqualTo(
            "policy path /etc/containers/registries.conf, Special: only registries or mirrors"
                + " added that pull by digest; no drain");
    Disruption removed = plan(added, one, POLICY).disruption();
    assertThat(removed.describe()).isEqualTo("drain, reload crio.service");
    assertThat(removed.reasons().get(0).why())
        .endsWith("Special: registry example.com/app: mirror mirror.example.com/app was removed");
  }
}

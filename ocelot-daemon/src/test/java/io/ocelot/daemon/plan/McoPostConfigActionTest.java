package io.ocelot.daemon.plan;

import static org.assertj.core.api.Assertions.assertThat;

import io.ocelot.api.disruption.ConfigTarget;
import io.ocelot.api.disruption.Disruption;
import io.ocelot.api.ignition.IgnitionBuilder;
import io.ocelot.api.model.MachineConfig;
import io.ocelot.api.model.MachineConfigs;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * MCO pkg/daemon/update_test.go TestCalculatePostConfigChangeAction, row by row: the same files
 * with the same contents, the same SSH keys, images and kernel arguments, and MCO's expected action
 * (reboot, none, reload crio, restart crio). Ocelot's plan names the action; the drain it adds is
 * compared apart: only an unparseable registries.conf drains where MCO's action table says "reload"
 * (MCO's own drain check fails the update on it; Ocelot drains, docs/planner.md).
 */
class McoPostConfigActionTest {
  private static final Map<String, String[]> FILES =
      Map.ofEntries(
          Map.entry(
              "pullsecret1", new String[] {"/var/lib/kubelet/config.json", "kubelet conf 1\n"}),
          Map.entry(
              "pullsecret2", new String[] {"/var/lib/kubelet/config.json", "kubelet conf 2\n"}),
          Map.entry(
              "registries1", new String[] {"/etc/containers/registries.conf", "registries 1\n"}),
          Map.entry(
              "registries2", new String[] {"/etc/containers/registries.conf", "registries 2\n"}),
          Map.entry("randomfile1", new String[] {"/etc/random-reboot-file", "test\n"}),
          Map.entry("randomfile2", new String[] {"/etc/random-reboot-file", "test 2\n"}),
          Map.entry("kubeletCA1", new String[] {"/etc/kubernetes/kubelet-ca.crt", "kubeletCA1\n"}),
          Map.entry("kubeletCA2", new String[] {"/etc/kubernetes/kubelet-ca.crt", "kubeletCA2\n"}),
          Map.entry("policy1", new String[] {"/etc/containers/policy.json", "policy1"}),
          Map.entry("policy2", new String[] {"/etc/containers/policy.json", "policy2"}),
          Map.entry(
              "containers-gpg1",
              new String[] {
                "/etc/machine-config-daemon/no-reboot/containers-gpg.pub", "containers-gpg1"
              }),
          Map.entry(
              "containers-gpg2",
              new String[] {
                "/etc/machine-config-daemon/no-reboot/containers-gpg.pub", "containers-gpg2"
              }),
          Map.entry(
              "restart-crio1",
              new String[] {
                "/etc/pki/ca-trust/source/anchors/openshift-config-user-ca-bundle.crt",
                "restart-crio1"
              }),
          Map.entry(
              "restart-crio2",
              new String[] {
                "/etc/pki/ca-trust/source/anchors/openshift-config-user-ca-bundle.crt",
                "restart-crio2"
              }));

  /** A config as MCO's helpers build it: files, core's SSH key, kernel arguments, an image. */
  static MachineConfig config(String name, String files, String key, String kargs, String image) {
    IgnitionBuilder ign = IgnitionBuilder.v3();
    if (!files.isEmpty()) {
      for (String f : files.split(" ")) {
        ign.file(FILES.get(f)[0], FILES.get(f)[1]);
      }
    }
    if (!key.isEmpty()) {
      ign.core(List.of(key), null);
    }
    MachineConfig mc = MachineConfigs.create(name, "worker", ign.build(), image);
    if (!kargs.isEmpty()) {
      mc.getSpec().setKernelArguments(List.of(kargs.split(" ")));
    }
    return mc;
  }

  private static final String DUMMY = "quay.io/dummy@sha256:" + "d".repeat(64);
  private static final String DUMMY1 = "quay.io/dummy1@sha256:" + "e".repeat(64);

  @ParameterizedTest(name = "case#{index}: {0}")
  @CsvSource(
      delimiter = '|',
      value = {
        "a normal file change|randomfile1|||randomfile2|||reboot|false",
        "a pull secret change|pullsecret1|||pullsecret2|||none|false",
        "an SSH key change||key1|||key2||none|false",
        "a registries change|registries1|||registries2|||reload crio|true",
        "a kubelet CA change|kubeletCA1|||kubeletCA2|||none|false",
        "registries (reload) over pull secret (none)|registries1 pullsecret1|||"
            + "registries2 pullsecret2|||reload crio|true",
        "an image change (reboot) over registries and SSH keys|registries1|key1||registries2|key2|"
            + "|reboot|false",
        "adding a pull secret|registries1|key1||registries1 pullsecret2|key1||none|false",
        "removing registries|randomfile1 registries1|key1||randomfile1|key1||reload crio|true",
        "mixed, kernel arguments reboot|registries1|key1||pullsecret2 kubeletCA1|key2|karg1"
            + "|reboot|false",
        "policy.json|policy1|||policy2|||reload crio|false",
        "containers-gpg.pub|containers-gpg1|||containers-gpg2|||reload crio|false",
        "the user CA bundle|restart-crio1|||restart-crio2|||restart crio|false",
        "the user CA bundle (restart) over a reload|restart-crio1|||restart-crio2 containers-gpg1|||"
            + "restart crio|false",
      })
  void actsAsMco(
      String row,
      String oldFiles,
      String oldKey,
      String oldKargs,
      String newFiles,
      String newKey,
      String newKargs,
      String mcoAction,
      boolean ocelotDrains) {
    String newImage = row.startsWith("an image change") ? DUMMY1 : DUMMY;
    MachineConfig a = config("00-test", nul(oldFiles), nul(oldKey), nul(oldKargs), DUMMY);
    MachineConfig b = config("01-test", nul(newFiles), nul(newKey), nul(newKargs), newImage);
    PlanResult r = Planner.plan(ConfigTarget.of(a), ConfigTarget.of(b), Observed.NOTHING);
    Disruption d = ((PlanResult.Ready) r).plan().disruption();
    assertThat(action(d)).as(row).isEqualTo(mcoAction);
    // "registries N\n" is no TOML: MCO's drain check errors on it, Ocelot drains.
    assertThat(d.drain() && !d.reboot()).as(row + ": drain").isEqualTo(ocelotDrains);
  }

  private static String nul(String s) {
    return s == null ? "" : s;
  }

  /** MCO's names for the post-config action of a plan. */
  private static String action(Disruption d) {
    if (d.reboot()) {
      return "reboot";
    }
    if (d.services().isEmpty()) {
      return "none";
    }
    String s = d.describe();
    return s.contains("restart crio.service")
        ? "restart crio"
        : s.contains("reload crio.service") ? "reload crio" : s;
  }
}

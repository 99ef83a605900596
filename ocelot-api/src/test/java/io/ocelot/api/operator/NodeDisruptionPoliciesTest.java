package io.ocelot.api.operator;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Closest-path matching and the merge of an admin's spec over the defaults. */
class NodeDisruptionPoliciesTest {
  static final NodeDisruptionPolicy POLICY =
      new NodeDisruptionPolicy(
          List.of(
              file("/etc", ActionType.Drain),
              file("/etc/foo", ActionType.None),
              file("/etc/foo/bar.conf", ActionType.DaemonReload),
              file("/var/lib/x/", ActionType.Drain)),
          List.of(),
          null);

  static NodeDisruptionPolicy.File file(String path, ActionType type) {
    return new NodeDisruptionPolicy.File(path, List.of(Action.of(type)));
  }

  @ParameterizedTest(name = "{0} -> {1}")
  @CsvSource({
    "/etc/foo/bar.conf, /etc/foo/bar.conf",
    "/etc/foo/baz.conf, /etc/foo",
    "/etc/foo/a/b/c, /etc/foo",
    "/etc/foobar, /etc",
    "/etc/foo, /etc/foo",
    "/etc/other.conf, /etc",
    "/var/lib/x/y, /var/lib/x",
    "/var/lib/xy, ''",
    "/usr/local/bin/tool, ''",
  })
  void theClosestPolicyPathWins(String path, String expected) {
    Optional<NodeDisruptionPolicies.Match> m = NodeDisruptionPolicies.forFile(path, POLICY);
    assertThat(m.map(NodeDisruptionPolicies.Match::policyPath).orElse("")).isEqualTo(expected);
  }

  /**
   * MCO pkg/daemon/update_test.go TestFindClosestFilePolicyPathMatch: policy paths written as
   * {@code path=Action} with {@code ;} between, the changed path, and the actions MCO finds (empty
   * when no policy path covers it).
   */
  @ParameterizedTest(name = "case#{index}: {1}")
  @CsvSource(
      delimiter = '|',
      value = {
        "/etc/example=None|/etc/mco/test|''",
        "/etc/mco/test1=None;/etc/mco/test2=Reboot|/etc/mco/test1|None",
        "/etc/mco/f1=None;/etc/mco/f1/f2=Reboot;/etc/mco/f1/f2/f3=Reload|/etc/mco/f1/f2/example"
            + "|Reboot",
        "/etc/mco/f1=None;/etc/mco/f1/f2=Reboot;/etc/mco/f1/f2/f3=Reload|/etc/mco/f1/f2/f3"
            + "|Reload",
        "/etc/mco/f1/test=None;/etc/mco/f1/f2/test=Reboot;/etc/mco/f1/f2/f3/f4=Reload"
            + "|/etc/mco/f1/f2/f3|''",
      })
  void findsTheClosestPathAsMcoDoes(String policies, String path, String expected) {
    List<NodeDisruptionPolicy.File> files = new java.util.ArrayList<>();
    for (String p : policies.split(";")) {
      String[] kv = p.split("=");
      Action action =
          kv[1].equals("Reload")
              ? Action.reload("crio.service")
              : Action.of(ActionType.valueOf(kv[1]));
      files.add(new NodeDisruptionPolicy.File(kv[0], List.of(action)));
    }
    NodeDisruptionPolicy policy = new NodeDisruptionPolicy(files, List.of(), null);
    Optional<NodeDisruptionPolicies.Match> m = NodeDisruptionPolicies.forFile(path, policy);
    assertThat(m.map(x -> x.actions().get(0).type().name()).orElse("")).isEqualTo(expected);
  }

  @Test
  void aRootPolicyCoversEveryPath() {
    NodeDisruptionPolicy root =
        new NodeDisruptionPolicy(List.of(file("/", ActionType.None)), List.of(), null);
    assertThat(NodeDisruptionPolicies.forFile("/etc/x", root))
        .map(NodeDisruptionPolicies.Match::policyPath)
        .contains("/");
  }

  @Test
  void withoutASpecTheDefaultsAreInForce() {
    NodeDisruptionPolicy merged = NodeDisruptionPolicies.merge(Optional.empty());
    assertThat(merged).isEqualTo(NodeDisruptionPolicies.DEFAULTS);
    assertThat(merged.files()).hasSize(14);
    assertThat(NodeDisruptionPolicies.forSshKeys(merged))
        .containsExactly(Action.of(ActionType.None));
    assertThat(
            NodeDisruptionPolicies.forFile("/etc/containers/registries.conf", merged)
                .orElseThrow()
                .actions())
        .containsExactly(Action.of(ActionType.Special));
  }

  @Test
  void theAdminsEntriesReplaceDefaultsOfTheSamePathAndAddTheRest() {
    NodeDisruptionPolicy spec =
        new NodeDisruptionPolicy(
            List.of(
                new NodeDisruptionPolicy.File(
                    "/etc/containers/policy.json/", List.of(Action.of(ActionType.Reboot))),
                new NodeDisruptionPolicy.File(
                    "/etc/chrony.conf", List.of(Action.restart("chronyd.service")))),
            List.of(
                new NodeDisruptionPolicy.Unit(
                    "chronyd.service", List.of(Action.of(ActionType.DaemonReload)))),
            new NodeDisruptionPolicy.SshKey(List.of(Action.of(ActionType.Drain))));
    NodeDisruptionPolicy merged = NodeDisruptionPolicies.merge(Optional.of(spec));
    assertThat(merged.files()).hasSize(NodeDisruptionPolicies.DEFAULTS.files().size() + 1);
    assertThat(merged.files().get(3).path()).isEqualTo("/etc/containers/policy.json/");
    assertThat(merged.files().get(3).actions()).containsExactly(Action.of(ActionType.Reboot));
    assertThat(merged.files().get(merged.files().size() - 1).path()).isEqualTo("/etc/chrony.conf");
    assertThat(merged.units()).hasSize(2);
    assertThat(NodeDisruptionPolicies.forUnit("chronyd.service", merged))
        .contains(List.of(Action.of(ActionType.DaemonReload)));
    assertThat(NodeDisruptionPolicies.forSshKeys(merged))
        .containsExactly(Action.of(ActionType.Drain));
  }

  /**
   * The defaults as upstream lists them (openshift/machine-config-operator,
   * pkg/apihelpers/apihelpers.go): a changed file under each path and the actions it gets.
   */
  @ParameterizedTest(name = "{0} -> {1}")
  @CsvSource(
      delimiter = '|',
      value = {
        "/etc/mco/internal-registry-pull-secret.json|None",
        "/var/lib/kubelet/config.json|None",
        "/etc/machine-config-daemon/no-reboot/containers-gpg.pub|Reload crio.service",
        "/etc/containers/policy.json|Reload crio.service",
        "/etc/containers/registries.conf|Special",
        "/etc/containers/registries.d/quay.yaml|Reload crio.service",
        "/etc/crio/policies/openshift-config.json|Reload crio.service",
        "/etc/nmstate/openshift/applied|None",
        "/etc/pki/ca-trust/source/anchors/openshift-config-user-ca-bundle.crt|Restart"
            + " coreos-update-ca-trust.service, Restart crio.service",
        "/etc/kubernetes/credential-providers/ecr-credential-provider.yaml|Restart"
            + " kubelet.service",
        "/etc/systemd/system/kubelet.service.d/40-kubelet-crio-image-credential-provider.conf|"
            + "DaemonReload, Restart kubelet.service",
        "/etc/iri-registry/config.yml|Restart iri-registry.service",
        "/usr/local/bin/load-registry-image.sh|Restart iri-registry.service",
        "/etc/pki/ca-trust/source/anchors/iri-root-ca.crt|Restart coreos-update-ca-trust.service",
        "/etc/chrony.conf|''",
      })
  void theDefaultsAreUpstreams(String path, String actions) {
    assertThat(
            NodeDisruptionPolicies.forFile(path, NodeDisruptionPolicies.DEFAULTS)
                .map(m -> m.actions().stream().map(Action::describe).toList())
                .map(l -> String.join(", ", l))
                .orElse(""))
        .isEqualTo(actions);
    assertThat(
            NodeDisruptionPolicies.forUnit("iri-registry.service", NodeDisruptionPolicies.DEFAULTS))
        .contains(
            List.of(Action.of(ActionType.DaemonReload), Action.restart("iri-registry.service")));
  }

  @Test
  void actionsDescribeThemselvesAsUpstreamWritesThem() {
    assertThat(Action.restart("chronyd.service").describe()).isEqualTo("Restart chronyd.service");
    assertThat(Action.of(ActionType.DaemonReload).describe()).isEqualTo("DaemonReload");
    assertThat(Action.reload("crio.service").reload().serviceName()).isEqualTo("crio.service");
    assertThat(Action.reload("crio.service").restart()).isNull();
  }
}

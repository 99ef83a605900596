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
    assertThat(merged.files()).hasSize(8);
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
    assertThat(merged.files()).hasSize(9);
    assertThat(merged.files().get(3).path()).isEqualTo("/etc/containers/policy.json/");
    assertThat(merged.files().get(3).actions()).containsExactly(Action.of(ActionType.Reboot));
    assertThat(merged.files().get(8).path()).isEqualTo("/etc/chrony.conf");
    assertThat(NodeDisruptionPolicies.forUnit("chronyd.service", merged))
        .contains(List.of(Action.of(ActionType.DaemonReload)));
    assertThat(NodeDisruptionPolicies.forSshKeys(merged))
        .containsExactly(Action.of(ActionType.Drain));
  }

  @Test
  void actionsDescribeThemselvesAsUpstreamWritesThem() {
    assertThat(Action.restart("chronyd.service").describe()).isEqualTo("Restart chronyd.service");
    assertThat(Action.of(ActionType.DaemonReload).describe()).isEqualTo("DaemonReload");
    assertThat(Action.reload("crio.service").reload().serviceName()).isEqualTo("crio.service");
    assertThat(Action.reload("crio.service").restart()).isNull();
  }
}

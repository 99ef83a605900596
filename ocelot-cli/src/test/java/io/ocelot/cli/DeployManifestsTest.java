package io.ocelot.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.ocelot.api.manifest.Manifests;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The daemon's deployment: privileged with the host at /rootfs, least-privilege RBAC, own-node
 * policy.
 */
class DeployManifestsTest {
  static List<JsonNode> objects() throws Exception {
    return objects("daemon");
  }

  static List<JsonNode> objects(String component) throws Exception {
    List<JsonNode> out = new ArrayList<>();
    try (Stream<Path> files = Files.list(Path.of("..", "deploy", component))) {
      for (Path f : files.sorted().toList()) {
        Manifests.ReadResult r = Manifests.read(Files.readString(f));
        assertThat(r).as(f.toString()).isInstanceOf(Manifests.Read.class);
        ((Manifests.Read) r).manifests().forEach(m -> out.add(m.object()));
      }
    }
    return out;
  }

  static JsonNode kind(List<JsonNode> objects, String kind, String name) {
    return objects.stream()
        .filter(
            o ->
                o.path("kind").asText().equals(kind)
                    && o.path("metadata").path("name").asText().equals(name))
        .findFirst()
        .orElseThrow(() -> new AssertionError("no " + kind + " " + name));
  }

  @Test
  void daemonSetRunsPrivilegedWithTheHostAtRootfs() throws Exception {
    JsonNode pod =
        kind(objects(), "DaemonSet", "ocelot-daemon").path("spec").path("template").path("spec");
    JsonNode c = pod.path("containers").get(0);
    assertThat(c.path("securityContext").path("privileged").asBoolean()).isTrue();
    assertThat(c.path("volumeMounts").get(0).path("mountPath").asText()).isEqualTo("/rootfs");
    assertThat(pod.path("volumes").get(0).path("hostPath").path("path").asText()).isEqualTo("/");
    assertThat(c.path("args").toString()).contains("--host-root=/rootfs", "--node=$(NODE_NAME)");
    assertThat(pod.path("serviceAccountName").asText()).isEqualTo("ocelot-daemon");
    // No liveness probe: MCO's killed daemons mid-rebase (OCPBUGS-63699).
    assertThat(c.has("livenessProbe")).isFalse();
  }

  /** Every {@code resource:verb} the roles among {@code objects} grant. */
  static Set<String> grants(List<JsonNode> objects) {
    Set<String> grants = new HashSet<>();
    for (JsonNode o : objects) {
      if (o.path("kind").asText().endsWith("Role")) {
        for (JsonNode rule : o.path("rules")) {
          for (JsonNode res : rule.path("resources")) {
            for (JsonNode verb : rule.path("verbs")) {
              grants.add(res.asText() + ":" + verb.asText());
            }
          }
        }
      }
    }
    return grants;
  }

  @Test
  void rbacIsLeastPrivilege() throws Exception {
    assertThat(grants(objects()))
        .containsExactlyInAnyOrder(
            "nodes:get",
            "nodes:list",
            "nodes:watch",
            "nodes:patch",
            "machineconfigs:get",
            "machineconfigs:list",
            "machineconfigs:watch",
            "pinnedimagesets:get",
            "machineconfigurations:get",
            "machineconfignodes:get",
            "machineconfignodes:list",
            "machineconfignodes:watch",
            "machineconfignodes:patch",
            "machineconfignodes/status:update",
            "machineconfignodes/status:patch",
            "events:create",
            "events:patch");
  }

  @Test
  void theAdmissionPolicyBindsTheDaemonsServiceAccountToItsOwnNode() throws Exception {
    List<JsonNode> objects = objects();
    JsonNode sa = kind(objects, "ServiceAccount", "ocelot-daemon");
    String user =
        "system:serviceaccount:"
            + sa.path("metadata").path("namespace").asText()
            + ":ocelot-daemon";
    JsonNode policy =
        kind(objects, "ValidatingAdmissionPolicy", "ocelot-daemon-own-node-annotations");
    assertThat(policy.path("spec").path("matchConditions").get(0).path("expression").asText())
        .contains(user);
    assertThat(policy.path("spec").path("validations").toString())
        .contains("variables.ownNode")
        .contains("object.spec == oldObject.spec")
        .contains("machineconfiguration.openshift.io/");
    assertThat(policy.path("spec").path("variables").toString())
        .contains("authentication.kubernetes.io/node-name");
    JsonNode binding =
        kind(objects, "ValidatingAdmissionPolicyBinding", "ocelot-daemon-own-node-annotations");
    assertThat(binding.path("spec").path("policyName").asText())
        .isEqualTo("ocelot-daemon-own-node-annotations");
    assertThat(binding.path("spec").path("validationActions").toString()).contains("Deny");
  }

  @Test
  void theAdmissionPolicyBindsTheDaemonToItsOwnMachineConfigNode() throws Exception {
    List<JsonNode> objects = objects();
    JsonNode policy =
        kind(objects, "ValidatingAdmissionPolicy", "ocelot-daemon-own-machineconfignode");
    assertThat(policy.path("spec").path("matchConstraints").toString())
        .contains("machineconfignodes/status");
    assertThat(policy.path("spec").path("validations").toString())
        .contains("authentication.kubernetes.io/node-name")
        .contains("request.name");
    JsonNode binding =
        kind(objects, "ValidatingAdmissionPolicyBinding", "ocelot-daemon-own-machineconfignode");
    assertThat(binding.path("spec").path("validationActions").toString()).contains("Deny");
  }

  /** Issue 41 item 7: what an admin's install was missing. */
  @Test
  void theInstallAdmitsThePrivilegedDaemonAndRefusesWith403() throws Exception {
    JsonNode ns =
        Manifests.read(Files.readString(Path.of("..", "deploy", "00-namespace.yaml")))
                instanceof Manifests.Read r
            ? r.manifests().get(0).object()
            : null;
    assertThat(ns).isNotNull();
    assertThat(
            ns.path("metadata").path("labels").path("pod-security.kubernetes.io/enforce").asText())
        .isEqualTo("privileged");
    List<JsonNode> objects = objects();
    JsonNode scc = kind(objects, "ClusterRoleBinding", "ocelot-daemon-privileged-scc");
    assertThat(scc.path("roleRef").path("name").asText())
        .isEqualTo("system:openshift:scc:privileged");
    assertThat(scc.path("subjects").get(0).path("name").asText()).isEqualTo("ocelot-daemon");
    int validations = 0;
    for (JsonNode o : objects) {
      if (o.path("kind").asText().equals("ValidatingAdmissionPolicy")) {
        for (JsonNode v : o.path("spec").path("validations")) {
          assertThat(v.path("reason").asText()).as(v.toString()).isEqualTo("Forbidden");
          validations++;
        }
      }
    }
    assertThat(validations).isEqualTo(6);
  }
}

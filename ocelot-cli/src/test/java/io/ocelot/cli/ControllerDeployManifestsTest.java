package io.ocelot.cli;

import static io.ocelot.cli.DeployManifestsTest.grants;
import static io.ocelot.cli.DeployManifestsTest.kind;
import static io.ocelot.cli.DeployManifestsTest.objects;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The controller's deployment: two unprivileged replicas, one leader, least-privilege RBAC. */
class ControllerDeployManifestsTest {

  @Test
  void twoUnprivilegedReplicasNamedForTheLease() throws Exception {
    JsonNode d = kind(objects("controller"), "Deployment", "ocelot-controller");
    assertThat(d.path("spec").path("replicas").asInt()).isEqualTo(2);
    JsonNode pod = d.path("spec").path("template").path("spec");
    JsonNode c = pod.path("containers").get(0);
    assertThat(c.path("args").get(0).asText()).isEqualTo("controller");
    assertThat(c.path("args").toString())
        .contains("--namespace=openshift-machine-config-operator", "--builder=job");
    assertThat(c.path("env").toString()).contains("POD_NAME").contains("metadata.name");
    assertThat(c.path("securityContext").path("privileged").asBoolean()).isFalse();
    assertThat(c.path("securityContext").path("runAsNonRoot").asBoolean()).isTrue();
    assertThat(c.path("readinessProbe").path("httpGet").path("path").asText())
        .isEqualTo("/healthz");
    assertThat(pod.path("serviceAccountName").asText()).isEqualTo("ocelot-controller");
  }

  private static List<String> secretVerbs(JsonNode role) {
    List<String> verbs = new java.util.ArrayList<>();
    for (JsonNode rule : role.path("rules")) {
      if (rule.path("resources").toString().contains("\"secrets\"")) {
        rule.path("verbs").forEach(v -> verbs.add(v.asText()));
      }
    }
    return verbs;
  }

  @Test
  void rbacGrantsWhatTheReconcilersDoAndNothingMore() throws Exception {
    List<JsonNode> objects = objects("controller");
    assertThat(grants(objects))
        .containsExactlyInAnyOrder(
            "nodes:get",
            "nodes:list",
            "nodes:watch",
            "nodes:update",
            "pods:get",
            "pods:list",
            "pods/eviction:create",
            "poddisruptionbudgets:list",
            "poddisruptionbudgets:watch",
            "machineconfigs:get",
            "machineconfigs:list",
            "machineconfigs:watch",
            "machineconfigs:create",
            "machineconfigpools:get",
            "machineconfigpools:list",
            "machineconfigpools:watch",
            "machineconfigpools:patch",
            "machineconfigpools:create",
            "machineosconfigs:get",
            "machineosconfigs:list",
            "machineosconfigs:watch",
            "machineosconfigs:patch",
            "machineosbuilds:get",
            "machineosbuilds:list",
            "machineosbuilds:watch",
            "machineosbuilds:create",
            "machineosbuilds:delete",
            "machineosbuilds:update",
            "machineosbuilds:patch",
            "machineconfignodes:get",
            "machineconfignodes:list",
            "machineconfignodes:watch",
            "machineconfignodes:create",
            "machineconfignodes:update",
            "machineconfignodes:delete",
            "machineconfigurations:get",
            "machineconfigurations:list",
            "machineconfigurations:watch",
            "machineconfigurations/status:update",
            "machineconfigurations/status:patch",
            "machineconfigs:update",
            "machineconfigs:delete",
            "kubeletconfigs:get",
            "kubeletconfigs:list",
            "kubeletconfigs:watch",
            "kubeletconfigs:patch",
            "containerruntimeconfigs:get",
            "containerruntimeconfigs:list",
            "containerruntimeconfigs:watch",
            "containerruntimeconfigs:patch",
            "kubeletconfigs/status:update",
            "kubeletconfigs/status:patch",
            "containerruntimeconfigs/status:update",
            "containerruntimeconfigs/status:patch",
            "kubeletconfigs/finalizers:update",
            "kubeletconfigs/finalizers:patch",
            "containerruntimeconfigs/finalizers:update",
            "containerruntimeconfigs/finalizers:patch",
            "pinnedimagesets:get",
            "pinnedimagesets:list",
            "pinnedimagesets:watch",
            "osimagestreams:get",
            "osimagestreams:list",
            "osimagestreams:watch",
            "osimagestreams:create",
            "osimagestreams/status:update",
            "osimagestreams/status:patch",
            "rolloutpolicies:get",
            "rolloutpolicies:list",
            "rolloutpolicies:watch",
            "rolloutpolicies/status:update",
            "rolloutpolicies/status:patch",
            "machineconfigpools/status:update",
            "machineconfigpools/status:patch",
            "machineosconfigs/status:update",
            "machineosconfigs/status:patch",
            "machineosbuilds/status:update",
            "machineosbuilds/status:patch",
            "events:create",
            "events:patch",
            "leases:get",
            "leases:list",
            "leases:watch",
            "leases:create",
            "leases:update",
            "leases:patch",
            "leases:delete",
            "jobs:get",
            "jobs:list",
            "jobs:watch",
            "jobs:create",
            "configmaps:get",
            "configmaps:create",
            "configmaps:update",
            "secrets:get",
            "secrets:create",
            "secrets:update",
            "secrets:patch");
    assertThat(grants(objects)).noneMatch(g -> g.contains("*"));
    // Secrets: never cluster-wide, never listed; read by name where MCO keeps the MachineOSConfigs'
    // secrets, written only beside the build Jobs (their copies).
    assertThat(kind(objects, "ClusterRole", "ocelot-controller").toString())
        .doesNotContain("secrets");
    assertThat(secretVerbs(kind(objects, "Role", "ocelot-controller"))).containsExactly("get");
    assertThat(
            kind(objects, "Role", "ocelot-controller").path("metadata").path("namespace").asText())
        .isEqualTo("openshift-machine-config-operator");
    JsonNode builds = kind(objects, "Role", "ocelot-controller-builds");
    assertThat(builds.path("metadata").path("namespace").asText()).isEqualTo("ocelot-builds");
    assertThat(secretVerbs(builds)).containsExactly("get", "create", "update", "patch");
    assertThat(builds.toString()).contains("\"jobs\"");
    JsonNode binding = kind(objects, "ClusterRoleBinding", "ocelot-controller");
    assertThat(binding.path("subjects").get(0).path("name").asText())
        .isEqualTo("ocelot-controller");
  }

  /** Issue 41 item 6: the operator best practices' hardening, and a default-deny network. */
  @Test
  void thePodIsHardenedAndItsNetworkDeniedButForTheApiAndMetrics() throws Exception {
    List<JsonNode> objects = objects("controller");
    JsonNode pod =
        kind(objects, "Deployment", "ocelot-controller").path("spec").path("template").path("spec");
    JsonNode sc = pod.path("containers").get(0).path("securityContext");
    assertThat(sc.path("readOnlyRootFilesystem").asBoolean()).isTrue();
    assertThat(sc.path("allowPrivilegeEscalation").asBoolean(true)).isFalse();
    assertThat(sc.path("capabilities").path("drop").toString()).contains("ALL");
    assertThat(pod.path("securityContext").path("seccompProfile").path("type").asText())
        .isEqualTo("RuntimeDefault");
    // The JVM and Vert.x write temporary files: /tmp is an emptyDir.
    assertThat(pod.path("containers").get(0).path("volumeMounts").toString()).contains("/tmp");
    assertThat(pod.path("volumes").get(0).has("emptyDir")).isTrue();

    JsonNode np = kind(objects, "NetworkPolicy", "ocelot-controller").path("spec");
    assertThat(np.path("podSelector").path("matchLabels").path("app.kubernetes.io/name").asText())
        .isEqualTo("ocelot-controller");
    assertThat(np.path("policyTypes").toString()).contains("Ingress", "Egress");
    assertThat(np.path("ingress").toString()).contains("8798").doesNotContain("from");
    assertThat(np.path("egress").toString()).contains("443", "6443", "53");
  }
}

package io.ocelot.sim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.fabric8.kubernetes.api.model.Event;
import io.ocelot.api.node.NodeAnnotations;
import io.ocelot.api.operator.MachineConfiguration;
import io.ocelot.api.operator.NodeDisruptionPolicy;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;

/**
 * The node disruption policy end to end on the real control plane: the server validates the admin's
 * policy with the CRD's rules, the controller merges it into the status, and the daemons apply a
 * covered change without a reboot (the service restarted instead) while an uncovered change, or a
 * covered one beside a Reboot, still reboots.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class DisruptionPolicyIT {
  static final List<String> WORKERS = List.of("worker-0", "worker-1");
  @TempDir static Path dir;
  static SimCluster sim;
  static Kubectl kubectl;

  @BeforeAll
  static void start() throws Exception {
    sim = SmallSims.twoWorkers(dir);
    kubectl = new Kubectl(sim.state().kubeconfig());
  }

  @AfterAll
  static void stop() {
    sim.close();
  }

  static Map<String, String> annotations(String node) {
    return SmallSims.annotations(sim, node);
  }

  static boolean done(String node, String notConfig) {
    return SmallSims.settledOffConfig(sim, node, notConfig);
  }

  /** Applies {@code yaml} with kubectl and waits for every worker to finish the new config. */
  static void rollOut(String yaml) throws Exception {
    String before = annotations("worker-0").get(NodeAnnotations.CURRENT_CONFIG);
    Path file = Files.createTempFile(dir, "mc", ".yaml");
    Files.writeString(file, yaml);
    kubectl.ok("apply", "-f", file.toString());
    await()
        .atMost(Duration.ofSeconds(120))
        .until(() -> WORKERS.stream().allMatch(n -> done(n, before)));
  }

  static List<String> serviceActions(String node) throws Exception {
    Path log = sim.node(node).host().root().resolve("var/lib/fakehost/service-actions");
    return Files.exists(log) ? Files.readAllLines(log) : List.of();
  }

  static List<Event> events(String node, String reason) {
    return sim.client().v1().events().inNamespace("default").list().getItems().stream()
        .filter(e -> node.equals(e.getInvolvedObject().getName()))
        .filter(e -> reason.equals(e.getReason()))
        .toList();
  }

  @Test
  @Order(1)
  void theServerRefusesABadPolicyNamingTheField() throws Exception {
    String bad =
        """
        apiVersion: operator.openshift.io/v1
        kind: MachineConfiguration
        metadata: {name: cluster}
        spec:
          nodeDisruptionPolicy:
            files:
            - path: etc/chrony.conf
              actions: [{type: Reload}]
            sshkey:
              actions: [{type: Special}]
        """;
    Path file = Files.createTempFile(dir, "bad", ".yaml");
    Files.writeString(file, bad);
    String out = kubectl.fails("apply", "-f", file.toString());
    assertThat(out)
        .contains("spec.nodeDisruptionPolicy.files[0].path: Invalid value")
        .contains("path must be an absolute path")
        .contains("reload is required when type is Reload, and forbidden otherwise")
        .contains("Special is an action only the cluster's default policies use");
    Files.writeString(
        file,
        "apiVersion: operator.openshift.io/v1\nkind: MachineConfiguration\n"
            + "metadata: {name: mine}\nspec: {}\n");
    assertThat(kubectl.fails("apply", "-f", file.toString()))
        .contains("MachineConfiguration is a singleton: its name must be cluster");
  }

  @Test
  @Order(2)
  void theControllerMergesThePolicyOverTheDefaults() throws Exception {
    kubectl.ok("apply", "-f", Path.of("../examples/policy/cluster.yaml").toString());
    await()
        .atMost(Duration.ofSeconds(30))
        .until(
            () -> {
              MachineConfiguration mc =
                  sim.client().resources(MachineConfiguration.class).withName("cluster").get();
              return mc.getStatus() != null
                  && mc.getMetadata().getGeneration().equals(mc.getStatus().observedGeneration());
            });
    NodeDisruptionPolicy merged =
        sim.client()
            .resources(MachineConfiguration.class)
            .withName("cluster")
            .get()
            .getStatus()
            .nodeDisruptionPolicyStatus()
            .clusterPolicies();
    assertThat(merged.files())
        .extracting(NodeDisruptionPolicy.File::path)
        .contains("/etc/containers/registries.conf", "/etc/chrony.conf", "/etc/myapp");
    assertThat(merged.sshkey().actions()).hasSize(1);
    assertThat(kubectl.ok("get", "machineconfiguration", "cluster", "-o", "yaml"))
        .contains("clusterPolicies:")
        .contains("serviceName: chronyd.service");
  }

  @Test
  @Order(3)
  void aCoveredChangeRestartsTheServiceInsteadOfRebooting() throws Exception {
    rollOut(SmallSims.workerFileYaml("50-chrony", "/etc/chrony.conf", "server%20ntp.example.com"));
    for (String node : WORKERS) {
      assertThat(sim.node(node).reboots()).as(node).isEmpty();
      assertThat(serviceActions(node)).as(node).containsExactly("restart chronyd.service");
      assertThat(Files.readString(sim.node(node).host().root().resolve("etc/chrony.conf")))
          .isEqualTo("server ntp.example.com");
      assertThat(events(node, "ServiceRestart"))
          .extracting(Event::getMessage)
          .containsExactly(
              "Config changes do not require reboot. Service chronyd.service was restarted.");
      assertThat(events(node, "Reboot")).isEmpty();
      assertThat(sim.client().nodes().withName(node).get().getSpec().getUnschedulable())
          .as("no drain for a restart")
          .isNotEqualTo(Boolean.TRUE);
    }
  }

  @Test
  @Order(4)
  void aChangeNoPolicyCoversStillReboots() throws Exception {
    rollOut(SmallSims.workerFileYaml("60-motd", "/etc/motd", "hello"));
    for (String node : WORKERS) {
      assertThat(sim.node(node).reboots()).as(node).hasSize(1);
      assertThat(events(node, "Reboot")).hasSize(1);
    }
  }

  @Test
  @Order(5)
  void noneAndReloadBesideAnUncoveredChangeReboot() throws Exception {
    // kubelet's config.json is None by default, /etc/myapp Reload by the admin, /etc/issue.d no
    // one's.
    rollOut(
        """
        apiVersion: machineconfiguration.openshift.io/v1
        kind: MachineConfig
        metadata:
          name: 70-mixed
          labels: {machineconfiguration.openshift.io/role: worker}
        spec:
          config:
            ignition: {version: 3.4.0}
            storage:
              files:
              - {path: /var/lib/kubelet/config.json, mode: 420, contents: {source: "data:,{}"}}
              - {path: /etc/myapp/app.conf, mode: 420, contents: {source: "data:,a"}}
              - {path: /etc/issue.d/70.issue, mode: 420, contents: {source: "data:,b"}}
        """);
    for (String node : WORKERS) {
      assertThat(sim.node(node).reboots()).as(node).hasSize(2);
      // The reboot supersedes the reload: myapp is never reloaded.
      assertThat(serviceActions(node)).as(node).doesNotContain("reload myapp.service");
    }
  }
}

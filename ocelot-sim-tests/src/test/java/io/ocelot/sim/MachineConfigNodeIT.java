package io.ocelot.sim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.fabric8.kubernetes.api.model.Condition;
import io.fabric8.kubernetes.api.model.NodeBuilder;
import io.ocelot.api.kube.ObjectMaps;
import io.ocelot.api.model.MachineConfigNode;
import io.ocelot.api.node.NodeAnnotations;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.function.Function;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The MachineConfigNodes as an admin sees them with kubectl on the sim's real control plane: one
 * per node with upstream's columns, waitable, validated by the server, and the seed scenario (a
 * failed reboot, then its fix) told by the conditions.
 */
class MachineConfigNodeIT {
  @TempDir static Path dir;
  static SimCluster sim;
  static Kubectl kubectl;

  @BeforeAll
  static void start() throws Exception {
    sim = SmallSims.startKube(dir);
    kubectl = new Kubectl(sim.state().kubeconfig());
    await()
        .atMost(Duration.ofSeconds(60))
        .until(() -> sim.client().resources(MachineConfigNode.class).list().getItems().size() == 4);
  }

  @AfterAll
  static void stop() {
    sim.close();
  }

  static String condition(String node, String type, String field) throws Exception {
    return kubectl.condition("mcn", node, type, field);
  }

  static String field(MachineConfigNode mcn, String type, Function<Condition, String> field) {
    return mcn.getStatus().getConditions().stream()
        .filter(c -> c.getType().equals(type))
        .map(field)
        .findFirst()
        .orElse(null);
  }

  static String lastFailure(String node) {
    MachineConfigNode mcn = sim.client().resources(MachineConfigNode.class).withName(node).get();
    return ObjectMaps.present(mcn.getMetadata().getAnnotations()).get("ocelot.io/last-failure");
  }

  static List<String> header(String... args) throws Exception {
    return List.of(kubectl.ok(args).lines().findFirst().orElseThrow().trim().split("\\s+"));
  }

  @Test
  void everyKindPrintsUpstreamsColumnsInUpstreamsOrder() throws Exception {
    assertThat(header("get", "mcn"))
        .containsExactly("NAME", "POOLNAME", "DESIREDCONFIG", "CURRENTCONFIG", "UPDATED", "AGE");
    assertThat(header("get", "mcn", "-o", "wide"))
        .containsExactly(
            "NAME",
            "POOLNAME",
            "DESIREDCONFIG",
            "CURRENTCONFIG",
            "UPDATED",
            "AGE",
            "UPDATEPREPARED",
            "UPDATEEXECUTED",
            "UPDATEPOSTACTIONCOMPLETE",
            "UPDATECOMPLETE",
            "RESUMED",
            "UPDATEDFILESANDOS",
            "CORDONEDNODE",
            "DRAINEDNODE",
            "REBOOTEDNODE",
            "UNCORDONEDNODE");
    assertThat(header("get", "mcp"))
        .containsExactly(
            "NAME",
            "CONFIG",
            "UPDATED",
            "UPDATING",
            "DEGRADED",
            "MACHINECOUNT",
            "READYMACHINECOUNT",
            "UPDATEDMACHINECOUNT",
            "DEGRADEDMACHINECOUNT",
            "AGE");
    assertThat(header("get", "mc"))
        .containsExactly("NAME", "GENERATEDBYCONTROLLER", "IGNITIONVERSION", "AGE");
    String rows = kubectl.ok("get", "mcn", "--no-headers");
    assertThat(rows.lines().filter(l -> l.startsWith("worker-")).toList())
        .hasSize(3)
        .allSatisfy(l -> assertThat(l).contains(" worker ").contains("rendered-worker-"));
    assertThat(rows).contains("master-0");
  }

  @Test
  void theServerRefusesAMachineConfigNodeNotNamedAfterItsNode() throws Exception {
    Path bad = dir.resolve("bad-mcn.yaml");
    Files.writeString(
        bad,
        """
        apiVersion: machineconfiguration.openshift.io/v1
        kind: MachineConfigNode
        metadata: {name: worker-9}
        spec:
          node: {name: worker-8}
          pool: {name: worker}
          configVersion: {desired: rendered-worker-1}
        """);
    assertThat(kubectl.fails("apply", "-f", bad.toString()))
        .contains("spec.node.name should match metadata.name");
    Files.writeString(bad, mcn("worker-9", "Worker_Pool", "desired: rendered-worker-1"));
    assertThat(kubectl.fails("apply", "-f", bad.toString()))
        .contains("spec.pool.name: Invalid value")
        .contains("a lowercase RFC 1123 subdomain");
    Files.writeString(bad, mcn("worker-9", "worker", ""));
    assertThat(kubectl.fails("apply", "-f", bad.toString()))
        .contains("spec.configVersion.desired: Required value");
  }

  static String mcn(String name, String pool, String version) {
    return """
        apiVersion: machineconfiguration.openshift.io/v1
        kind: MachineConfigNode
        metadata: {name: %s}
        spec:
          node: {name: %s}
          pool: {name: %s}
          configVersion: {%s}
        """
        .formatted(name, name, pool, version);
  }

  @Test
  void aNodeGetsOneWhenItJoinsAPoolAndLosesItWhenItLeavesOrGoes() throws Exception {
    var mcns = sim.client().resources(MachineConfigNode.class);
    sim.client()
        .nodes()
        .resource(new NodeBuilder().withNewMetadata().withName("extra-0").endMetadata().build())
        .create();
    kubectl.ok("label", "node", "extra-0", "node-role.kubernetes.io/worker=");
    await().atMost(Duration.ofSeconds(30)).until(() -> mcns.withName("extra-0").get() != null);
    MachineConfigNode mcn = mcns.withName("extra-0").get();
    assertThat(mcn.getSpec().getPool().getName()).isEqualTo("worker");
    assertThat(mcn.getMetadata().getOwnerReferences().get(0).getKind()).isEqualTo("Node");

    kubectl.ok("label", "node", "extra-0", "node-role.kubernetes.io/worker-");
    await().atMost(Duration.ofSeconds(30)).until(() -> mcns.withName("extra-0").get() == null);

    kubectl.ok("label", "node", "extra-0", "node-role.kubernetes.io/worker=");
    await().atMost(Duration.ofSeconds(30)).until(() -> mcns.withName("extra-0").get() != null);
    // The garbage collector follows the owner reference when the node goes.
    kubectl.ok("delete", "node", "extra-0");
    await().atMost(Duration.ofSeconds(60)).until(() -> mcns.withName("extra-0").get() == null);
  }

  @Test
  void aFailedRebootIsNodeDegradedWithItsCauseThenUpdatedOnceFixed() throws Exception {
    kubectl.ok("wait", "--for=condition=Updated", "mcn/worker-1", "--timeout=60s");
    sim.apply(new Fault.BreakReboot("worker-1"));
    Path mc = dir.resolve("karg.yaml");
    Files.writeString(mc, SmallSims.workerFileYaml("99-mcn-motd", "/etc/motd", "mcn"));
    Files.writeString(
        mc, Files.readString(mc).replace("spec:\n", "spec:\n  kernelArguments: [quiet]\n"));
    kubectl.ok("apply", "-f", mc.toString());

    // One read of the MCN at a time: the daemon retries the broken reboot, and a retry's Rebooting
    // phase (NodeDegraded still True) may come between two reads.
    MachineConfigNode failed =
        await()
            .atMost(Duration.ofSeconds(90))
            .until(
                () -> sim.client().resources(MachineConfigNode.class).withName("worker-1").get(),
                m ->
                    "True".equals(field(m, "NodeDegraded", Condition::getStatus))
                        && "False"
                            .equals(field(m, "UpdatePostActionComplete", Condition::getStatus)));
    String reason =
        sim.client()
            .nodes()
            .withName("worker-1")
            .get()
            .getMetadata()
            .getAnnotations()
            .get(NodeAnnotations.REASON);
    assertThat(reason).contains("reboot");
    assertThat(field(failed, "NodeDegraded", Condition::getMessage))
        .isEqualTo("Node worker-1 upgrade failure. " + reason);
    assertThat(field(failed, "UpdatePostActionComplete", Condition::getReason))
        .isEqualTo("RebootCommandFailed");
    assertThat(field(failed, "Updated", Condition::getStatus)).isEqualTo("False");
    // The pool counts it from its MachineConfigNode and says what it said before MCNs existed.
    await()
        .atMost(Duration.ofSeconds(30))
        .until(
            () ->
                kubectl
                    .ok("get", "mcp", "worker", "-o", "jsonpath={.status.degradedMachineCount}")
                    .equals("1"));
    assertThat(kubectl.condition("mcp", "worker", "NodeDegraded", "message"))
        .startsWith("Node worker-1 is reporting: \"reboot command failed: ");
    // The failure record, readable without the node: steps, their undo, the command's output.
    await().atMost(Duration.ofSeconds(10)).until(() -> lastFailure("worker-1") != null);
    assertThat(lastFailure("worker-1")).contains("\"phase\":\"reboot\"").contains("systemd-run");

    sim.apply(new Fault.FixReboot("worker-1"));
    kubectl.ok("wait", "--for=condition=Updated", "mcn/worker-1", "--timeout=120s");
    assertThat(condition("worker-1", "NodeDegraded", "status")).isEqualTo("False");
    assertThat(condition("worker-1", "RebootedNode", "status")).isEqualTo("True");
    await().atMost(Duration.ofSeconds(10)).until(() -> lastFailure("worker-1") == null);
    String desired =
        kubectl.ok("get", "mcn", "worker-1", "-o", "jsonpath={.spec.configVersion.desired}");
    assertThat(
            kubectl.ok("get", "mcn", "worker-1", "-o", "jsonpath={.status.configVersion.current}"))
        .isEqualTo(desired)
        .startsWith("rendered-worker-");
  }
}

package io.ocelot.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.NodeBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.ocelot.api.model.MachineConfigPool;
import io.ocelot.api.model.MachineConfigPoolCondition;
import io.ocelot.api.model.MachineConfigPoolStatus;
import io.ocelot.api.model.PoolConditionType;
import io.ocelot.api.node.NodeAnnotations;
import io.ocelot.apiserver.ControlPlaneBinary;
import io.ocelot.apiserver.KubeControlPlane;
import io.ocelot.controller.members.PoolTarget;
import io.ocelot.controller.policy.StopTheLine;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code ocelot rollout resume} and {@code retry} against the real control plane: resume writes the
 * resume the halted pool's condition names, says there is nothing to do on a pool that is not
 * halted, and fails clearly on a pool that does not exist; retry sets the node's request and says
 * what the node held.
 */
class RolloutCommandIT {
  @TempDir static Path dir;
  static KubeControlPlane plane;
  static KubernetesClient client;
  static Path kubeconfig;

  @BeforeAll
  static void start() throws Exception {
    plane =
        KubeControlPlane.start(ControlPlaneBinary.locate(System.getenv()).binary(), dir, 0)
            .installCrds();
    client = plane.newAdminClient();
    kubeconfig = dir.resolve("kubeconfig");
    Files.writeString(kubeconfig, plane.kubeconfig());
  }

  @AfterAll
  static void stop() {
    client.close();
    plane.close();
  }

  static void pool(String name, Optional<String> haltMessage) {
    MachineConfigPool p = new MachineConfigPool();
    p.getMetadata().setName(name);
    MachineConfigPool created = client.resource(p).create();
    MachineConfigPoolStatus s = new MachineConfigPoolStatus();
    haltMessage.ifPresent(
        m ->
            s.setConditions(
                List.of(
                    new MachineConfigPoolCondition(
                        PoolConditionType.ROLLOUT_HALTED,
                        "True",
                        "2026-12-05T01:00:00Z",
                        "NodesFailedTarget",
                        m))));
    created.setStatus(s);
    client.resource(created).updateStatus();
  }

  @Test
  void resumesAHaltedPoolPastItsFailedNodes() {
    StopTheLine.Halt halt =
        new StopTheLine.Halt(
            new PoolTarget("rendered-worker-2", Optional.empty()),
            List.of(
                new StopTheLine.Failed("worker-0", "health check failed"),
                new StopTheLine.Failed("worker-3", "reboot command failed")),
            1);
    pool("worker", Optional.of(halt.message("worker")));
    String[] r =
        DescribeCommandIT.run("rollout", "resume", "worker", "--kubeconfig", kubeconfig.toString());
    assertThat(r[0]).as(r[2]).isEqualTo("0");
    assertThat(r[1])
        .isEqualTo(
            "pool worker: rollout resumed past worker-0,worker-3"
                + " (ocelot.io/rollout-resumed=rendered-worker-2:worker-0,worker-3)\n");
    assertThat(
            client
                .resources(MachineConfigPool.class)
                .withName("worker")
                .get()
                .getMetadata()
                .getAnnotations())
        .containsEntry(StopTheLine.RESUMED, "rendered-worker-2:worker-0,worker-3");
  }

  /**
   * Issue 40 item 8: "resumed" while nothing could move (the failed node held the pool's only
   * maxUnavailable slot). The resume still goes through, and says what keeps the rollout still.
   */
  @Test
  void aResumeThatCannotMoveAnythingSaysWhy() {
    StopTheLine.Halt halt =
        new StopTheLine.Halt(
            new PoolTarget("rendered-infra-2", Optional.empty()),
            List.of(new StopTheLine.Failed("infra-0", "reboot command failed")),
            1);
    pool("infra-halted", Optional.of(halt.message("infra-halted")));
    MachineConfigPool p = client.resources(MachineConfigPool.class).withName("infra-halted").get();
    p.getStatus().setMachineCount(3);
    p.getStatus().setUnavailableMachineCount(1); // infra-0, Degraded; maxUnavailable: 1
    client.resource(p).updateStatus();

    String[] r =
        DescribeCommandIT.run(
            "rollout", "resume", "infra-halted", "--kubeconfig", kubeconfig.toString());
    assertThat(r[0]).as(r[2]).isEqualTo("0");
    assertThat(r[1])
        .startsWith("pool infra-halted: rollout resumed past infra-0 (")
        .endsWith(
            "but nothing can move yet: 1 node is unavailable and maxUnavailable is 1, so no"
                + " further node may start; the failed nodes (infra-0) count while they are"
                + " unavailable: fix them or 'ocelot rollout retry <node>', or raise the pool's"
                + " maxUnavailable\n");
  }

  @Test
  void aPoolThatIsNotHaltedHasNothingToResumeAndAMissingPoolIsAnError() {
    pool("infra", Optional.empty());
    String[] r =
        DescribeCommandIT.run("rollout", "resume", "infra", "--kubeconfig", kubeconfig.toString());
    assertThat(r[0]).isEqualTo("0");
    assertThat(r[1]).isEqualTo("pool infra: its rollout is not halted; nothing to resume\n");
    assertThat(
            client
                .resources(MachineConfigPool.class)
                .withName("infra")
                .get()
                .getMetadata()
                .getAnnotations())
        .doesNotContainKey(StopTheLine.RESUMED);

    String[] missing =
        DescribeCommandIT.run("rollout", "resume", "nope", "--kubeconfig", kubeconfig.toString());
    assertThat(missing[0]).isEqualTo("2");
    assertThat(missing[2]).isEqualTo("error: pool nope not found\n");
    String[] wrong =
        DescribeCommandIT.run("rollout", "pause", "infra", "--kubeconfig", kubeconfig.toString());
    assertThat(wrong[0]).isEqualTo("2");
    assertThat(wrong[2])
        .isEqualTo("error: ocelot rollout knows 'resume', 'retry' and 'undo', not pause\n");
  }

  @Test
  void retryAsksTheNodeToTryAgainAndSaysWhatItHeld() {
    String held =
        "{\"config\":\"rendered-worker-health\",\"cost\":\"proven-bad\",\"boots\":1,"
            + "\"since\":\"2026-12-06T12:00:00Z\",\"why\":\"its boot on this node failed (health"
            + " check 20-kubelet.sh)\"}";
    client
        .nodes()
        .resource(
            new NodeBuilder()
                .withNewMetadata()
                .withName("worker-7")
                .addToAnnotations(NodeAnnotations.DESIRED_CONFIG, "rendered-worker-health")
                .addToAnnotations(NodeAnnotations.FAILED_TARGET, held)
                .endMetadata()
                .build())
        .create();
    String[] r =
        DescribeCommandIT.run(
            "rollout", "retry", "worker-7", "--kubeconfig", kubeconfig.toString());
    assertThat(r[0]).as(r[2]).isEqualTo("0");
    String value =
        client
            .nodes()
            .withName("worker-7")
            .get()
            .getMetadata()
            .getAnnotations()
            .get(NodeAnnotations.RETRY_REQUESTED);
    assertThat(java.time.Instant.parse(value)).isBefore(java.time.Instant.now().plusSeconds(1));
    assertThat(r[1])
        .isEqualTo(
            "node worker-7: retry of rendered-worker-health requested (ocelot.io/retry-requested="
                + value
                + ")\n  it held rendered-worker-health because its boot on this node failed"
                + " (health check 20-kubelet.sh); it applies it once more (a boot) and holds it"
                + " again if it fails the same way\n");

    String[] missing =
        DescribeCommandIT.run("rollout", "retry", "nope", "--kubeconfig", kubeconfig.toString());
    assertThat(missing[0]).isEqualTo("2");
    assertThat(missing[2]).isEqualTo("error: node nope not found\n");
  }

  /**
   * Issue 41 item 5: {@code kubectl ocelot}, kubectl's own plugin mechanism finding {@code
   * bin/kubectl-ocelot} on the PATH, with kubectl's KUBECONFIG and no flag of ours.
   */
  @Test
  void kubectlRunsTheVerbsAsItsPlugin() throws Exception {
    client
        .nodes()
        .resource(new NodeBuilder().withNewMetadata().withName("worker-8").endMetadata().build())
        .create();
    Path bin = Path.of("..", "bin").toAbsolutePath().normalize();
    ProcessBuilder pb =
        new ProcessBuilder("kubectl", "ocelot", "rollout", "retry", "worker-8")
            .redirectErrorStream(true);
    pb.environment().put("PATH", bin + ":" + System.getenv("PATH"));
    pb.environment().put("KUBECONFIG", kubeconfig.toString());
    pb.environment().put("OCELOT_CLASSPATH", System.getProperty("java.class.path"));
    Process p = pb.start();
    String out =
        new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
    assertThat(p.waitFor()).as(out).isZero();
    assertThat(out).contains("node worker-8: retry");
    assertThat(client.nodes().withName("worker-8").get().getMetadata().getAnnotations())
        .containsKey(NodeAnnotations.RETRY_REQUESTED);

    ProcessBuilder list = new ProcessBuilder("kubectl", "plugin", "list").redirectErrorStream(true);
    list.environment().put("PATH", bin + ":" + System.getenv("PATH"));
    Process l = list.start();
    String plugins =
        new String(l.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
    l.waitFor();
    assertThat(plugins).contains(bin.resolve("kubectl-ocelot").toString());
  }
}

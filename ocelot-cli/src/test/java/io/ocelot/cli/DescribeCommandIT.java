package io.ocelot.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.Condition;
import io.fabric8.kubernetes.api.model.ConditionBuilder;
import io.fabric8.kubernetes.api.model.NodeBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.ocelot.api.model.MachineConfigNode;
import io.ocelot.api.model.MachineConfigNodeStatus;
import io.ocelot.api.node.NodeAnnotations;
import io.ocelot.apiserver.ControlPlaneBinary;
import io.ocelot.apiserver.KubeControlPlane;
import io.ocelot.controller.mcn.McnSpecs;
import io.ocelot.daemon.txn.Category;
import io.ocelot.daemon.txn.FailureJson;
import io.ocelot.daemon.txn.FailureRecord;
import io.ocelot.daemon.txn.Target;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * {@code ocelot describe node} against the real control plane: the failure record read from the
 * MachineConfigNode, the conditions as a timeline, and a clear error for what it cannot describe.
 */
class DescribeCommandIT {
  @TempDir static Path dir;
  static KubeControlPlane plane;
  static KubernetesClient client;
  static Path kubeconfig;

  static final String REASON =
      "reboot command failed: systemd-run exited 127: systemd-run: command not found";

  @BeforeAll
  static void start() throws Exception {
    plane =
        KubeControlPlane.start(ControlPlaneBinary.locate(System.getenv()).binary(), dir, 0)
            .installCrds();
    client = plane.newAdminClient();
    kubeconfig = dir.resolve("kubeconfig");
    Files.writeString(kubeconfig, plane.kubeconfig());
    client
        .nodes()
        .resource(
            new NodeBuilder()
                .withNewMetadata()
                .withName("worker-1")
                .addToAnnotations(NodeAnnotations.STATE, "Degraded")
                .addToAnnotations(NodeAnnotations.REASON, REASON)
                .addToAnnotations(NodeAnnotations.CURRENT_CONFIG, "rendered-worker-1")
                .addToAnnotations(NodeAnnotations.DESIRED_CONFIG, "rendered-worker-2")
                .addToAnnotations(
                    NodeAnnotations.FAILED_TARGET,
                    "{\"config\":\"rendered-worker-2\",\"cost\":\"proven-bad\",\"boots\":1,"
                        + "\"why\":\"its boot on this node failed (health check 50-bad.sh)\"}")
                .endMetadata()
                .withNewSpec()
                .withUnschedulable(true)
                .endSpec()
                .build())
        .create();
    MachineConfigNode mcn = new MachineConfigNode();
    mcn.getMetadata().setName("worker-1");
    mcn.getMetadata()
        .setAnnotations(
            Map.of(NodeAnnotations.LAST_FAILURE, FailureJson.write(failure()).toString()));
    mcn.setSpec(
        McnSpecs.spec("worker-1", "worker", Optional.of("rendered-worker-2"), Optional.empty()));
    MachineConfigNode created = client.resource(mcn).create();
    MachineConfigNodeStatus status = new MachineConfigNodeStatus();
    status.setConditions(
        List.of(
            condition("UpdatePrepared", "True", "UpdateCompatible", "Update is Compatible.", 10),
            condition("NodeDegraded", "True", "RebootFailed", "Node worker-1 upgrade failure.", 20),
            condition("Resumed", "False", "NotYetOccurred", "not yet", 5)));
    created.setStatus(status);
    client.resource(created).updateStatus();
  }

  @AfterAll
  static void stop() {
    client.close();
    plane.close();
  }

  static Condition condition(String type, String status, String reason, String message, int s) {
    return new ConditionBuilder()
        .withType(type)
        .withStatus(status)
        .withReason(reason)
        .withMessage(message)
        .withLastTransitionTime(Instant.parse("2026-12-04T12:00:00Z").plusSeconds(s).toString())
        .build();
  }

  static FailureRecord failure() {
    Instant t = Instant.parse("2026-12-04T12:00:20Z");
    Target from = new Target("rendered-worker-1", Optional.empty());
    return new FailureRecord(
        FailureRecord.Phase.REBOOT,
        "request reboot",
        Optional.of("systemd-run --on-active=5 systemctl reboot"),
        Optional.of(127),
        "systemd-run: command not found",
        REASON,
        List.of(
            new FailureRecord.RollbackStep(
                "write file /etc/motd",
                Category.FILE,
                FailureRecord.Outcome.REVERTED,
                Optional.empty())),
        2,
        t,
        t,
        new Target("rendered-worker-2", Optional.empty()),
        from,
        Optional.empty(),
        List.of(),
        0,
        Optional.empty());
  }

  static String[] run(String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int code =
        new CommandLine(new Main())
            .setOut(new PrintWriter(out))
            .setErr(new PrintWriter(err))
            .execute(args);
    return new String[] {Integer.toString(code), out.toString(), err.toString()};
  }

  @Test
  void describesTheUpdateAndTheFailureFromTheMachineConfigNode() {
    String[] r = run("describe", "node", "worker-1", "--kubeconfig", kubeconfig.toString());
    assertThat(r[0]).as(r[2]).isEqualTo("0");
    String text = r[1];
    assertThat(text)
        .contains("Node:            worker-1")
        .contains("Pool:            worker")
        .contains("State:           Degraded")
        .contains("Schedulable:     no (cordoned)")
        .contains("Reason:          " + REASON)
        .contains(
            "Held:            rendered-worker-2, because its boot on this node failed (health"
                + " check 50-bad.sh); 'ocelot rollout retry worker-1' sends it again")
        .contains("Last failure (attempt 2, reboot phase")
        .contains("Command:       systemd-run --on-active=5 systemctl reboot (exit 127)")
        .contains("Stderr:        systemd-run: command not found")
        .contains("reverted   write file /etc/motd")
        .contains("Remains on:    MachineConfig rendered-worker-1")
        .contains("Boots spent:   0 (a retry costs: none)");
    // The timeline: what happened, oldest first; phases not reached are left out.
    assertThat(text.indexOf("UpdatePrepared")).isLessThan(text.indexOf("NodeDegraded"));
    assertThat(text).doesNotContain("Resumed");
  }

  @Test
  void refusesWhatItCannotDescribe() {
    String[] other = run("describe", "pod", "x", "--kubeconfig", kubeconfig.toString());
    assertThat(other[0]).isEqualTo("2");
    assertThat(other[2]).contains("ocelot describe knows only 'node', not pod");
    String[] missing = run("describe", "node", "worker-9", "--kubeconfig", kubeconfig.toString());
    assertThat(missing[0]).isEqualTo("2");
    assertThat(missing[2]).contains("node worker-9 not found");
  }
}

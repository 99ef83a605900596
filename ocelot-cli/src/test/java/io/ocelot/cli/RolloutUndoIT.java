package io.ocelot.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.ocelot.api.model.MachineConfig;
import io.ocelot.api.model.MachineConfigPool;
import io.ocelot.api.node.NodeAnnotations;
import io.ocelot.sim.Fault;
import io.ocelot.sim.SimCluster;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 40 item 7 (MCO issue 1443: a node kept retrying the old target after its MachineConfig was
 * deleted): {@code ocelot rollout undo} on a sim whose rollout a broken reboot command holds says
 * what each node would do, and with {@code --confirm} sends every node back to the config they all
 * had — the failing one included, with its reboot command still broken — without a stuck node.
 */
class RolloutUndoIT {
  @TempDir Path dir;

  @Test
  void undoDeletesWhatTheRolloutAddedAndEveryNodeIsBackWithoutAStuckOne() throws Exception {
    try (SimCluster sim = CliSims.start(dir, 3)) {
      KubernetesClient client = sim.client();
      Path kubeconfig = Files.writeString(dir.resolve("kubeconfig"), sim.api().kubeconfig());
      String before = pool(client).getStatus().getConfiguration().getName();
      String[] r = undo(kubeconfig);
      assertThat(r[0]).as(r[2]).isEqualTo("0");
      assertThat(r[1])
          .isEqualTo(
              "pool worker: every node runs its target "
                  + before
                  + "; no rollout: nothing to undo\n");

      for (int i = 0; i < 3; i++) {
        sim.apply(new Fault.BreakReboot("worker-" + i));
      }
      client
          .resources(MachineConfig.class)
          .resource(CliSims.workerFile("50-undo", "/etc/ocelot-undo", "bad"))
          .create();
      // The first node targeted fails its reboot, rolls back and retries; the rest wait for it.
      Node failing =
          await().atMost(Duration.ofSeconds(60)).until(() -> degraded(client), n -> n != null);
      String target = pool(client).getSpec().getConfiguration().getName();
      assertThat(target).isNotEqualTo(before);
      String name = failing.getMetadata().getName();

      r = undo(kubeconfig);
      assertThat(r[0]).as(r[2]).isEqualTo("0");
      assertThat(r[1])
          .startsWith(
              "pool worker: undo the rollout to "
                  + target
                  + ", back to "
                  + before
                  + "\n"
                  + "would delete machineconfig 50-undo\n")
          .contains(
              name + ": on its way to " + target + " (Degraded); its target goes back to " + before)
          .contains(": not targeted yet; stays on " + before)
          .endsWith(
              "a dry run: --confirm deletes them; the controller then renders "
                  + before
                  + " again and sends the nodes back within maxUnavailable\n");
      assertThat(client.resources(MachineConfig.class).withName("50-undo").get()).isNotNull();

      r = undo(kubeconfig, "--confirm");
      assertThat(r[0]).as(r[2]).isEqualTo("0");
      assertThat(r[1]).contains("deleted machineconfig 50-undo\n");
      assertThat(client.resources(MachineConfig.class).withName("50-undo").get()).isNull();
      // Back where they were: every node Done on the old config, its file never written.
      await().atMost(Duration.ofSeconds(60)).until(() -> allDoneOn(client, before));
      assertThat(pool(client).getSpec().getConfiguration().getName()).isEqualTo(before);
      for (int i = 0; i < 3; i++) {
        assertThat(sim.node("worker-" + i).host().root().resolve("etc/ocelot-undo")).doesNotExist();
      }
      assertThat(sim.node(name).reboots()).isEmpty(); // its reboot never ran, and none was needed
      r = undo(kubeconfig);
      assertThat(r[1]).contains("nothing to undo");
    }
  }

  static String[] undo(Path kubeconfig, String... more) {
    List<String> args =
        new java.util.ArrayList<>(
            List.of("rollout", "undo", "worker", "--kubeconfig", kubeconfig.toString()));
    args.addAll(List.of(more));
    return DescribeCommandIT.run(args.toArray(String[]::new));
  }

  static MachineConfigPool pool(KubernetesClient client) {
    return client.resources(MachineConfigPool.class).withName("worker").get();
  }

  static Node degraded(KubernetesClient client) {
    return client.nodes().list().getItems().stream()
        .filter(n -> "Degraded".equals(n.getMetadata().getAnnotations().get(NodeAnnotations.STATE)))
        .findFirst()
        .orElse(null);
  }

  static boolean allDoneOn(KubernetesClient client, String config) {
    return client.nodes().list().getItems().stream()
        .allMatch(
            n -> {
              Map<String, String> a = n.getMetadata().getAnnotations();
              return "Done".equals(a.get(NodeAnnotations.STATE))
                  && config.equals(a.get(NodeAnnotations.CURRENT_CONFIG))
                  && config.equals(a.get(NodeAnnotations.DESIRED_CONFIG));
            });
  }
}

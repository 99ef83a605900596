package io.ocelot.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.ocelot.api.model.MachineConfigPool;
import io.ocelot.api.node.NodeAnnotations;
import io.ocelot.sim.SimCluster;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code ocelot plan --node}: the plan against the cluster's current config — the rendered config
 * the node runs on one side, its pool's render with the given MachineConfigs on the other.
 */
class PlanNodeIT {
  static final Path EXAMPLES = Path.of("..", "examples").toAbsolutePath().normalize();

  @TempDir Path dir;

  @Test
  void plansAChangeForANodeFromWhatTheClusterSaysItRuns() throws Exception {
    try (SimCluster sim = CliSims.start(dir, 1)) {
      Path kubeconfig = Files.writeString(dir.resolve("kubeconfig"), sim.api().kubeconfig());
      String current =
          sim.client()
              .nodes()
              .withName("worker-0")
              .get()
              .getMetadata()
              .getAnnotations()
              .get(NodeAnnotations.CURRENT_CONFIG);
      String pooled =
          sim.client()
              .resources(MachineConfigPool.class)
              .withName("worker")
              .get()
              .getSpec()
              .getConfiguration()
              .getName();
      assertThat(current).isEqualTo(pooled);

      // Settled: its desired config is its current one.
      String[] r = plan(kubeconfig, "--node", "worker-0");
      assertThat(r[0]).as(r[2]).isEqualTo("0");
      assertThat(r[1])
          .startsWith(
              "From: MachineConfig: " + current + "\nTo:   MachineConfig: " + current + "\n")
          .contains("Nothing to do");

      // A change: the pool's MachineConfigs and this file, rendered on the node's defaults.
      r =
          plan(
              kubeconfig,
              "--node",
              "worker-0",
              "--desired",
              EXAMPLES.resolve("50-chrony.yaml") + "");
      assertThat(r[0]).as(r[2]).isEqualTo("0");
      assertThat(r[1])
          .startsWith("From: MachineConfig: " + current + "\nTo:   MachineConfig: rendered-worker-")
          .contains("Disruption: reboot (by MCO's legacy rules)")
          .contains("create file /etc/chrony.conf (0644 root:root, 112 bytes)")
          .doesNotContain("osImageURL"); // the same OS image on both sides
      r =
          plan(
              kubeconfig,
              "--node",
              "worker-0",
              "--desired",
              EXAMPLES.resolve("unreconcilable/90-data-disk.yaml") + "");
      assertThat(r[0]).isEqualTo("1");
      assertThat(r[1]).contains("Reconcilable: no");

      r = plan(kubeconfig, "--node", "nope");
      assertThat(r[0]).isEqualTo("2");
      assertThat(r[2]).isEqualTo("error: node nope not found\n");
      r =
          plan(
              kubeconfig,
              "--node",
              "worker-0",
              "--current",
              EXAMPLES.resolve("00-worker.yaml") + "");
      assertThat(r[0]).isEqualTo("2");
      assertThat(r[2]).startsWith("error: --node takes the current side");
    }
  }

  static String[] plan(Path kubeconfig, String... more) {
    List<String> args = new ArrayList<>(List.of("plan", "--kubeconfig", kubeconfig.toString()));
    args.addAll(List.of(more));
    return DescribeCommandIT.run(args.toArray(String[]::new));
  }
}

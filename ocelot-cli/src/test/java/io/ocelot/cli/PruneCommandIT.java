package io.ocelot.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.NodeBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.ocelot.api.ignition.IgnitionBuilder;
import io.ocelot.api.model.MachineConfig;
import io.ocelot.api.model.MachineConfigPool;
import io.ocelot.api.model.MachineConfigPoolSpec;
import io.ocelot.api.model.MachineConfigs;
import io.ocelot.api.model.PoolConfiguration;
import io.ocelot.api.node.NodeAnnotations;
import io.ocelot.apiserver.SharedControlPlane;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code ocelot prune renderedmachineconfigs} on the real control plane (issue 39 item 5): a dry
 * run by default; never a config a pool or a node names; only the pool asked for.
 */
class PruneCommandIT {
  @RegisterExtension
  static final SharedControlPlane plane =
      new SharedControlPlane().wiping(List.of(MachineConfigPool.class));

  final KubernetesClient client = plane.client;
  @TempDir Path dir;

  void rendered(String name) {
    MachineConfig mc = MachineConfigs.create(name, "worker", IgnitionBuilder.v3().build(), null);
    mc.getMetadata().setLabels(null);
    client.resources(MachineConfig.class).resource(mc).create();
  }

  @Test
  void deletesOnlyWhatNothingNamesAndOnlyWhenConfirmed() throws Exception {
    for (String n :
        List.of(
            "rendered-worker-a",
            "rendered-worker-b",
            "rendered-worker-c",
            "rendered-worker-d",
            "rendered-worker-old",
            "rendered-infra-x",
            "00-worker")) {
      rendered(n);
    }
    MachineConfigPool worker = new MachineConfigPool();
    worker.getMetadata().setName("worker");
    MachineConfigPoolSpec spec = new MachineConfigPoolSpec();
    spec.setConfiguration(new PoolConfiguration("rendered-worker-a", List.of()));
    worker.setSpec(spec);
    client.resources(MachineConfigPool.class).resource(worker).create();
    client
        .nodes()
        .resource(
            new NodeBuilder()
                .withNewMetadata()
                .withName("worker-0")
                .addToAnnotations(NodeAnnotations.CURRENT_CONFIG, "rendered-worker-b")
                .addToAnnotations(NodeAnnotations.DESIRED_CONFIG, "rendered-worker-c")
                .addToAnnotations(
                    NodeAnnotations.FAILED_TARGET,
                    "{\"config\":\"rendered-worker-d\",\"cost\":\"proven-bad\"}")
                .endMetadata()
                .build())
        .create();
    Path kubeconfig = Files.writeString(dir.resolve("kubeconfig"), plane.cluster.kubeconfig());

    String[] dry =
        DescribeCommandIT.run(
            "prune",
            "renderedmachineconfigs",
            "--pool-name",
            "worker",
            "--kubeconfig",
            kubeconfig.toString());
    assertThat(dry[0]).as(dry[2]).isEqualTo("0");
    assertThat(dry[1])
        .contains(
            "kept rendered-worker-a: in use by pool worker (spec)",
            "kept rendered-worker-b: in use by node worker-0 (current)",
            "kept rendered-worker-c: in use by node worker-0 (desired)",
            "kept rendered-worker-d: in use by node worker-0 (held failed target)",
            "would delete rendered-worker-old",
            "1 rendered config to delete (a dry run: --confirm deletes), 4 in use")
        .doesNotContain("rendered-infra-x", "00-worker");
    assertThat(client.resources(MachineConfig.class).withName("rendered-worker-old").get())
        .isNotNull();

    String[] done =
        DescribeCommandIT.run(
            "prune", "renderedmachineconfigs", "--confirm", "--kubeconfig", kubeconfig.toString());
    assertThat(done[0]).as(done[2]).isEqualTo("0");
    assertThat(done[1]).contains("deleted rendered-worker-old", "deleted rendered-infra-x");
    assertThat(client.resources(MachineConfig.class).list().getItems())
        .extracting(m -> m.getMetadata().getName())
        .containsExactlyInAnyOrder(
            "rendered-worker-a",
            "rendered-worker-b",
            "rendered-worker-c",
            "rendered-worker-d",
            "00-worker");

    String[] missing =
        DescribeCommandIT.run(
            "prune",
            "renderedmachineconfigs",
            "--pool-name",
            "nope",
            "--kubeconfig",
            kubeconfig.toString());
    assertThat(missing[0]).isEqualTo("2");
    assertThat(missing[2]).isEqualTo("error: pool nope not found\n");
  }
}

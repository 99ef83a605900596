package io.ocelot.controller;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.fabric8.kubernetes.api.model.NamespaceBuilder;
import io.fabric8.kubernetes.api.model.coordination.v1.Lease;
import io.fabric8.kubernetes.api.model.coordination.v1.LeaseBuilder;
import io.ocelot.api.node.NodeAnnotations;
import io.ocelot.controller.rollout.RebootLeases;
import java.nio.file.Path;
import java.time.Duration;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.Optional;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 40 item 5, on the real control plane: Ocelot takes a node's reboot lease before it targets
 * the node and gives it back once the node is done; a node whose lease another holder (kured, say)
 * has is passed over — the pool's Updating message names the holder — until that holder lets go; a
 * lease its holder stopped renewing expires and is taken over.
 */
class RebootLeaseIT {
  static final String NS = ControllerSettings.DEFAULT_NAMESPACE;

  @TempDir Path dir;
  ControllerHarness cluster;

  @AfterEach
  void stop() {
    if (cluster != null) {
      cluster.close();
    }
  }

  Lease kured(String node, ZonedDateTime renewed) {
    return cluster
        .client
        .leases()
        .inNamespace(NS)
        .resource(
            new LeaseBuilder()
                .withNewMetadata()
                .withName(RebootLeases.PREFIX + node)
                .endMetadata()
                .withNewSpec()
                .withHolderIdentity("kured")
                .withLeaseDurationSeconds(600)
                .withAcquireTime(renewed)
                .withRenewTime(renewed)
                .endSpec()
                .build())
        .create();
  }

  Optional<String> holder(String node) {
    return Optional.ofNullable(
            cluster.client.leases().inNamespace(NS).withName(RebootLeases.PREFIX + node).get())
        .map(l -> l.getSpec().getHolderIdentity());
  }

  @Test
  void aNodeAnotherControllerHoldsWaitsAndOcelotHoldsWhatItUpdates() throws Exception {
    cluster = ControllerHarness.onKube(dir);
    cluster
        .client
        .namespaces()
        .resource(new NamespaceBuilder().withNewMetadata().withName(NS).endMetadata().build())
        .create();
    cluster.daemons(1500);
    cluster.example("00-worker.yaml");
    cluster.pool(3);
    cluster.startController();
    String base = cluster.awaitRendered(Optional.empty());
    IntStream.range(0, 3).forEach(i -> cluster.node("worker-" + i, null, base));
    cluster.awaitUpdated(base, 3, Duration.ofSeconds(60));
    ZonedDateTime now = ZonedDateTime.now(ZoneOffset.UTC);
    kured("worker-1", now); // rebooting it right now
    kured("worker-2", now.minusHours(2)); // stopped renewing long ago: expired

    cluster.example("50-chrony.yaml");
    String next = cluster.awaitRendered(Optional.of(base));
    // worker-0 and worker-2 go (worker-2's stale lease taken over), holding their leases.
    await()
        .atMost(Duration.ofSeconds(30))
        .until(
            () -> cluster.targetedAt(next).containsAll(java.util.List.of("worker-0", "worker-2")));
    assertThat(cluster.targetedAt(next)).doesNotContain("worker-1");
    assertThat(holder("worker-2")).contains(RebootLeases.HOLDER);
    assertThat(
            cluster
                .client
                .leases()
                .inNamespace(NS)
                .withName(RebootLeases.PREFIX + "worker-2")
                .get()
                .getSpec()
                .getLeaseTransitions())
        .isEqualTo(1);
    var waiting =
        cluster.awaitCondition("Updating", c -> c.getMessage().contains("is held by kured"));
    assertThat(waiting.getMessage())
        .startsWith(
            "waiting: reboot lease reboot-worker-1 of node worker-1 is held by kured (until ");
    // Done: Ocelot gives its leases back; worker-1 still waits for kured.
    await()
        .atMost(Duration.ofSeconds(30))
        .until(() -> holder("worker-0").isEmpty() && holder("worker-2").isEmpty());
    assertThat(cluster.targetedAt(next)).doesNotContain("worker-1");
    assertThat(holder("worker-1")).contains("kured");
    // The node says who keeps it waiting (its daemon shows it on its MachineConfigNode).
    assertThat(annotations("worker-1"))
        .containsEntry(
            NodeAnnotations.REBOOT_LEASE_HELD, "reboot lease reboot-worker-1 is held by kured");

    // kured lets go: worker-1 is taken at once (the controller watches the leases), not at the
    // minute's resync.
    cluster.client.leases().inNamespace(NS).withName(RebootLeases.PREFIX + "worker-1").delete();
    await().atMost(Duration.ofSeconds(20)).until(() -> cluster.targetedAt(next).size() == 3);
    cluster.awaitUpdated(next, 3, Duration.ofSeconds(30));
    await().atMost(Duration.ofSeconds(30)).until(() -> holder("worker-1").isEmpty());
    assertThat(annotations("worker-1")).doesNotContainKey(NodeAnnotations.REBOOT_LEASE_HELD);
  }

  private java.util.Map<String, String> annotations(String node) {
    return cluster.client.nodes().withName(node).get().getMetadata().getAnnotations();
  }
}

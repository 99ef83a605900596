package io.ocelot.sim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.fabric8.kubernetes.api.model.Condition;
import io.fabric8.kubernetes.api.model.coordination.v1.LeaseBuilder;
import io.ocelot.api.model.MachineConfigNode;
import io.ocelot.api.node.NodeAnnotations;
import io.ocelot.controller.ControllerSettings;
import io.ocelot.controller.rollout.RebootLeases;
import java.nio.file.Path;
import java.time.Duration;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 40 item 5 through the real daemon: a node whose reboot lease another holder (kured) has
 * waits, and its own MachineConfigNode says who holds it; once kured lets go the node updates and
 * the condition says so.
 */
class RebootLeaseSimIT {
  static final String NODE = "worker-0";

  @TempDir Path dir;
  SimCluster sim;

  @AfterEach
  void stop() {
    if (sim != null) {
      sim.close();
    }
  }

  @Test
  void aNodeWaitingForAnotherHoldersLeaseSaysSoOnItsMachineConfigNode() throws Exception {
    sim = SmallSims.twoWorkers(dir);
    String base = SmallSims.rendered(sim, "worker");
    ZonedDateTime now = ZonedDateTime.now(ZoneOffset.UTC);
    sim.client()
        .leases()
        .inNamespace(ControllerSettings.DEFAULT_NAMESPACE)
        .resource(
            new LeaseBuilder()
                .withNewMetadata()
                .withName(RebootLeases.PREFIX + NODE)
                .endMetadata()
                .withNewSpec()
                .withHolderIdentity("kured")
                .withLeaseDurationSeconds(600)
                .withAcquireTime(now)
                .withRenewTime(now)
                .endSpec()
                .build())
        .create();
    sim.client()
        .resources(io.ocelot.api.model.MachineConfig.class)
        .resource(SmallSims.workerFile("60-leased", "/etc/leased.conf", "x"))
        .create();

    await()
        .atMost(Duration.ofSeconds(60))
        .untilAsserted(
            () ->
                assertThat(leaseCondition())
                    .hasValueSatisfying(
                        c -> {
                          assertThat(c.getStatus()).isEqualTo("True");
                          assertThat(c.getReason()).isEqualTo("HeldByAnother");
                          assertThat(c.getMessage())
                              .isEqualTo(
                                  "reboot lease reboot-worker-0 is held by kured; the node waits"
                                      + " for it");
                        }));
    assertThat(annotation(NodeAnnotations.CURRENT_CONFIG)).isEqualTo(base);

    sim.client()
        .leases()
        .inNamespace(ControllerSettings.DEFAULT_NAMESPACE)
        .withName(RebootLeases.PREFIX + NODE)
        .delete();
    String next = SmallSims.rendered(sim, "worker");
    await()
        .atMost(Duration.ofSeconds(60))
        .untilAsserted(
            () -> {
              assertThat(annotation(NodeAnnotations.CURRENT_CONFIG)).isEqualTo(next);
              assertThat(annotation(NodeAnnotations.STATE)).isEqualTo("Done");
              assertThat(leaseCondition().map(Condition::getStatus)).contains("False");
              assertThat(leaseCondition().map(Condition::getReason)).contains("Released");
            });
    assertThat(sim.client().nodes().withName(NODE).get().getMetadata().getAnnotations())
        .doesNotContainKey(NodeAnnotations.REBOOT_LEASE_HELD);
  }

  private Optional<Condition> leaseCondition() {
    MachineConfigNode mcn = sim.client().resources(MachineConfigNode.class).withName(NODE).get();
    return mcn == null || mcn.getStatus() == null
        ? Optional.empty()
        : mcn.getStatus().getConditions().stream()
            .filter(c -> "RebootLeaseHeld".equals(c.getType()))
            .findFirst();
  }

  private String annotation(String key) {
    return sim.client().nodes().withName(NODE).get().getMetadata().getAnnotations().get(key);
  }
}

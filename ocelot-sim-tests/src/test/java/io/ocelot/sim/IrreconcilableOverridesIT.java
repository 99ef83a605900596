package io.ocelot.sim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import io.fabric8.kubernetes.api.model.Event;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.utils.Serialization;
import io.ocelot.api.model.IrreconcilableChangeDiff;
import io.ocelot.api.model.MachineConfig;
import io.ocelot.api.model.MachineConfigNode;
import io.ocelot.api.model.MachineConfigPool;
import io.ocelot.api.model.MachineConfigPoolCondition;
import io.ocelot.api.node.NodeAnnotations;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 39 item 2 on the whole sim (real control plane, controller, daemons): a MachineConfig that
 * adds a disk is refused (RenderDegraded) until MachineConfiguration/cluster's
 * irreconcilableValidationOverrides name Disks; then the pool renders it and every existing node
 * moves to the new config without applying the disk (nor rebooting), saying so in an event.
 */
class IrreconcilableOverridesIT {
  static final List<String> WORKERS = List.of("worker-0", "worker-1");

  @TempDir Path dir;
  SimCluster sim;

  @AfterEach
  void stop() {
    if (sim != null) {
      sim.close();
    }
  }

  /** MachineConfiguration/cluster as YAML (sent as written: the server judges it). */
  static String cluster(String storage) {
    return """
        apiVersion: operator.openshift.io/v1
        kind: MachineConfiguration
        metadata: {name: cluster}
        spec:
          managementState: Managed
          irreconcilableValidationOverrides: {storage: %s}
        """
        .formatted(storage);
  }

  @Test
  void aDiskChangeIsRefusedUntilOverriddenThenSkippedByExistingNodes() throws Exception {
    sim = SmallSims.twoWorkers(dir);
    String base = rendered();
    Map<String, String> boots = new java.util.HashMap<>();
    for (String n : WORKERS) {
      boots.put(n, sim.node(n).host().bootId());
    }
    sim.client()
        .resources(MachineConfig.class)
        .resource(
            Serialization.unmarshal(
                """
                apiVersion: machineconfiguration.openshift.io/v1
                kind: MachineConfig
                metadata:
                  name: 60-data-disk
                  labels: {machineconfiguration.openshift.io/role: worker}
                spec:
                  config:
                    ignition: {version: 3.4.0}
                    storage:
                      disks:
                      - device: /dev/vdb
                        partitions: [{label: data}]
                """,
                MachineConfig.class))
        .create();
    await()
        .atMost(Duration.ofSeconds(30))
        .until(
            () ->
                condition("RenderDegraded")
                    .filter(c -> "True".equals(c.getStatus()))
                    .filter(c -> c.getMessage().contains("ignition disks section contains changes"))
                    .isPresent());
    assertThat(rendered()).isEqualTo(base);

    // The schema refuses what upstream's does.
    assertThatThrownBy(() -> sim.client().resource(cluster("[Tapes]")).create())
        .isInstanceOf(KubernetesClientException.class)
        .hasMessageContaining("Unsupported value: \"Tapes\"");
    assertThatThrownBy(() -> sim.client().resource(cluster("[Disks, Disks]")).create())
        .isInstanceOf(KubernetesClientException.class)
        .hasMessageContaining("storage must not contain duplicates");

    sim.client().resource(cluster("[Disks]")).create();
    await().atMost(Duration.ofSeconds(30)).until(() -> !rendered().equals(base));
    String next = rendered();
    await()
        .atMost(Duration.ofSeconds(60))
        .until(
            () ->
                WORKERS.stream()
                    .allMatch(
                        n ->
                            next.equals(annotation(n, NodeAnnotations.CURRENT_CONFIG))
                                && "Done".equals(annotation(n, NodeAnnotations.STATE))));
    for (String n : WORKERS) {
      await()
          .atMost(Duration.ofSeconds(10))
          .until(() -> !events(n, "IrreconcilableChangeSkipped").isEmpty());
      assertThat(events(n, "IrreconcilableChangeSkipped").get(0).getMessage())
          .isEqualTo(
              "skipped the storage.disks change: an existing node cannot apply it; nodes"
                  + " provisioned from now on get it (irreconcilableValidationOverrides)");
      assertThat(sim.node(n).host().bootId()).as(n + " did not reboot").isEqualTo(boots.get(n));
      // Its MachineConfigNode says what it lacks, as upstream's irreconcilableChanges.
      await()
          .atMost(Duration.ofSeconds(10))
          .untilAsserted(
              () ->
                  assertThat(reported(n))
                      .containsExactly(
                          new IrreconcilableChangeDiff(
                              "spec.config.storage.disks",
                              "- (none)\n+ [{\"device\":\"/dev/vdb\",\"partitions\":"
                                  + "[{\"label\":\"data\"}]}]")));
    }

    // The disk's MachineConfig goes: the nodes have all of their target again, and say so.
    sim.client().resources(MachineConfig.class).withName("60-data-disk").delete();
    await()
        .atMost(Duration.ofSeconds(60))
        .untilAsserted(
            () -> {
              for (String n : WORKERS) {
                assertThat(annotation(n, NodeAnnotations.CURRENT_CONFIG)).isEqualTo(base);
                assertThat(reported(n)).isNull();
              }
            });
    assertThat(condition("RenderDegraded").map(MachineConfigPoolCondition::getStatus))
        .contains("False");
  }

  /** What the node's MachineConfigNode says it lacks of its target. */
  private List<IrreconcilableChangeDiff> reported(String node) {
    return sim.client()
        .resources(MachineConfigNode.class)
        .withName(node)
        .get()
        .getStatus()
        .getIrreconcilableChanges();
  }

  private String rendered() {
    return SmallSims.rendered(sim, "worker");
  }

  private Optional<MachineConfigPoolCondition> condition(String type) {
    MachineConfigPool p = sim.client().resources(MachineConfigPool.class).withName("worker").get();
    return p.getStatus() == null
        ? Optional.empty()
        : p.getStatus().getConditions().stream().filter(c -> type.equals(c.getType())).findFirst();
  }

  private String annotation(String node, String key) {
    return sim.client().nodes().withName(node).get().getMetadata().getAnnotations().get(key);
  }

  private List<Event> events(String node, String reason) {
    return sim.client().v1().events().inNamespace("default").list().getItems().stream()
        .filter(e -> reason.equals(e.getReason()))
        .filter(e -> node.equals(e.getInvolvedObject().getName()))
        .toList();
  }
}

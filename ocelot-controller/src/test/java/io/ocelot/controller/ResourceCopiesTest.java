package io.ocelot.controller;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.NodeBuilder;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import io.ocelot.api.model.MachineConfigPool;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ResourceCopiesTest {
  final KubernetesSerialization json = new KubernetesSerialization();
  final ResourceCopies copies = new ResourceCopies(json);

  Node node() {
    return new NodeBuilder()
        .withNewMetadata()
        .withName("worker-0")
        .withResourceVersion("42")
        .addToAnnotations("machineconfiguration.openshift.io/state", "Done")
        .addToLabels("node-role.kubernetes.io/worker", "")
        .endMetadata()
        .withNewSpec()
        .addNewTaint()
        .withKey("dedicated")
        .withEffect("NoSchedule")
        .endTaint()
        .endSpec()
        .withNewStatus()
        .addNewCondition()
        .withType("Ready")
        .withStatus("True")
        .endCondition()
        .withCapacity(Map.of("cpu", new Quantity("4")))
        .withNewNodeInfo()
        .withBootID("b-1")
        .endNodeInfo()
        .endStatus()
        .build();
  }

  @Test
  void aNodeCopyIsEqualAndSharesNothingAReconcilerMightChange() {
    Node original = node();
    String before = json.asJson(original);
    Node copy = copies.clone(original);

    assertThat(json.asJson(copy)).isEqualTo(before);
    copy.getMetadata().getAnnotations().put("machineconfiguration.openshift.io/state", "Working");
    copy.getMetadata().getLabels().clear();
    copy.getSpec().getTaints().get(0).setEffect("NoExecute");
    copy.getSpec().setUnschedulable(true);
    copy.getStatus().getConditions().get(0).setStatus("False");
    copy.getStatus().getNodeInfo().setBootID("b-2");
    assertThat(json.asJson(original)).isEqualTo(before);
  }

  @Test
  void otherKindsAreCopiedThroughJson() {
    MachineConfigPool pool = new MachineConfigPool();
    pool.getMetadata().setName("worker");
    MachineConfigPool copy = copies.clone(pool);
    assertThat(copy).isNotSameAs(pool);
    assertThat(json.asJson(copy)).isEqualTo(json.asJson(pool));
  }
}

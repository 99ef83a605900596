package io.ocelot.controller;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.NodeBuilder;
import org.junit.jupiter.api.Test;

class NodeChangesTest {
  private final NodeChanges filter = new NodeChanges();

  private static Node node() {
    return new NodeBuilder()
        .withNewMetadata()
        .withName("worker-0")
        .withResourceVersion("1")
        .addToLabels("node-role.kubernetes.io/worker", "")
        .addToAnnotations("machineconfiguration.openshift.io/desiredDrain", "drain-a")
        .endMetadata()
        .withNewSpec()
        .endSpec()
        .withNewStatus()
        .addNewCondition()
        .withType("Ready")
        .withStatus("True")
        .endCondition()
        .endStatus()
        .build();
  }

  @Test
  void aKubeletStatusWriteStartsNoReconcile() {
    Node after =
        new NodeBuilder(node())
            .editMetadata()
            .withResourceVersion("2")
            .endMetadata()
            .editStatus()
            .editFirstCondition()
            .withStatus("False")
            .endCondition()
            .endStatus()
            .build();

    assertThat(filter.accept(after, node())).isFalse();
  }

  @Test
  void whatTheNodeReconcilersReadStartsOne() {
    assertThat(
            filter.accept(
                new NodeBuilder(node())
                    .editMetadata()
                    .addToAnnotations(
                        "machineconfiguration.openshift.io/desiredDrain", "uncordon-a")
                    .endMetadata()
                    .build(),
                node()))
        .as("an annotation")
        .isTrue();
    assertThat(
            filter.accept(
                new NodeBuilder(node()).editMetadata().addToLabels("x", "y").endMetadata().build(),
                node()))
        .as("a label (pool membership)")
        .isTrue();
    assertThat(
            filter.accept(
                new NodeBuilder(node()).editSpec().withUnschedulable(true).endSpec().build(),
                node()))
        .as("the spec (cordon)")
        .isTrue();
    assertThat(
            filter.accept(
                new NodeBuilder(node())
                    .editMetadata()
                    .withDeletionTimestamp("2026-12-05T00:00:00Z")
                    .endMetadata()
                    .build(),
                node()))
        .as("the deletion")
        .isTrue();
  }
}

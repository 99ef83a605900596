package io.ocelot.controller.members;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.LabelSelectorBuilder;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.NodeBuilder;
import io.ocelot.api.kube.LabelSelectors;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Nodes as a server may hand them over: maps absent, empty, or holding nulls. */
class PoolNodeTest {
  private static Node node(Map<String, String> labels, Map<String, String> annotations) {
    Node n = new NodeBuilder().withNewMetadata().withName("worker-0").endMetadata().build();
    n.getMetadata().setLabels(labels);
    n.getMetadata().setAnnotations(annotations);
    return n;
  }

  @Test
  void aRemovedLabelStoredAsNullIsAbsent() {
    Map<String, String> labels = new HashMap<>();
    labels.put("node-role.kubernetes.io/worker", "");
    labels.put("a", null);
    Map<String, String> annotations = new HashMap<>();
    annotations.put("machineconfiguration.openshift.io/state", null);

    PoolNode n = PoolNode.of(node(labels, annotations));

    assertThat(n.labels()).containsOnlyKeys("node-role.kubernetes.io/worker");
    assertThat(n.annotations()).isEmpty();
    assertThat(
            LabelSelectors.matches(
                new LabelSelectorBuilder()
                    .addNewMatchExpression()
                    .withKey("a")
                    .withOperator("DoesNotExist")
                    .endMatchExpression()
                    .build(),
                labels))
        .isTrue();
  }

  @Test
  void absentMapsAreEmpty() {
    PoolNode n = PoolNode.of(node(null, null));
    assertThat(n.labels()).isEmpty();
    assertThat(n.annotations()).isEmpty();
  }

  @Test
  void aSelectorWithANullValueOrOperatorMatchesNothingRatherThanThrowing() {
    Map<String, String> nullValue = new HashMap<>();
    nullValue.put("a", null);
    assertThat(
            LabelSelectors.matches(
                new LabelSelectorBuilder().withMatchLabels(nullValue).build(), Map.of("a", "b")))
        .isFalse();
    assertThat(
            LabelSelectors.matches(
                new LabelSelectorBuilder()
                    .addNewMatchExpression()
                    .withKey("a")
                    .endMatchExpression()
                    .build(),
                Map.of("a", "b")))
        .isFalse();
  }
}

package io.ocelot.api.node;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Optional;
import org.junit.jupiter.api.Test;

class NodeProtocolTest {

  @Test
  void annotationKeysAreTheContractsExactly() {
    assertThat(NodeAnnotations.CURRENT_CONFIG)
        .isEqualTo("machineconfiguration.openshift.io/currentConfig");
    assertThat(NodeAnnotations.DESIRED_IMAGE)
        .isEqualTo("machineconfiguration.openshift.io/desiredImage");
    assertThat(NodeAnnotations.LAST_APPLIED_DRAIN)
        .isEqualTo("machineconfiguration.openshift.io/lastAppliedDrain");
    assertThat(NodeAnnotations.POST_CONFIG_ACTION)
        .isEqualTo("machineconfiguration.openshift.io/post-config-action");
    assertThat(NodeAnnotations.LAST_FAILURE).isEqualTo("ocelot.io/last-failure");
  }

  @Test
  void statesParseAsMcoReadsThem() {
    assertThat(NodeState.fromAnnotation(null)).contains(NodeState.DONE);
    assertThat(NodeState.fromAnnotation("")).contains(NodeState.DONE);
    assertThat(NodeState.fromAnnotation("Unreconcilable")).contains(NodeState.UNRECONCILABLE);
    assertThat(NodeState.fromAnnotation("Rebooting")).isEmpty();
    assertThat(NodeState.DEGRADED.value()).isEqualTo("Degraded");
    assertThat(NodeState.DEGRADED.isFailing()).isTrue();
    assertThat(NodeState.WORKING.isFailing()).isFalse();
  }

  @Test
  void drainValuesRoundTrip() {
    DrainRequest d = DrainRequest.drain("rendered-worker-abc");
    assertThat(d.value()).isEqualTo("drain-rendered-worker-abc");
    assertThat(DrainRequest.parse(d.value())).contains(d);
    assertThat(DrainRequest.parse("uncordon-rendered-worker-abc"))
        .contains(DrainRequest.uncordon("rendered-worker-abc"));
    assertThat(DrainRequest.parse("evict-x")).isEmpty();
    assertThat(DrainRequest.parse("drain-")).isEqualTo(Optional.empty());
  }
}

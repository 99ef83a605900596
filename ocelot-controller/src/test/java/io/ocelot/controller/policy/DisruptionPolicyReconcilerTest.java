package io.ocelot.controller.policy;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import io.ocelot.api.operator.Action;
import io.ocelot.api.operator.MachineConfiguration;
import io.ocelot.api.operator.MachineConfigurationSpec;
import io.ocelot.api.operator.MachineConfigurationStatus;
import io.ocelot.api.operator.NodeDisruptionPolicies;
import io.ocelot.api.operator.NodeDisruptionPolicy;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The status the controller computes for MachineConfiguration/cluster. */
class DisruptionPolicyReconcilerTest {
  static MachineConfiguration mc(String name, long generation, MachineConfigurationSpec spec) {
    MachineConfiguration mc = new MachineConfiguration();
    mc.setMetadata(new ObjectMetaBuilder().withName(name).withGeneration(generation).build());
    mc.setSpec(spec);
    return mc;
  }

  @Test
  void anEmptySpecGetsTheDefaultsForItsGeneration() {
    MachineConfigurationStatus s =
        DisruptionPolicyReconciler.status(mc("cluster", 3, new MachineConfigurationSpec()));
    assertThat(s.observedGeneration()).isEqualTo(3L);
    assertThat(s.nodeDisruptionPolicyStatus().clusterPolicies())
        .isEqualTo(NodeDisruptionPolicies.DEFAULTS);
  }

  @Test
  void theAdminsPolicyIsMergedAndAnUpToDateStatusIsNotWrittenAgain() {
    NodeDisruptionPolicy admin =
        new NodeDisruptionPolicy(
            List.of(
                new NodeDisruptionPolicy.File(
                    "/etc/chrony.conf", List.of(Action.restart("chronyd.service")))),
            List.of(),
            null);
    MachineConfiguration mc =
        mc("cluster", 2, new MachineConfigurationSpec(null, null, null, admin));
    MachineConfigurationStatus s = DisruptionPolicyReconciler.status(mc);
    assertThat(s.nodeDisruptionPolicyStatus().clusterPolicies().files())
        .extracting(NodeDisruptionPolicy.File::path)
        .endsWith("/etc/chrony.conf");
    DisruptionPolicyReconciler r = new DisruptionPolicyReconciler();
    assertThat(r.reconcile(mc, null).isPatchStatus()).isTrue();
    mc.setStatus(s);
    assertThat(r.reconcile(mc, null).isNoUpdate()).isTrue();
  }

  @Test
  void anotherNameIsLeftAlone() {
    assertThat(
            new DisruptionPolicyReconciler()
                .reconcile(mc("mine", 1, new MachineConfigurationSpec()), null)
                .isNoUpdate())
        .isTrue();
  }
}

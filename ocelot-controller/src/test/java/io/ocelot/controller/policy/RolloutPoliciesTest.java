package io.ocelot.controller.policy;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.LabelSelectorBuilder;
import io.ocelot.api.model.MachineConfigPool;
import io.ocelot.api.policy.RolloutPolicy;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RolloutPoliciesTest {
  static MachineConfigPool pool(String name, Map<String, String> labels) {
    MachineConfigPool p = new MachineConfigPool();
    p.getMetadata().setName(name);
    p.getMetadata().setLabels(labels);
    return p;
  }

  static RolloutPolicy byName(String name, Integer maxFailed, String... pools) {
    RolloutPolicy p = new RolloutPolicy();
    p.getMetadata().setName(name);
    p.getSpec().getPools().setNames(List.of(pools));
    p.getSpec().setMaxFailedNodes(maxFailed);
    return p;
  }

  static RolloutPolicy byLabel(String name, String key, String value) {
    RolloutPolicy p = new RolloutPolicy();
    p.getMetadata().setName(name);
    p.getSpec()
        .getPools()
        .setSelector(new LabelSelectorBuilder().addToMatchLabels(key, value).build());
    return p;
  }

  @Test
  void aPoolNoPolicySelectsKeepsTheDefaults() {
    RolloutPolicies.Resolution r =
        RolloutPolicies.forPool(pool("worker", Map.of()), List.of(byName("infra", 3, "infra")));
    assertThat(r).isEqualTo(new RolloutPolicies.None());
    assertThat(r.maxFailedNodes()).isEqualTo(1);
    assertThat(r.windows()).isEmpty();
  }

  @Test
  void aPolicySelectsByNameOrLabel() {
    RolloutPolicy named = byName("workers", 0, "worker");
    RolloutPolicies.Resolution r =
        RolloutPolicies.forPool(pool("worker", Map.of()), List.of(named));
    assertThat(r).isEqualTo(new RolloutPolicies.Applies(named));
    assertThat(r.maxFailedNodes()).isZero();
    RolloutPolicy labelled = byLabel("gpu", "ocelot.io/tier", "gpu");
    assertThat(
            RolloutPolicies.forPool(
                pool("gpu", Map.of("ocelot.io/tier", "gpu")), List.of(labelled)))
        .isEqualTo(new RolloutPolicies.Applies(labelled));
    assertThat(
            RolloutPolicies.forPool(
                pool("cpu", Map.of("ocelot.io/tier", "cpu")), List.of(labelled)))
        .isEqualTo(new RolloutPolicies.None());
  }

  @Test
  void twoPoliciesSelectingOnePoolIsAnOverlapAndNeitherApplies() {
    RolloutPolicies.Resolution r =
        RolloutPolicies.forPool(
            pool("worker", Map.of("tier", "a")),
            List.of(byLabel("zeta", "tier", "a"), byName("alpha", 5, "worker")));
    assertThat(r).isEqualTo(new RolloutPolicies.Overlap(List.of("alpha", "zeta")));
    assertThat(r.maxFailedNodes()).isEqualTo(1);
  }
}

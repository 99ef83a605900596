package io.ocelot.controller.members;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.LabelSelectorBuilder;
import io.ocelot.api.model.MachineConfigPool;
import io.ocelot.api.model.MachineConfigPoolSpec;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class PoolMembershipTest {
  static MachineConfigPool pool(String name, String label) {
    MachineConfigPool p = new MachineConfigPool();
    p.getMetadata().setName(name);
    MachineConfigPoolSpec spec = new MachineConfigPoolSpec();
    spec.setNodeSelector(new LabelSelectorBuilder().addToMatchLabels(label, "").build());
    p.setSpec(spec);
    return p;
  }

  static final List<MachineConfigPool> POOLS =
      List.of(
          pool("master", "node-role.kubernetes.io/master"),
          pool("worker", "node-role.kubernetes.io/worker"),
          pool("infra", "node-role.kubernetes.io/infra"),
          pool("gpu", "node-role.kubernetes.io/gpu"));

  static PoolMembership.Result of(String... roles) {
    Map<String, String> labels = new java.util.HashMap<>();
    for (String r : roles) {
      labels.put("node-role.kubernetes.io/" + r, "");
    }
    return PoolMembership.of(labels, POOLS);
  }

  @Test
  void masterWinsThenASingleCustomPoolThenWorker() {
    assertThat(of("worker")).isEqualTo(new PoolMembership.Member("worker"));
    assertThat(of("worker", "infra")).isEqualTo(new PoolMembership.Member("infra"));
    assertThat(of("master", "worker", "infra")).isEqualTo(new PoolMembership.Member("master"));
    assertThat(of("infra")).isEqualTo(new PoolMembership.Member("infra"));
    assertThat(of()).isEqualTo(new PoolMembership.NoPool());
  }

  @Test
  void twoCustomPoolsMeanNone() {
    assertThat(of("worker", "infra", "gpu"))
        .isEqualTo(new PoolMembership.Ambiguous(List.of("gpu", "infra")));
    assertThat(
            PoolMembership.primary(
                Map.of("node-role.kubernetes.io/infra", "", "node-role.kubernetes.io/gpu", ""),
                POOLS))
        .isEmpty();
  }
}
